//! The regime map computes its cells side by side, with their approaches coasted in lockstep:
//! each cell must still be, bit for bit, the throw a reader gets by setting that v0 and h.
#![cfg(not(target_arch = "wasm32"))]

use ipc_wall::regime::{RegimeMap, Rows, LANES};
use ipc_wall::{Horizon, Model, Params, Simulation};
use proptest::prelude::*;

/// The figure's throw: stepped one Newton solve at a time (a traced simulation never coasts).
fn plain(p: &Params, model: Model) -> ipc_wall::ThrowResult {
    Simulation::new(p, model, Horizon::UntilDecided).with_trace().run()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    /// n = 7 puts lanes across row ends and leaves a remainder of single cells. Any two of
    /// the four models, in either panel (the article's pair shares its approach; others not).
    #[test]
    fn every_cell_is_the_direct_throw(
        k in 1e2f64..1e10, dhat in 1e-6f64..1e-2, kappa in 1.0f64..1e8, mass in 0.5f64..2.0,
        thickness in 1e-3f64..0.05, pair in 0usize..16,
    ) {
        let models = if pair == 0 { Model::BOTH } else { [Model::ALL[pair % 4], Model::ALL[pair / 4]] };
        let mass = if mass < 1.0 { 1.0 } else { mass }; // the article's M = 1 has its own fast path
        let p = Params { k, dhat, kappa, mass, thickness, ..Params::default() };
        let n = 7;
        assert!(n * n % LANES != 0);
        let mut map = RegimeMap::with_models(&p, n, models);
        // Fill in uneven slices, as the page does frame by frame.
        let mut slices = [1usize, LANES + 1, 2 * LANES, 3].into_iter().cycle();
        while !map.fill(slices.next().unwrap()) {}
        for j in 0..n {
            for i in 0..n {
                let cp = map.cell_params(i, j);
                let cell = map.cell(i, j).unwrap();
                for (model, got) in models.into_iter().zip(cell.0) {
                    let want = plain(&cp, model);
                    prop_assert_eq!((got.outcome, got.newton_max, got.steps), (want.outcome, want.newton_max, want.steps),
                        "cell ({}, {}) {:?}: v0 = {}, h = {}", i, j, model, cp.v0, cp.h);
                    prop_assert_eq!(got.xmax_minus_wall.to_bits(), want.xmax_minus_wall.to_bits());
                }
            }
        }
    }
}

#[test]
fn the_slow_corner_is_exact_too() {
    // v0 = 0.1 m/s and h = 0.1 ms: about 50,000 steps of free flight before the wall.
    let p = Params::default();
    let mut map = RegimeMap::new(&p, 64);
    map.fill(2 * LANES);
    for i in 0..2 * LANES {
        let cp = map.cell_params(i, 0);
        let cell = map.cell(i, 0).unwrap();
        for (model, got) in Model::BOTH.into_iter().zip(cell.0) {
            let want = plain(&cp, model);
            assert!(want.steps > 20_000, "{} steps", want.steps);
            assert_eq!(got.outcome, want.outcome);
            assert_eq!((got.steps, got.newton_max), (want.steps, want.newton_max));
            assert_eq!(got.xmax_minus_wall.to_bits(), want.xmax_minus_wall.to_bits());
        }
    }
}

#[test]
fn the_halves_alone_at_the_slow_corner_are_exact_too() {
    let p = Params::default();
    let models = [Model::BarrierAlone, Model::CcdAlone];
    let mut map = RegimeMap::with_models(&p, 64, models);
    map.fill(LANES);
    for i in 0..LANES {
        let cp = map.cell_params(i, 0);
        for (model, got) in models.into_iter().zip(map.cell(i, 0).unwrap().0) {
            let want = plain(&cp, model);
            assert_eq!((got.outcome, got.steps, got.newton_max), (want.outcome, want.steps, want.newton_max));
            assert_eq!(got.xmax_minus_wall.to_bits(), want.xmax_minus_wall.to_bits());
        }
    }
}

/// Two workers each compute every other row: the map put together from the two parts must be
/// the whole map, cell for cell and bit for bit. n = 7 gives the parts unequal row counts and
/// lanes across their row ends; a small d̂ and a large κ make the contact phases long.
#[test]
fn a_map_put_together_from_its_interleaved_parts_is_the_whole_map() {
    let p = Params { k: 1e6, dhat: 1e-6, kappa: 1e7, ..Params::default() };
    for (n, models) in [(12, Model::BOTH), (7, Model::BOTH), (7, [Model::BarrierAlone, Model::Penalty])] {
        let mut whole = RegimeMap::with_models(&p, n, models);
        while !whole.fill(LANES + 1) {}
        let parts = [0, 1].map(|offset| {
            let mut part = RegimeMap::with_models(&p, n, models).part(Rows::new(offset, 2).unwrap());
            while !part.fill(2 * LANES + 3) {}
            part
        });
        assert_eq!(parts.each_ref().map(|m| m.cells().len()), [n / 2 + n % 2, n / 2].map(|rows| rows * n));
        for j in 0..n {
            let (part, other) = (&parts[j % 2], &parts[1 - j % 2]);
            assert!(other.cell(0, j).is_none(), "row {j} is not the other part's");
            for i in 0..n {
                let (got, want) = (part.cell(i, j).unwrap(), whole.cell(i, j).unwrap());
                assert_eq!(got, want, "n = {n}, cell ({i}, {j})");
                for (g, w) in got.0.iter().zip(&want.0) {
                    assert_eq!(g.xmax_minus_wall.to_bits(), w.xmax_minus_wall.to_bits());
                }
            }
        }
    }
}

#[test]
fn a_part_needs_its_offset_below_its_stride() {
    assert_eq!(Rows::new(2, 2), None);
    assert_eq!(Rows::new(0, 0), None);
    let rows = Rows::new(1, 3).unwrap();
    assert_eq!((rows.count(7), rows.row(2), rows.index(7), rows.index(6)), (2, 7, Some(2), None));
}

/// Fills `map` in uneven slices (lanes across row ends, single cells), as a worker does.
fn filled(mut map: RegimeMap) -> RegimeMap {
    let mut slices = [LANES + 1, 3, 2 * LANES].into_iter().cycle();
    while !map.fill(slices.next().unwrap()) {}
    map
}

/// A map that takes a panel from the map before it (a new k leaves IPC's throws as they were,
/// a new d̂ or κ penalty's) is the map computed whole, bit for bit; a panel whose model reads
/// what changed is computed again.
#[test]
fn a_map_reusing_the_last_ones_unchanged_panel_is_the_whole_map() {
    let before = Params { k: 1e6, dhat: 1e-6, kappa: 1e7, ..Params::default() };
    let n = 7;
    let cases = [
        (Params { k: 3e7, ..before }, Model::BOTH, [false, true]),
        (Params { dhat: 2e-4, ..before }, Model::BOTH, [true, false]),
        (Params { kappa: 10.0, ccd_safety: 0.5, ..before }, Model::BOTH, [true, false]),
        (Params { ccd_safety: 0.5, ..before }, [Model::CcdAlone, Model::BarrierAlone], [false, true]),
        (Params { k: 3e7, dhat: 2e-4, ..before }, Model::BOTH, [false, false]),
        (Params { mass: 2.0, ..before }, Model::BOTH, [false, false]),
        (before, [Model::Ipc, Model::Ipc], [true, true]),
    ];
    for (after, models, kept) in cases {
        for rows in [Rows::ALL, Rows::new(1, 2).unwrap()] {
            let done = filled(RegimeMap::with_models(&before, n, models).part(rows));
            let mut map = RegimeMap::with_models(&after, n, models).part(rows);
            map.reuse(&done);
            assert_eq!(map.kept(), kept, "{after:?}, {models:?}");
            let (map, whole) = (filled(map), filled(RegimeMap::with_models(&after, n, models).part(rows)));
            for (got, want) in map.cells().iter().zip(whole.cells()) {
                assert_eq!(got, want, "{after:?}, {models:?}");
                for (g, w) in got.0.iter().zip(&want.0) {
                    assert_eq!(g.xmax_minus_wall.to_bits(), w.xmax_minus_wall.to_bits());
                }
            }
            assert_eq!(map.cells().len(), whole.cells().len());
        }
    }
}

/// Only a complete map of the same grid and models lends its panels.
#[test]
fn a_map_reuses_only_a_complete_map_of_its_grid_and_models() {
    let p = Params::default();
    let after = Params { k: 3e5, ..p };
    let fresh = |n, models| RegimeMap::with_models(&after, n, models);
    let mut half = RegimeMap::new(&p, 8);
    half.fill(LANES);
    let others = [
        (fresh(8, Model::BOTH), half),
        (fresh(8, Model::BOTH), filled(RegimeMap::new(&p, 16))),
        (fresh(8, Model::BOTH), filled(RegimeMap::new(&p, 8).part(Rows::new(0, 2).unwrap()))),
        (fresh(8, [Model::Penalty, Model::BarrierAlone]), filled(RegimeMap::new(&p, 8))),
    ];
    for (mut map, done) in others {
        map.reuse(&done);
        assert_eq!(map.kept(), [false, false]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, failure_persistence: None, ..ProptestConfig::default() })]

    /// What [`Model::throw_params`] resets, the model's throw never reads: a change of that
    /// field alone leaves the throw as it was, bit for bit (a map keeps that panel on it).
    /// Slow throws, which stay in contact for many steps (at 5 m/s penalty's throw does not
    /// depend on k at all: it jumps the wall in one step).
    #[test]
    fn what_a_model_forgets_its_throw_never_reads(
        k in 1e2f64..1e10, dhat in 1e-6f64..1e-2, kappa in 1.0f64..1e8, ccd_safety in 0.1f64..0.99,
        v0 in 0.3f64..3.0, h in 1e-3f64..0.01, m in 0usize..4,
    ) {
        let model = Model::ALL[m];
        let p = Params { v0, h, ..Params::default() };
        let changes = [Params { k, ..p }, Params { dhat, ..p }, Params { kappa, ..p }, Params { ccd_safety, ..p }];
        let mut forgotten = 0;
        for q in changes.iter().filter(|q| model.throw_params(q) == model.throw_params(&p)) {
            forgotten += 1;
            let (a, b) = (plain(&p, model), plain(q, model));
            prop_assert_eq!(a, b, "{:?}: {:?}", model, q);
            prop_assert_eq!(a.xmax_minus_wall.to_bits(), b.xmax_minus_wall.to_bits());
        }
        // Penalty and CCD alone forget d̂ and κ, the barriers k, and plain backtracking the safety factor.
        prop_assert!(forgotten >= 1, "{:?} forgets nothing", model);
    }
}
