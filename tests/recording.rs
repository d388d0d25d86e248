//! The recorded throw (`sim::Recording`): what the figure draws, held in the core.
#![cfg(not(target_arch = "wasm32"))]

use ipc_wall::landscape;
use ipc_wall::recording::TRACE_WINDOW;
use ipc_wall::sim::throw;
use ipc_wall::{Horizon, Model, Outcome, Params, Recording, Simulation};

fn decided(models: &[Model]) -> Recording {
    let mut r = Recording::new(&Params::default(), models);
    r.run_to_end();
    r
}

#[test]
fn the_articles_two_balls_at_the_defaults() {
    let r = decided(&Model::BOTH);
    assert!(r.decided() && !r.halves());
    assert_eq!(r.models().collect::<Vec<_>>(), Model::BOTH);
    let pen = r.ball(Model::Penalty).unwrap().state();
    let ipc = r.ball(Model::Ipc).unwrap().state();
    assert_eq!(pen.outcome, Outcome::Through);
    assert_eq!(ipc.outcome, Outcome::Stopped);
    assert_eq!(format!("{:.1}", -ipc.xmax_minus_wall * 1e6), "24.0");
    assert!(r.ball(Model::CcdAlone).is_none());
}

#[test]
fn both_halves_throw_four_balls_in_model_order() {
    let mut r = Recording::new(&Params::default(), &Model::BOTH);
    r.set_halves(true);
    assert!(r.halves());
    assert_eq!(r.models().collect::<Vec<_>>(), Model::ALL);
    r.run_to_end();
    let s = |m| r.ball(m).unwrap().state();
    assert_eq!(s(Model::BarrierAlone).outcome, Outcome::Through);
    let ccd = s(Model::CcdAlone);
    assert_eq!((ccd.outcome, ccd.xmax_minus_wall, ccd.touching), (Outcome::Stopped, 0.0, true));
    assert!(!ccd.converged);
    assert_eq!(ccd.newton_max, 59);
    r.set_halves(false);
    assert_eq!((r.step_count(), r.models().count()), (0, 2));
}

#[test]
fn each_ball_records_exactly_the_plain_throw() {
    let p = Params { v0: 3.0, ..Params::default() };
    let mut r = Recording::new(&p, &Model::ALL);
    r.run_to_end();
    for b in r.balls() {
        let mut sim = Simulation::new(&p, b.model(), Horizon::UntilDecided);
        let mut xs = Vec::new();
        let mut ns = Vec::new();
        while let Some(rep) = sim.step() {
            xs.push(rep.x);
            ns.push(rep.newton_iterations);
        }
        assert_eq!(b.positions(), xs.as_slice(), "{:?}", b.model());
        assert_eq!(b.newton_counts(), ns.as_slice());
        let want = throw(&p, b.model(), Horizon::UntilDecided);
        let got = b.state();
        assert_eq!((got.outcome, got.newton_max, got.steps), (want.outcome, want.newton_max, want.steps));
        assert_eq!(got.xmax_minus_wall.to_bits(), want.xmax_minus_wall.to_bits());
        assert_eq!(got.newton_last, *ns.last().unwrap());
    }
    assert_eq!(r.step_count(), r.balls().iter().map(|b| b.steps()).max().unwrap());
}

#[test]
fn the_iterate_window_keeps_the_latest_steps_only() {
    // A slow throw with a small step: far more steps than the window.
    let p = Params { v0: 0.2, h: 1e-4, ..Params::default() };
    let mut r = Recording::new(&p, &[Model::Ipc]);
    r.run_to_end();
    let b = r.ball(Model::Ipc).unwrap();
    let n = b.steps();
    assert!(n > TRACE_WINDOW + 10, "{n} steps");
    assert!(b.step_iterates(n - TRACE_WINDOW).is_empty(), "older than the window");
    assert!(!b.step_iterates(n - TRACE_WINDOW + 1).is_empty());
    let last = b.step_iterates(n);
    assert_eq!(last.len() as u32, b.newton_counts()[n - 1]);
    assert!(b.step_iterates(n + 1).is_empty() && b.step_iterates(0).is_empty());
}

#[test]
fn the_impact_step_is_the_first_of_the_largest_x() {
    let r = decided(&Model::ALL);
    for b in r.balls() {
        let s = b.impact_step();
        let xs = b.positions();
        let max = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        assert_eq!(xs[s - 1], max, "{:?}", b.model());
        assert!(xs[..s - 1].iter().all(|&x| x < max));
    }
    assert_eq!(Recording::new(&Params::default(), &Model::BOTH).balls()[0].impact_step(), 0);
}

#[test]
fn the_energy_view_follows_the_throw_and_rests_on_each_impact_step() {
    let p = Params::default();
    let mut r = Recording::new(&p, &Model::ALL);
    let v = r.energy_view(0, f64::NAN);
    assert!(v.layers.iter().all(|l| l.step.is_none() && l.x_tilde == p.h * p.v0));
    r.step();
    r.step();
    assert!(r.energy_view(0, f64::NAN).layers.iter().all(|l| l.step == Some(2)));
    r.run_to_end();
    let v = r.energy_view(0, f64::NAN);
    assert_eq!(v.layers.len(), 4);
    for (l, b) in v.layers.iter().zip(r.balls()) {
        assert_eq!((l.model, l.step), (b.model(), Some(b.impact_step())));
        assert_eq!(l.minimizer, b.positions()[b.impact_step() - 1]);
        assert!(v.x0 <= l.x_tilde && l.x_tilde <= v.x1);
    }
    // The barrier alone accepts the jump: its minimizer at the impact step is behind the wall.
    let barrier = v.layers[2];
    assert!(barrier.minimizer > p.wall + p.thickness);
    // A step past a ball's last shows its last; a reader's x̃ shows E's global minimizer.
    let far = r.energy_view(100_000, f64::NAN);
    assert!(far.layers.iter().zip(r.balls()).all(|(l, b)| l.step == Some(b.steps())));
    let xt = p.wall + 0.004;
    for l in r.energy_view(3, xt).layers {
        assert_eq!((l.step, l.x_tilde), (None, xt));
        assert_eq!(l.minimizer, landscape::minimizer(&p, l.model, xt));
    }
}

#[test]
fn new_parameters_restart_the_same_models() {
    let mut r = decided(&Model::ALL);
    let p = Params { v0: 1.0, ..Params::default() };
    r.set_params(&p);
    assert_eq!((r.step_count(), r.params().v0, r.models().count()), (0, 1.0, 4));
    r.step();
    r.restart();
    assert_eq!((r.step_count(), r.params().v0, r.halves()), (0, 1.0, true));
}
