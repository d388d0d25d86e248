//! The fast paths (`Simulation::coast`, `coast_lanes`) take the integrator's free-flight
//! step: it is the Newton solve's own step, bit for bit, and a throw coasted is the throw
//! stepped one solve at a time.

use ipc_wall::integrator::FreeFlight;
use ipc_wall::{Horizon, Model, Params, Simulation, ThrowResult};

fn cases() -> Vec<Params> {
    let mut out = Vec::new();
    for v0 in [0.3, 1.0, 5.0, 20.0, 50.0] {
        for h in [0.002, 0.01, 0.03] {
            out.push(Params::default().with_v0(v0).unwrap().with_h(h).unwrap());
        }
    }
    out
}

fn bits(r: &ThrowResult) -> (ipc_wall::Outcome, u64, u32, u64, bool) {
    (r.outcome, r.xmax_minus_wall.to_bits(), r.newton_max, r.steps, r.converged)
}

#[test]
fn a_free_flight_step_is_the_newton_solve_bit_for_bit() {
    let mut free = 0;
    for p in cases() {
        for model in Model::ALL {
            let mut sim = Simulation::new(&p, model, Horizon::UntilDecided);
            let integrator = *sim.integrator();
            while sim.outcome() == ipc_wall::Outcome::Flying {
                let (x, v) = (sim.x(), sim.v());
                let flight = integrator.free_flight(x, v);
                let (sol, v_new, x_tilde) = integrator.step(x, v, None);
                if let Some(f) = flight {
                    free += 1;
                    assert_eq!(f.solution(), sol, "{model:?} at x = {x}, v = {v}");
                    assert_eq!((f.v.to_bits(), f.x_tilde.to_bits()), (v_new.to_bits(), x_tilde.to_bits()));
                    assert_eq!(sol.iterations, FreeFlight::ITERATIONS);
                }
                sim.step();
            }
        }
    }
    assert!(free > 1000, "{free} free-flight steps");
}

#[test]
fn a_coasted_throw_is_the_throw_stepped_one_solve_at_a_time() {
    for p in cases() {
        for model in Model::ALL {
            for horizon in [Horizon::UntilDecided, Horizon::Steps(80)] {
                // A traced throw never coasts: every step is Integrator::solve.
                let mut stepped = Simulation::new(&p, model, horizon).with_trace();
                while stepped.step().is_some() {}
                let mut coasted = Simulation::new(&p, model, horizon);
                let coasted = coasted.run();
                assert_eq!(bits(&coasted), bits(&stepped.result()), "{model:?} v0 = {} h = {}", p.v0, p.h);
                let lanes = ipc_wall::sim::throw_lanes(&[p, p], model, horizon);
                assert_eq!(bits(&lanes[1]), bits(&coasted));
            }
        }
    }
}

/// At small d̂ and κ the CCD line search glues the IPC ball to the face at rest, and every
/// step after repeats the last until the duration cap: `run` jumps over those repeats
/// (`Simulation::skip_repeats`), and the result is still the throw stepped one solve at a time.
#[test]
fn a_throw_glued_to_the_face_skips_to_the_cap_bit_for_bit() {
    let mut glued = 0;
    for (v0, h) in [(97.3, 1.02e-4), (3.25, 1.02e-4), (0.103, 4.84e-4), (18.3, 2.23e-4)] {
        let p = Params { kappa: 251.0, dhat: 1.6e-5, ..Params::default() }
            .with_v0(v0)
            .unwrap()
            .with_h(h)
            .unwrap();
        for horizon in [Horizon::UntilDecided, Horizon::Steps(5000)] {
            let mut stepped = Simulation::new(&p, Model::Ipc, horizon).with_trace();
            let mut repeats = 0u64;
            let mut last = (f64::NAN, f64::NAN);
            while stepped.step().is_some() {
                repeats += u64::from((stepped.x(), stepped.v()) == last);
                last = (stepped.x(), stepped.v());
            }
            glued += u64::from(repeats > 1000);
            let run = Simulation::new(&p, Model::Ipc, horizon).run();
            assert_eq!(bits(&run), bits(&stepped.result()), "v0 = {v0} h = {h} {horizon:?}");
            let both = ipc_wall::sim::throw_both(&p, horizon);
            assert_eq!(bits(&both[1]), bits(&run));
            let lanes = ipc_wall::sim::throw_both_lanes(&[p, p], horizon);
            assert_eq!(bits(&lanes[0][1]), bits(&run));
        }
    }
    assert!(glued >= 4, "only {glued} throws dwelt at rest on the face");
}
