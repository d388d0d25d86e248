//! Every derivative against central finite differences, on generated inputs, across many
//! orders of magnitude of d̂ (as ipc-toolkit's `test_barrier.cpp` does).
#![cfg(not(target_arch = "wasm32"))]

use ipc_wall::energy::barrier::{barrier, barrier_first_derivative, barrier_second_derivative};
use ipc_wall::energy::{BarrierEnergy, InertiaEnergy, PenaltyEnergy};
use ipc_wall::{Integrator, Model, Params};
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig { cases: 10_000, failure_persistence: None, ..ProptestConfig::default() }
}

/// Central difference of `f` at `x` with step `eps`.
fn central(f: impl Fn(f64) -> f64, x: f64, eps: f64) -> f64 {
    (f(x + eps) - f(x - eps)) / (2.0 * eps)
}

/// `|a − b| ≤ rel · scale`, where `scale` is the size of the quantities being differenced.
fn close(a: f64, b: f64, rel: f64, scale: f64) -> bool {
    (a - b).abs() <= rel * scale
}

proptest! {
    #![proptest_config(config())]

    /// d = d̂·t with t in (0.001, 0.999) log-uniform-ish; d̂ from 1e-9 to 0.1.
    #[test]
    fn barrier_derivatives_match_finite_differences(log_dhat in -9.0f64..-1.0, t in 0.001f64..0.999) {
        let dhat = 10f64.powf(log_dhat);
        let d = dhat * t;
        let eps = 1e-6 * d.min(dhat - d);
        let b1 = barrier_first_derivative(d, dhat);
        let b2 = barrier_second_derivative(d, dhat);
        let fd1 = central(|d| barrier(d, dhat), d, eps);
        let fd2 = central(|d| barrier_first_derivative(d, dhat), d, eps);
        // Scales: b ~ d̂² |ln t|, b′ ~ d̂²/d, b″ ~ d̂²/d².
        let s1 = dhat * dhat / d;
        prop_assert!(close(b1, fd1, 1e-5, s1), "b′={b1} fd={fd1} d={d} d̂={dhat}");
        prop_assert!(close(b2, fd2, 1e-5, s1 / d), "b″={b2} fd={fd2} d={d} d̂={dhat}");
        prop_assert!(barrier(d, dhat) > 0.0 && b1 < 0.0 && b2 > 0.0);
    }

    #[test]
    fn barrier_energy_chain_rule_in_x(log_dhat in -9.0f64..-1.0, t in 0.001f64..0.999, log_kappa in -3.0f64..12.0) {
        let dhat = 10f64.powf(log_dhat);
        let kappa = 10f64.powf(log_kappa);
        // A face at 0 keeps x = −d exact enough to difference at d ~ 1e-12.
        let e = BarrierEnergy { kappa, dhat, wall: 0.0 };
        let x = -dhat * t;
        let d = -x;
        let eps = 1e-5 * d.min(dhat - d);
        let s1 = kappa * dhat * dhat / d;
        prop_assert!(close(e.gradient(x), central(|x| e.value(x), x, eps), 1e-4, s1));
        prop_assert!(close(e.hessian(x), central(|x| e.gradient(x), x, eps), 1e-4, s1 / d));
    }

    #[test]
    fn penalty_derivatives_match_away_from_kinks(k in 1e-3f64..1e12, thickness in 1e-4f64..1.0, u in 0.0f64..1.0) {
        let e = PenaltyEnergy { k, wall: 0.503, thickness };
        // Stay away from the faces and the mid-plane, where p is not differentiable.
        let quarter = 0.25 * thickness;
        let x = -quarter + u * (thickness + 2.0 * quarter) + 0.503;
        let kinks = [0.503, 0.503 + 0.5 * thickness, 0.503 + thickness];
        let gap = kinks.iter().map(|c| (x - c).abs()).fold(f64::INFINITY, f64::min);
        prop_assume!(gap > 1e-3 * thickness);
        let eps = 1e-3 * gap;
        let scale = k * thickness * thickness;
        prop_assert!(close(e.gradient(x), central(|x| e.value(x), x, eps), 1e-6, scale / thickness));
        prop_assert!(close(e.hessian(x), central(|x| e.gradient(x), x, eps), 1e-6, k));
    }

    #[test]
    fn inertia_derivatives(mass in 1e-3f64..1e3, x_tilde in -10.0f64..10.0, x in -10.0f64..10.0) {
        let e = InertiaEnergy { mass, x_tilde };
        let eps = 1e-4;
        let scale = mass * (1.0 + (x - x_tilde).abs());
        prop_assert!(close(e.gradient(x), central(|x| e.value(x), x, eps), 1e-8, scale));
        prop_assert!(close(e.hessian(x), central(|x| e.gradient(x), x, eps), 1e-8, scale));
    }

    /// The assembled incremental potential E = ½M(x − x̃)² + h²C for both models.
    #[test]
    fn incremental_potential_derivatives(
        log_dhat in -9.0f64..-1.0, t in 0.001f64..0.999, log_h in -4.0f64..-1.0,
        offset in -10.0f64..10.0, ipc in any::<bool>(),
    ) {
        let dhat = 10f64.powf(log_dhat);
        let h = 10f64.powf(log_h);
        // The smallest valid face position, so that x = wall − d resolves d ~ 1e-12.
        let params = Params { dhat, h, wall: 1e-6, ..Params::default() };
        let model = if ipc { Model::Ipc } else { Model::Penalty };
        let ip = Integrator::new(&params, model);
        let (x, eps, x_tilde) = if ipc {
            let d = dhat * t;
            let x = params.wall - d;
            (x, 1e-5 * d.min(dhat - d), x + offset * dhat)
        } else {
            let x = params.wall + 0.5 * t * params.thickness;
            (x, 1e-9, x + offset * params.thickness)
        };
        let g = ip.gradient(x, x_tilde);
        let hs = ip.hessian(x, x_tilde);
        let scale_g = params.mass * (1.0 + (x - x_tilde).abs()) + h * h * (params.kappa * dhat * dhat / (dhat * t) + params.k * params.thickness);
        let scale_h = params.mass + h * h * (params.kappa * dhat * dhat / (dhat * t).powi(2) + params.k);
        prop_assert!(close(g, central(|x| ip.energy(x, x_tilde), x, eps), 1e-4, scale_g), "g={g}");
        prop_assert!(close(hs, central(|x| ip.gradient(x, x_tilde), x, eps), 1e-4, scale_h), "H={hs}");
    }
}

#[test]
fn barrier_edge_cases_come_first() {
    let dhat = 1e-3;
    assert_eq!(barrier(0.0, dhat), f64::INFINITY);
    assert_eq!(barrier(-1.0, dhat), f64::INFINITY);
    assert_eq!(barrier_first_derivative(0.0, dhat), f64::NEG_INFINITY);
    assert_eq!(barrier_second_derivative(-1e-9, dhat), f64::INFINITY);
    for d in [dhat, 2.0 * dhat, 1.0] {
        assert_eq!(
            (barrier(d, dhat), barrier_first_derivative(d, dhat), barrier_second_derivative(d, dhat)),
            (0.0, 0.0, 0.0)
        );
    }
    // Value and slope vanish as d → d̂ from below: Newton crosses into range smoothly.
    let d = dhat * (1.0 - 1e-6);
    assert!(barrier(d, dhat) < 1e-17 && barrier_first_derivative(d, dhat).abs() < 1e-11);
}

proptest! {
    #![proptest_config(config())]

    /// Newton takes the gradient and the Hessian together, with one logarithm: they must be
    /// the very bits of the separate functions, everywhere, edges included.
    #[test]
    fn shared_logarithm_changes_no_bit(
        log_dhat in -7.0f64..-1.0, t in -0.5f64..1.5, x_tilde in 0.0f64..1.0, kappa in 1.0f64..1e8, h in 1e-4f64..0.05,
    ) {
        let dhat = 10f64.powf(log_dhat);
        let p = Params { dhat, kappa, h, ..Params::default() };
        let x = p.wall - dhat * t;
        for model in Model::BOTH {
            let i = Integrator::new(&p, model);
            let (g, hs) = i.gradient_hessian(x, x_tilde);
            prop_assert_eq!(g.to_bits(), i.gradient(x, x_tilde).to_bits());
            prop_assert_eq!(hs.to_bits(), i.hessian(x, x_tilde).to_bits());
        }
        let (b1, b2) = ipc_wall::energy::barrier::barrier_derivatives(dhat * t, dhat);
        prop_assert_eq!(b1.to_bits(), barrier_first_derivative(dhat * t, dhat).to_bits());
        prop_assert_eq!(b2.to_bits(), barrier_second_derivative(dhat * t, dhat).to_bits());
    }
}
