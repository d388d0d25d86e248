//! Both halves of the guarantee, each alone (issue 12): the barrier with the plain line
//! search, and the CCD-filtered line search with penalty energy, at the article's six speeds.
#![cfg(not(target_arch = "wasm32"))]

use ipc_wall::energy::UnsignedBarrierEnergy;
use ipc_wall::sim::throw;
use ipc_wall::table::ARTICLE_V0;
use ipc_wall::{Horizon, Integrator, Model, Outcome, Params, Simulation};

fn at(v0: f64) -> Params {
    Params { v0, ..Params::default() }
}

#[test]
fn barrier_alone_stops_slow_balls_and_lets_fast_ones_through_in_two_iterations() {
    let want = [(1.0, Some(166.4), 8), (2.0, Some(71.0), 10)];
    for (v0, gap_um, newton) in want {
        let r = throw(&at(v0), Model::BarrierAlone, Horizon::Steps(80));
        assert_eq!(r.outcome, Outcome::Stopped, "v0 = {v0}");
        assert_eq!(format!("{:.1}", -r.xmax_minus_wall * 1e6), format!("{:.1}", gap_um.unwrap()));
        assert_eq!(r.newton_max, newton, "v0 = {v0}");
        assert!(r.converged && !r.touching);
    }
    for v0 in [5.0, 10.0, 20.0, 50.0] {
        let r = throw(&at(v0), Model::BarrierAlone, Horizon::Steps(80));
        assert_eq!((r.outcome, r.newton_max), (Outcome::Through, 2), "v0 = {v0}");
    }
}

#[test]
fn ccd_alone_is_glued_to_the_face_at_every_speed_without_converging() {
    for v0 in ARTICLE_V0 {
        let r = throw(&at(v0), Model::CcdAlone, Horizon::Steps(80));
        assert_eq!(r.outcome, Outcome::Stopped, "v0 = {v0}");
        assert_eq!(r.xmax_minus_wall, 0.0, "v0 = {v0}: a gap of exactly 0");
        assert!(r.touching && !r.converged, "v0 = {v0}");
        assert_eq!(r.newton_max, 59, "v0 = {v0}");
    }
}

/// Every Newton iterate of every step of a throw, with `check` applied to each.
fn every_iterate(p: &Params, model: Model, check: impl Fn(f64)) {
    let mut sim = Simulation::new(p, model, Horizon::Steps(p.steps)).with_trace();
    while sim.step().is_some() {
        sim.iterates().iter().for_each(|it| check(it.x));
        check(sim.x());
    }
}

#[test]
fn neither_half_alone_breaks_its_own_promise_over_the_figures_ranges() {
    let mut seed = 0x5eed_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 11) as f64 / (1u64 << 53) as f64
    };
    let log = |u: f64, lo: f64, hi: f64| lo * (hi / lo).powf(u);
    for _ in 0..300 {
        let p = Params {
            v0: log(next(), 0.1, 100.0),
            h: log(next(), 1e-3, 0.05),
            k: log(next(), 1e2, 1e8),
            dhat: log(next(), 1e-5, 1e-2),
            kappa: log(next(), 1.0, 1e7),
            ccd_safety: 0.5 + 0.49 * next(),
            ..Params::default()
        };
        // CCD alone never passes the front face at any iterate.
        every_iterate(&p, Model::CcdAlone, |x| assert!(x <= p.wall, "{p:?}: x = {x}"));
        // The barrier alone never stands strictly inside the wall.
        let back = p.wall + p.thickness;
        every_iterate(&p, Model::BarrierAlone, |x| assert!(!(p.wall < x && x < back), "{p:?}: x = {x}"));
    }
}

#[test]
fn the_unsigned_barrier_derivatives_match_finite_differences_on_both_sides() {
    let e = UnsignedBarrierEnergy { kappa: 1e4, dhat: 1e-3, wall: 0.503, thickness: 0.02 };
    let back = e.wall + e.thickness;
    for x in [e.wall - 7e-4, e.wall - 2e-4, e.wall - 3e-5, back + 3e-5, back + 2e-4, back + 7e-4] {
        let step = 1e-9;
        let fd_g = (e.value(x + step) - e.value(x - step)) / (2.0 * step);
        let fd_h = (e.gradient(x + step) - e.gradient(x - step)) / (2.0 * step);
        let (g, h) = e.gradient_hessian(x);
        assert!((g - fd_g).abs() <= 1e-5 * g.abs().max(1e-3), "x = {x}: {g} vs {fd_g}");
        assert!((h - fd_h).abs() <= 1e-4 * h.abs().max(1e-3), "x = {x}: {h} vs {fd_h}");
    }
    // Behind the wall the barrier pushes the ball further back; in front, away from the face.
    assert!(e.gradient(back + 1e-4) < 0.0 && e.gradient(e.wall - 1e-4) > 0.0);
    assert!(e.value(e.wall + 0.01).is_infinite());
}

#[test]
fn the_articles_two_models_are_unchanged_by_the_table_of_models() {
    // The same integrator serves every model; the article's rows are pinned in golden.rs,
    // here the barrier alone agrees with IPC wherever it never reaches the wall.
    let p = at(1.0);
    let ipc = Integrator::new(&p, Model::Ipc);
    let alone = Integrator::new(&p, Model::BarrierAlone);
    for x in [0.4, p.wall - 5e-4, p.wall - 1e-6] {
        assert_eq!(ipc.energy(x, 0.51).to_bits(), alone.energy(x, 0.51).to_bits());
        assert_eq!(ipc.gradient_hessian(x, 0.51), alone.gradient_hessian(x, 0.51));
    }
}
