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
