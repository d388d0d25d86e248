//! The table's shortcuts change no bit: rows share each speed's approach across models and
//! stiffnesses, fly four speeds side by side (to the wall and back), and split long sweeps
//! among threads, yet every row must be the plain step-by-step throw the article's program
//! makes (a traced simulation takes no shortcut).
#![cfg(not(target_arch = "wasm32"))]

use ipc_wall::table::{csv, format_csv, rows};
use ipc_wall::{Horizon, Model, Params, Simulation, ThrowResult};
use proptest::prelude::*;

fn log_uniform(lo: f64, hi: f64) -> impl Strategy<Value = f64> {
    (lo.log10()..=hi.log10()).prop_map(|e| 10f64.powf(e))
}

prop_compose! {
    /// The figure's ranges, with the article's M = 1 half of the time (the tight free-flight
    /// loop applies only there).
    fn table_params()(
        h in log_uniform(1e-3, 0.05),
        dhat in log_uniform(1e-6, 1e-2),
        kappa in log_uniform(1.0, 1e8),
        mass in prop_oneof![Just(1.0), log_uniform(0.1, 10.0)],
        wall in log_uniform(0.1, 2.0),
        thickness in log_uniform(1e-3, 0.2),
        steps in 1u32..300,
    ) -> Params {
        Params { h, dhat, kappa, mass, wall, thickness, steps, ..Params::default() }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// Up to 300 speeds (past the size where the sweep is split among threads, and not
    /// always a multiple of the four lanes), one to three stiffnesses.
    #[test]
    fn rows_are_separate_throws_bit_for_bit(
        p in table_params(),
        v0s in prop::collection::vec(log_uniform(0.1, 100.0), 1..300),
        ks in prop::collection::vec(log_uniform(1e2, 1e10), 1..4),
    ) {
        let table = rows(&p, &v0s, &ks);
        prop_assert_eq!(table.len(), v0s.len() * (ks.len() + 1));
        let plain = |p: &Params, model| -> ThrowResult {
            Simulation::new(p, model, Horizon::Steps(p.steps)).with_trace().run()
        };
        for (row, &v0) in table.chunks(ks.len() + 1).zip(&v0s) {
            for (r, &k) in row.iter().zip(&ks) {
                prop_assert_eq!((r.v0, r.model, r.k), (v0, Model::Penalty, Some(k)));
                prop_assert_eq!(r.result, plain(&Params { v0, k, ..p }, Model::Penalty));
            }
            let ipc = &row[ks.len()];
            prop_assert_eq!((ipc.v0, ipc.model, ipc.k), (v0, Model::Ipc, None));
            prop_assert_eq!(ipc.result, plain(&Params { v0, ..p }, Model::Ipc));
        }
        prop_assert_eq!(csv(&p, &v0s, &ks), format_csv(&table));
    }
}
