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

/// Where the trace's "Most iterations" and "Most CCD clips" buttons go, from the recorded
/// throw: the article's Newton count of the impact, and the geometric approach under CCD.
#[test]
fn the_steps_the_trace_jumps_to() {
    let r = decided(&Model::ALL);
    let ipc = r.ball(Model::Ipc).unwrap();
    let most = ipc.most_newton_step();
    assert_eq!(ipc.newton_counts()[most - 1], ipc.state().newton_max, "the article's 9 at 5 m/s");
    assert!(ipc.newton_counts()[..most - 1].iter().all(|&n| n < ipc.state().newton_max), "the first of them");
    let clipped = ipc.most_clipped_step();
    let clips = |b: &ipc_wall::recording::Ball, s: usize| {
        b.step_iterates(s).iter().filter(|it| it.ccd_clipped).count()
    };
    assert!(clips(ipc, clipped) >= 2, "the impact is clipped by CCD more than once");
    assert!((1..=ipc.steps()).all(|s| clips(ipc, s) <= clips(ipc, clipped)));
    // Plain backtracking never clips; CCD alone clips at every one of its capped iterations.
    assert_eq!(r.ball(Model::Penalty).unwrap().most_clipped_step(), 0);
    assert_eq!(r.ball(Model::BarrierAlone).unwrap().most_clipped_step(), 0);
    let ccd = r.ball(Model::CcdAlone).unwrap();
    assert_eq!(ccd.newton_counts()[ccd.most_newton_step() - 1], 59);
    assert!(clips(ccd, ccd.most_clipped_step()) > 10);
    // Before the first step there is none.
    assert_eq!(Recording::new(&Params::default(), &Model::BOTH).balls()[0].most_newton_step(), 0);
}

/// The counts the figure shows and the article's: they differ only by the step that went through.
#[test]
fn newton_most_counts_the_jump_too() {
    let r = decided(&Model::ALL);
    for b in r.balls() {
        let s = b.state();
        assert_eq!(s.newton_most, *b.newton_counts().iter().max().unwrap());
        assert!(s.newton_most >= s.newton_max);
        if s.outcome == Outcome::Stopped {
            assert_eq!(s.newton_most, s.newton_max, "{:?}", b.model());
        }
    }
}

/// The article's first number: "Si vh supera la mitad, la penalización puede atravesarlo".
#[test]
fn one_step_against_half_the_wall() {
    use ipc_wall::recording::StepAgainstWall;
    let s = StepAgainstWall::of(&Params::default());
    assert_eq!(format!("{:.3} {:.1}", s.vh, s.ratio), "0.050 2.5");
    assert!(s.over_half);
    let slow = StepAgainstWall::of(&Params { h: 0.0015, ..Params::default() });
    assert!(!slow.over_half, "7.5 mm is under half of 20 mm");
}

/// The free flight the page fast-forwards ends before any ball feels the wall: at the
/// defaults 10 steps of 50 mm, the 11th reaching past 0.502 m (d̂ in front of the face).
#[test]
fn the_approach_ends_before_any_contact() {
    let mut r = Recording::new(&Params::default(), &Model::ALL);
    let n = r.approach_steps();
    assert_eq!(n, 10);
    for _ in 0..n {
        r.step();
    }
    for b in r.balls() {
        assert!(b.newton_counts().iter().all(|&c| c <= 2), "{:?}: free flight only", b.model());
        assert_eq!(b.positions().last().copied(), Some(0.5));
    }
    r.step();
    assert!(r.balls().iter().any(|b| b.state().touched), "the next step is in reach");
}

/// One classification of a position for the outcome and for every sentence about it.
#[test]
fn the_sides_of_the_wall() {
    use ipc_wall::WallSide;
    let p = Params::default();
    assert_eq!(p.side_of(p.wall), WallSide::Front, "on the face is still in front");
    assert_eq!(p.side_of(p.wall + 1e-9), WallSide::Inside);
    assert_eq!(p.side_of(p.wall + p.thickness), WallSide::Inside);
    assert_eq!(p.side_of(0.55), WallSide::Behind, "47 mm past the front face");
    let r = decided(&Model::ALL);
    for b in r.balls() {
        let s = b.state();
        assert_eq!(s.outcome == Outcome::Through, p.side_of(s.x) == WallSide::Behind, "{:?}", b.model());
    }
}

/// Steps `r` to its end; returns the step count at which it was first settled.
fn step_to_end(r: &mut Recording) -> Option<usize> {
    let mut settled_at = None;
    while r.step() {
        if r.settled() && settled_at.is_none() {
            settled_at = Some(r.step_count());
        }
    }
    settled_at
}

/// After its impact the CCD-alone ball sits on the face with v = 0 and no force: the rest of
/// its throw changes nothing but the clock, and the recording says so (the page then takes
/// those steps at once). Until then, nothing is settled.
#[test]
fn a_glued_ball_is_settled_and_stays_put() {
    let mut r = Recording::new(&Params::default(), &Model::ALL);
    let at = step_to_end(&mut r).expect("the CCD-alone ball waits out the cap at rest");
    let ccd = r.ball(Model::CcdAlone).unwrap();
    assert!(at < 20 && ccd.steps() > 100, "settled at step {at} of {}", ccd.steps());
    let wall = Params::default().wall;
    assert!(ccd.positions()[at - 1..].iter().all(|&x| x == wall), "on the face from then on");
    assert!(!r.settled(), "a decided throw is not 'settled'");
    // The article's two balls never settle: IPC's is pushed back out of the barrier's reach.
    let mut two = Recording::new(&Params::default(), &Model::BOTH);
    while two.step() {
        assert!(!two.settled(), "step {}", two.step_count());
    }
}

/// At small d̂ and κ the IPC ball is pinned to the face at rest too (its line search's steps no
/// longer move x): from then on the recording is settled, and every step left leaves it where
/// it is, to the duration cap.
#[test]
fn an_ipc_ball_pinned_to_the_face_is_settled() {
    let p = Params { kappa: 251.0, dhat: 1.6e-5, ..Params::default() }
        .with_v0(97.3)
        .unwrap()
        .with_h(1.02e-4)
        .unwrap();
    let mut r = Recording::new(&p, &[Model::Ipc]);
    let at = step_to_end(&mut r).expect("the pinned IPC ball waits out the cap at rest");
    let ipc = r.ball(Model::Ipc).unwrap();
    assert!(at < 100 && ipc.steps() > 5000, "settled at step {at} of {}", ipc.steps());
    let pinned = ipc.positions()[at - 1];
    assert!(pinned < p.wall && p.wall - pinned < 1e-9, "on the face, in front of it: {pinned}");
    assert!(ipc.positions()[at - 1..].iter().all(|&x| x == pinned), "still from then on");
}

/// The trace's reading of a step comes from the core: CCD's clipped steps, accepted as
/// clipped, each keep 1 − s of the distance (the geometric approach), and `halvings` is how
/// many times backtracking halved α.
#[test]
fn the_trace_summary_reads_the_geometric_approach_and_the_halvings() {
    use ipc_wall::TraceSummary;
    let p = Params::default();
    let r = decided(&Model::ALL);
    let ipc = r.ball(Model::Ipc).unwrap();
    let its = ipc.step_iterates(ipc.most_clipped_step());
    let s = TraceSummary::of(its);
    assert!(s.approach_steps >= 2, "{s:?}");
    assert!((s.approach_ratio - (1.0 - p.ccd_safety)).abs() < 1e-6, "{s:?}");
    assert_eq!(s.clipped, its.iter().filter(|it| it.ccd_clipped).count());
    assert!(s.converged);
    let pen = r.ball(Model::Penalty).unwrap();
    let jump = TraceSummary::of(pen.step_iterates(pen.impact_step()));
    assert_eq!((jump.clipped, jump.approach_steps), (0, 0));
    assert!(jump.approach_ratio.is_nan());
    let mut halved = 0;
    for v0 in [1.0, 5.0, 50.0, 100.0] {
        for k in [1e4, 1e8, 1e10] {
            let mut r = Recording::new(&Params { v0, k, ..p }, &Model::ALL);
            r.run_to_end();
            for b in r.balls() {
                for step in 1..=b.steps() {
                    for it in b.step_iterates(step).iter().filter(|it| !it.converged) {
                        assert_eq!(
                            it.alpha_ccd / 2f64.powi(it.halvings as i32),
                            it.alpha,
                            "{:?} step {step}",
                            b.model()
                        );
                        halved += usize::from(it.halvings > 0);
                    }
                }
            }
        }
    }
    assert!(halved > 0, "no throw backtracked: the check above checked nothing");
}
