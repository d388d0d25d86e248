//! The recorded throw: the balls of a model set thrown from the same parameters, stepped side
//! by side, each with its per-step history, so the page can draw step markers, trajectories,
//! the trace of an earlier step and the energy plot at any step. The figure's state lives here;
//! `wasm::Figure` only converts it to JS.

use std::collections::VecDeque;

use crate::integrator::{Iterate, Model};
use crate::landscape;
use crate::params::Params;
use crate::plot::{self, Layer};
use crate::sim::{Horizon, Outcome, Simulation};

/// Steps whose Newton iterates a ball keeps for the trace. A throw at the slowest reachable
/// speed and smallest step takes ~10⁵ steps, nearly all free flight; the contact steps are the
/// latest ones.
pub const TRACE_WINDOW: usize = 4096;

/// The 1-based index of the first largest of `values`, 0 if there are none.
fn first_max<T: PartialOrd>(values: impl Iterator<Item = T>) -> usize {
    let best = values.enumerate().fold(None, |best: Option<(usize, T)>, (i, v)| match best {
        Some((_, ref b)) if *b >= v => best,
        _ => Some((i, v)),
    });
    best.map_or(0, |(i, _)| i + 1)
}

/// One ball with its per-step history.
#[derive(Clone, Debug)]
pub struct Ball {
    sim: Simulation,
    positions: Vec<f64>,
    x_tildes: Vec<f64>,
    newton: Vec<u32>,
    /// `(step, iterates)` of the latest [`TRACE_WINDOW`] steps, oldest first.
    recent: VecDeque<(usize, Vec<Iterate>)>,
}

/// A ball's state as the page shows it: plain values, SI units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BallState {
    pub model: Model,
    pub x: f64,
    pub v: f64,
    /// x̃ of the latest step (before the first: the first step's).
    pub x_tilde: f64,
    pub outcome: Outcome,
    /// Largest `x − wall` so far, the article's way (see [`crate::ThrowResult`]).
    pub xmax_minus_wall: f64,
    /// The article's Newton maximum: the step that jumped the wall is not counted.
    pub newton_max: u32,
    /// Newton iterations of the latest step (0 before the first).
    pub newton_last: u32,
    /// The most Newton iterations of any step so far, the one that jumped the wall included
    /// (which the article's `newton_max` does not count): what the figure shows as a count.
    pub newton_most: u32,
    pub steps: u64,
    /// Whether the ball entered contact range.
    pub touched: bool,
    /// Whether its largest x is exactly the front face (a gap of exactly 0).
    pub touching: bool,
    /// Whether every counted step's Newton met the tolerance.
    pub converged: bool,
}

impl Ball {
    fn new(params: &Params, model: Model) -> Self {
        Self {
            sim: Simulation::new(params, model, Horizon::UntilDecided).with_trace(),
            positions: Vec::new(),
            x_tildes: Vec::new(),
            newton: Vec::new(),
            recent: VecDeque::new(),
        }
    }

    /// One step, unless decided; whether it stepped.
    fn step(&mut self) -> bool {
        let Some(report) = self.sim.step() else { return false };
        self.positions.push(report.x);
        self.x_tildes.push(report.x_tilde);
        self.newton.push(report.newton_iterations);
        // Reuse the oldest step's buffer once the window is full.
        let mut buf = if self.recent.len() == TRACE_WINDOW {
            self.recent.pop_front().map(|(_, v)| v).unwrap_or_default()
        } else {
            Vec::new()
        };
        buf.clear();
        buf.extend_from_slice(self.sim.iterates());
        self.recent.push_back((self.positions.len(), buf));
        true
    }

    pub fn model(&self) -> Model {
        self.sim.model()
    }

    pub fn decided(&self) -> bool {
        self.sim.outcome() != Outcome::Flying
    }

    /// Steps taken.
    pub fn steps(&self) -> usize {
        self.positions.len()
    }

    /// Position after each step so far.
    pub fn positions(&self) -> &[f64] {
        &self.positions
    }

    /// Newton iterations of each step so far.
    pub fn newton_counts(&self) -> &[u32] {
        &self.newton
    }

    /// x̃ of the latest step, or of the next one before the first.
    pub fn x_tilde(&self) -> f64 {
        self.x_tildes.last().copied().unwrap_or(self.sim.params().h * self.sim.v())
    }

    /// x̃ of step `step` (1-based), if taken.
    pub fn step_x_tilde(&self, step: usize) -> Option<f64> {
        step.checked_sub(1).and_then(|i| self.x_tildes.get(i)).copied()
    }

    /// The step the energy plot rests on once the throw is decided (1-based; 0 before the
    /// first): the first of the ball's largest x, i.e. a jump or the closest approach.
    pub fn impact_step(&self) -> usize {
        first_max(self.positions.iter().copied())
    }

    /// The step with the most Newton iterations (1-based, the first of them; 0 before the
    /// first step): where the article counts its 8–12 iterations of the impact.
    pub fn most_newton_step(&self) -> usize {
        first_max(self.newton.iter().copied())
    }

    /// The kept step (within the [`TRACE_WINDOW`]) whose Newton iterates CCD clipped most
    /// often (the first of them), or 0 if CCD clipped none: the geometric approach.
    pub fn most_clipped_step(&self) -> usize {
        let clips =
            self.recent.iter().map(|(step, its)| (*step, its.iter().filter(|it| it.ccd_clipped).count()));
        clips.fold((0, 0), |best, (step, n)| if n > best.1 { (step, n) } else { best }).0
    }

    /// Iterates of step `step` (1-based), empty if it is outside the [`TRACE_WINDOW`].
    pub fn step_iterates(&self, step: usize) -> &[Iterate] {
        let first = self.recent.front().map_or(0, |(s, _)| *s);
        match step.checked_sub(first).and_then(|i| self.recent.get(i)) {
            Some((s, its)) if *s == step => its,
            _ => &[],
        }
    }

    /// The energy plot's curve of this ball at step `step` (1-based; 0: the next step's x̃,
    /// before the first; past its last: its last): the step's x̃, where its Newton ended
    /// (what its card says) and its iterates.
    pub fn layer(&self, step: usize) -> Layer<'_> {
        let model = self.model();
        let s = step.min(self.steps());
        if s == 0 {
            let x_tilde = self.x_tilde();
            let minimizer = landscape::minimizer(self.sim.params(), model, x_tilde);
            return Layer { model, x_tilde, step: None, minimizer, iterates: &[] };
        }
        Layer {
            model,
            x_tilde: self.x_tildes[s - 1],
            step: Some(s),
            minimizer: self.positions[s - 1],
            iterates: self.step_iterates(s),
        }
    }

    pub fn state(&self) -> BallState {
        let r = self.sim.result();
        BallState {
            model: self.model(),
            x: self.sim.x(),
            v: self.sim.v(),
            x_tilde: self.x_tilde(),
            outcome: r.outcome,
            xmax_minus_wall: r.xmax_minus_wall,
            newton_max: r.newton_max,
            newton_last: self.newton.last().copied().unwrap_or(0),
            newton_most: self.newton.iter().copied().max().unwrap_or(0),
            steps: r.steps,
            touched: self.sim.has_touched(),
            touching: r.touching,
            converged: r.converged,
        }
    }
}

/// The article's first number: how far one step carries the ball against the wall.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepAgainstWall {
    /// `v0 · h` [m].
    pub vh: f64,
    /// `v0 · h / W`.
    pub ratio: f64,
    /// One step covers more than half the wall: past the mid-plane the nearest face is the
    /// back one, so penalty can pass whatever k is ("Si vh supera la mitad…").
    pub over_half: bool,
}

impl StepAgainstWall {
    pub fn of(p: &Params) -> Self {
        let vh = p.v0 * p.h;
        let ratio = vh / p.thickness;
        Self { vh, ratio, over_half: ratio > 0.5 }
    }
}

/// What the energy plot shows: its x window and one curve per ball, in model order.
#[derive(Clone, Debug)]
pub struct EnergyView<'a> {
    pub x0: f64,
    pub x1: f64,
    pub layers: Vec<Layer<'a>>,
}

/// The balls of a model set thrown from the same parameters, in model order.
#[derive(Clone, Debug)]
pub struct Recording {
    params: Params,
    balls: Vec<Ball>,
}

impl Recording {
    /// A throw of each of `models` at `params` (validated by the caller).
    pub fn new(params: &Params, models: &[Model]) -> Self {
        Self { params: *params, balls: models.iter().map(|&m| Ball::new(params, m)).collect() }
    }

    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The models thrown, in order.
    pub fn models(&self) -> impl Iterator<Item = Model> + '_ {
        self.balls.iter().map(Ball::model)
    }

    /// Whether all four models are thrown ("both halves of the guarantee") rather than the
    /// article's two.
    pub fn halves(&self) -> bool {
        self.balls.len() == Model::ALL.len()
    }

    /// Throws the four models ([`Model::ALL`]) or the article's two ([`Model::BOTH`]) from
    /// the start.
    pub fn set_halves(&mut self, on: bool) {
        let models: &[Model] = if on { &Model::ALL } else { &Model::BOTH };
        *self = Self::new(&self.params, models);
    }

    /// New parameters (validated by the caller): the throw starts again.
    pub fn set_params(&mut self, params: &Params) {
        self.params = *params;
        self.restart();
    }

    /// Starts the throw again, same models.
    pub fn restart(&mut self) {
        let models: Vec<Model> = self.models().collect();
        *self = Self::new(&self.params, &models);
    }

    pub fn balls(&self) -> &[Ball] {
        &self.balls
    }

    /// The ball of `model`, if thrown.
    pub fn ball(&self, model: Model) -> Option<&Ball> {
        self.balls.iter().find(|b| b.model() == model)
    }

    /// Advances every ball still flying by one step; `false` once all are decided.
    pub fn step(&mut self) -> bool {
        self.balls.iter_mut().fold(false, |any, b| b.step() | any)
    }

    /// Steps until every ball is decided; returns the steps taken now.
    pub fn run_to_end(&mut self) -> u64 {
        let mut n = 0;
        while self.step() {
            n += 1;
        }
        n
    }

    /// Whether every outcome is decided.
    pub fn decided(&self) -> bool {
        self.balls.iter().all(Ball::decided)
    }

    /// Whether every ball still flying is at rest ([`Simulation::at_rest`]): the steps left
    /// change nothing but the clock, so the page may take them at once.
    pub fn settled(&self) -> bool {
        !self.decided() && self.balls.iter().all(|b| b.decided() || b.sim.at_rest())
    }

    /// Steps of the ball that has taken the most.
    pub fn step_count(&self) -> usize {
        self.balls.iter().map(Ball::steps).max().unwrap_or(0)
    }

    /// Whole steps of free flight before a ball comes within d̂ of the front face (the farthest
    /// any contact reaches): no force acts before, so each step moves exactly `v0·h`. The
    /// page plays these fast, so that the contact itself stays watchable.
    pub fn approach_steps(&self) -> u64 {
        let p = &self.params;
        // Finite and at most (2 m)/(1e-5 m) in the figure's ranges: the cast is exact.
        ((p.wall - p.dhat) / (p.v0 * p.h)).floor().max(0.0) as u64
    }

    /// The energy plot's curves. For a finite `x_tilde` (the reader's), every ball's model at
    /// that x̃ with E's global minimizer; else each ball at step `step`, or with `step` 0
    /// following the throw: each ball's latest step, and once all are decided each one's
    /// impact step.
    pub fn energy_view(&self, step: usize, x_tilde: f64) -> EnergyView<'_> {
        let decided = self.decided();
        let layers: Vec<Layer<'_>> = self
            .balls
            .iter()
            .map(|b| {
                if x_tilde.is_finite() {
                    let model = b.model();
                    let minimizer = landscape::minimizer(&self.params, model, x_tilde);
                    return Layer { model, x_tilde, step: None, minimizer, iterates: &[] };
                }
                b.layer(match step {
                    0 if decided => b.impact_step(),
                    0 => b.steps(),
                    s => s,
                })
            })
            .collect();
        let x_tildes: Vec<f64> = layers.iter().map(|l| l.x_tilde).collect();
        let (x0, x1) = plot::window(&self.params, &x_tildes);
        EnergyView { x0, x1, layers }
    }
}
