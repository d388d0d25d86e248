//! A throw: the ball starts at `x = 0` with speed `v0` and steps until its outcome is decided.

use crate::integrator::{max_from, FreeFlight, Integrator, Iterate, Model, StepSolution};
use crate::params::{Params, WallSide};
pub use crate::recording::Recording;

/// How a throw ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Not decided yet.
    Flying,
    /// The ball came out behind the wall: `x > wall + W` after a step.
    Through,
    /// The throw ended with the ball in front of the wall (or, for penalty, inside it).
    Stopped,
}

impl Outcome {
    /// `"flying"`, `"through"` or `"stopped"`, as in the CSV and the JS API.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Flying => "flying",
            Outcome::Through => "through",
            Outcome::Stopped => "stopped",
        }
    }
}

/// When a throw that has not gone through counts as stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Horizon {
    /// After a fixed number of steps: the article's `throw(v0, mode, steps=80)`.
    Steps(u32),
    /// Once the ball has been in contact and is moving away, out of contact range; or at the
    /// duration cap of [`Simulation::step_cap`]. When a fixed-length throw covers the whole
    /// contact, this gives the same penetration (or gap) and Newton count, since what
    /// follows is free flight away from the wall.
    UntilDecided,
}

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepReport {
    /// Steps taken so far, this one included.
    pub step: u64,
    /// `step · h` [s].
    pub time: f64,
    /// Position after the step [m].
    pub x: f64,
    /// Velocity after the step [m/s].
    pub v: f64,
    /// The predicted position this step minimized towards [m].
    pub x_tilde: f64,
    /// Newton iterations of this step.
    pub newton_iterations: u32,
    /// `E(x)` at the new position.
    pub energy: f64,
    /// Distance from the front face, `wall − x` [m] (negative inside or behind the wall).
    pub distance: f64,
    /// The throw's outcome after this step.
    pub outcome: Outcome,
}

/// The outcome of a throw, as the article's table reports it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThrowResult {
    pub outcome: Outcome,
    /// Largest `x − wall` seen before the outcome (negative: the gap) [m]. For a ball that
    /// went through, the step that jumped is not counted, as in the article.
    pub xmax_minus_wall: f64,
    /// Largest Newton count over those steps.
    pub newton_max: u32,
    /// Steps taken.
    pub steps: u64,
    /// Whether the largest `x` reached the front face exactly (a gap of exactly 0).
    pub touching: bool,
    /// Whether Newton met the tolerance at every step counted, the impact step among them
    /// (rather than stopping at its cap of 59 iterations).
    pub converged: bool,
}

/// One ball, one contact model, stepping from `x = 0`.
#[derive(Clone, Debug)]
pub struct Simulation {
    params: Params,
    integrator: Integrator,
    horizon: Horizon,
    cap: u64,
    x: f64,
    v: f64,
    step: u64,
    xmax: f64,
    newton_max: u32,
    converged: bool,
    contact: bool,
    outcome: Outcome,
    trace: Option<Vec<Iterate>>,
}

/// Building and restarting a throw.
impl Simulation {
    /// A throw of `model` at `params` (validated by the caller: see [`Params::validate`]).
    pub fn new(params: &Params, model: Model, horizon: Horizon) -> Self {
        Self {
            params: *params,
            integrator: Integrator::new(params, model),
            horizon,
            cap: match horizon {
                Horizon::Steps(n) => u64::from(n),
                Horizon::UntilDecided => Self::step_cap(params),
            },
            x: 0.0,
            v: params.v0,
            step: 0,
            xmax: 0.0,
            newton_max: 0,
            converged: true,
            contact: false,
            outcome: Outcome::Flying,
            trace: None,
        }
    }

    /// Also record every Newton iterate of the latest step (see [`Simulation::iterates`]).
    pub fn with_trace(mut self) -> Self {
        self.trace = Some(Vec::new());
        self
    }

    /// The duration cap of an until-decided throw, in steps: at least the fixed step count,
    /// and long enough to fly to the back face and back twice over plus one second.
    pub fn step_cap(params: &Params) -> u64 {
        const MAX: f64 = 1e7;
        let duration = 2.0 * (params.wall + params.thickness) / params.v0 + 1.0;
        let steps = (duration / params.h).ceil().min(MAX);
        // `steps` is finite and at most 1e7, so the cast is exact.
        (steps as u64).max(u64::from(params.steps))
    }

    /// Starts the throw again.
    pub fn reset(&mut self) {
        let trace = self.trace.take().map(|mut t| {
            t.clear();
            t
        });
        *self = Self { trace, ..Self::new(&self.params, self.integrator.model(), self.horizon) };
    }

    /// The same throw, in the same state, continued with another contact model. Meaningful
    /// while the throw has been out of contact range for both models.
    pub fn with_model(&self, model: Model) -> Simulation {
        Simulation { integrator: Integrator::new(&self.params, model), ..self.clone() }
    }

    /// [`Simulation::with_model`] with the penalty stiffness `k` as well: the approach does
    /// not depend on `k`, so one approach serves every stiffness of a table row.
    pub fn with_penalty_stiffness(&self, k: f64) -> Simulation {
        let params = Params { k, ..self.params };
        Simulation { params, integrator: Integrator::new(&params, Model::Penalty), ..self.clone() }
    }
}

/// Stepping: one Newton solve of the integrator per step, and the outcome it decides.
impl Simulation {
    /// Advances one step, or returns `None` once the outcome is decided.
    pub fn step(&mut self) -> Option<StepReport> {
        if self.outcome != Outcome::Flying {
            return None;
        }
        let (sol, v, x_tilde) = self.integrator.step(self.x, self.v, self.trace.as_mut());
        Some(self.commit(sol, v, x_tilde))
    }

    /// Advances one step only if it is entirely out of contact range (see
    /// [`StepSolution::contact_free`]); otherwise changes nothing and returns `false`.
    ///
    /// An IPC throw's steps up to its first contact are bit-identical to the penalty throw's,
    /// so both can share them: step the IPC simulation with this, then
    /// [`Simulation::with_model`].
    pub fn step_out_of_contact(&mut self) -> bool {
        if self.outcome != Outcome::Flying {
            return false;
        }
        let (sol, v, x_tilde) = self.integrator.step(self.x, self.v, self.trace.as_mut());
        if !sol.contact_free {
            return false;
        }
        self.commit(sol, v, x_tilde);
        true
    }

    /// Moves the ball to the step's solution and decides the outcome.
    fn commit(&mut self, sol: StepSolution, v: f64, x_tilde: f64) -> StepReport {
        self.step += 1;
        self.x = sol.x;
        self.v = v;
        if self.params.side_of(self.x) == WallSide::Behind {
            self.outcome = Outcome::Through;
        } else {
            let in_contact = self.count(&sol);
            if self.ended(in_contact) {
                self.outcome = Outcome::Stopped;
            }
        }
        self.report(&sol, x_tilde)
    }

    /// Adds a step in front of or inside the wall to the result (the largest x, the Newton
    /// maximum, convergence, contact); returns whether the ball is in contact range now.
    #[inline]
    fn count(&mut self, sol: &StepSolution) -> bool {
        self.xmax = max_from(self.xmax, self.x);
        self.newton_max = self.newton_max.max(sol.iterations);
        self.converged &= sol.converged;
        let in_contact = self.integrator.contact().active(self.x);
        self.contact |= in_contact;
        in_contact
    }

    /// Whether the throw stops after this step: at the cap, or until decided once the ball
    /// has left contact range moving away.
    #[inline]
    fn ended(&self, in_contact: bool) -> bool {
        let left_contact = self.contact && !in_contact && self.v < 0.0;
        match self.horizon {
            Horizon::Steps(_) => self.step >= self.cap,
            Horizon::UntilDecided => left_contact || self.step >= self.cap,
        }
    }

    /// What the step just committed did.
    #[inline]
    fn report(&self, sol: &StepSolution, x_tilde: f64) -> StepReport {
        let p = &self.params;
        StepReport {
            step: self.step,
            time: self.step as f64 * p.h,
            x: self.x,
            v: self.v,
            x_tilde,
            newton_iterations: sol.iterations,
            energy: sol.energy,
            distance: p.wall - self.x,
            outcome: self.outcome,
        }
    }

    /// Steps until decided and returns the result.
    pub fn run(&mut self) -> ThrowResult {
        loop {
            self.coast();
            let before = (self.x, self.v);
            if self.step().is_none() {
                return self.result();
            }
            self.skip_repeats(before);
        }
    }

    /// The result so far (final once [`Simulation::outcome`] is not `Flying`).
    pub fn result(&self) -> ThrowResult {
        ThrowResult {
            outcome: self.outcome,
            xmax_minus_wall: self.xmax - self.params.wall,
            newton_max: self.newton_max,
            steps: self.step,
            touching: self.xmax == self.params.wall,
            converged: self.converged,
        }
    }
}

/// The fast paths: free-flight steps taken with the integrator's [`Integrator::free_flight`]
/// and the bookkeeping cut to what can change, bit for bit as [`Simulation::step`].
impl Simulation {
    /// Takes free-flight steps, bit for bit as [`Simulation::step`] would, for as long as each
    /// is provably out of contact range and settles in the usual two Newton iterations;
    /// returns how many it took. Most of a slow throw is this approach to the wall.
    ///
    /// Out of range the potential is the inertia alone: one Newton step lands on the minimum,
    /// the line search accepts it, and the second iteration confirms it. This does exactly
    /// those operations and hands any other case back to [`Simulation::step`].
    pub fn coast(&mut self) -> u64 {
        if self.trace.is_some() {
            return 0;
        }
        let mut n = 0;
        if let Some(mut f) = self.flight() {
            while self.fly_once(&mut f) {}
            n = self.land(f);
        }
        while self.coast_once() {
            n += 1;
        }
        n
    }

    /// The state free flight changes, to keep in registers, if the tight loop of
    /// [`Simulation::fly_once`] applies: no trace, and no step of it can end the throw but the
    /// last before the cap, left to [`Simulation::coast_once`]. That holds before any
    /// contact, and after contact for a fixed number of steps, where only the count ends a
    /// throw (most of an article throw is the ball flying back).
    fn flight(&self) -> Option<Flight> {
        let fast = self.trace.is_none()
            && (!self.contact || matches!(self.horizon, Horizon::Steps(_)))
            && self.outcome == Outcome::Flying;
        fast.then_some(Flight { x: self.x, v: self.v, xmax: self.xmax, step: self.step })
    }

    /// [`Simulation::coast_once`] on a [`Flight`]: the integrator's free-flight step, minus
    /// the bookkeeping that cannot change before the first contact.
    #[inline(always)]
    fn fly_once(&self, f: &mut Flight) -> bool {
        if f.step + 1 >= self.cap {
            return false;
        }
        let Some(FreeFlight { x, v, .. }) = self.integrator.free_flight(f.x, f.v) else { return false };
        f.v = v;
        f.x = x;
        f.xmax = max_from(f.xmax, x);
        f.step += 1;
        true
    }

    /// Writes a [`Flight`] back; returns the steps it took.
    fn land(&mut self, f: Flight) -> u64 {
        let n = f.step - self.step;
        if n > 0 {
            self.x = f.x;
            self.v = f.v;
            self.xmax = f.xmax;
            self.step = f.step;
            self.newton_max = self.newton_max.max(FreeFlight::ITERATIONS);
        }
        n
    }

    /// One step of [`Simulation::coast`]: takes it and returns `true` if it is provably free
    /// flight that settles in two Newton iterations; otherwise changes nothing.
    #[inline(always)]
    fn coast_once(&mut self) -> bool {
        if self.outcome != Outcome::Flying {
            return false;
        }
        let Some(f) = self.integrator.free_flight(self.x, self.v) else { return false };
        self.commit(f.solution(), f.v, f.x_tilde);
        true
    }

    /// After a step that left the state `(x, v)` as it was `before`, bit for bit, jumps to
    /// the last step before the cap. A step is a pure function of `(x, v)`, so every step up
    /// to the cap would repeat it exactly and change nothing but the count: the ball the
    /// CCD line search has glued to the face, at rest, waits out the cap this way (tens of
    /// thousands of steps at small d̂ and κ). The last step is still taken by
    /// [`Simulation::step`], so the result is bit for bit the stepped throw's.
    fn skip_repeats(&mut self, before: (f64, f64)) {
        if same_bits(before, (self.x, self.v)) && self.trace.is_none() && self.outcome == Outcome::Flying {
            self.step = self.step.max(self.cap.saturating_sub(1));
        }
    }

    /// Steps until the next step is one of [`Simulation::coast`]'s tight free-flight steps,
    /// or the throw ends: after it, [`coast_lanes`] flies it beside other throws.
    pub fn step_to_flight(&mut self) {
        while self.outcome == Outcome::Flying && !self.flight().is_some_and(|mut f| self.fly_once(&mut f)) {
            if self.step().is_none() {
                return;
            }
        }
    }
}

/// Reading the throw.
impl Simulation {
    /// Every Newton iterate of the latest step; empty unless built [`Simulation::with_trace`].
    pub fn iterates(&self) -> &[Iterate] {
        self.trace.as_deref().unwrap_or(&[])
    }

    pub fn params(&self) -> &Params {
        &self.params
    }
    pub fn integrator(&self) -> &Integrator {
        &self.integrator
    }
    pub fn model(&self) -> Model {
        self.integrator.model()
    }
    pub fn x(&self) -> f64 {
        self.x
    }
    pub fn v(&self) -> f64 {
        self.v
    }
    pub fn steps_taken(&self) -> u64 {
        self.step
    }
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }
    /// Whether the ball has entered contact range (penalty: inside the wall; IPC: d < d̂).
    pub fn has_touched(&self) -> bool {
        self.contact
    }

    /// Whether the ball is at rest for good: a step from here leaves `x` and `v` as they are,
    /// bit for bit, so every step left is this one again (see [`Simulation::run`]'s skip).
    /// CCD alone glued to the face waits out the duration cap this way (`v = 0`, `∇E(x) = 0`),
    /// and so does the IPC ball its line search has pinned to the face at small d̂ and κ,
    /// where the barrier's push no longer moves `x` by one ulp. Costs one solve.
    pub fn at_rest(&self) -> bool {
        let (sol, v, _) = self.integrator.step(self.x, self.v, None);
        same_bits((sol.x, v), (self.x, self.v))
    }
}

/// Whether two states `(x, v)` are the same bit for bit (so `-0.0` differs from `0.0`): then
/// the steps from them are the same too.
fn same_bits(a: (f64, f64), b: (f64, f64)) -> bool {
    a.0.to_bits() == b.0.to_bits() && a.1.to_bits() == b.1.to_bits()
}

/// What free flight changes; see [`Simulation::flight`].
#[derive(Clone, Copy, Debug)]
struct Flight {
    x: f64,
    v: f64,
    xmax: f64,
    step: u64,
}

/// A whole throw of `model` at `params`.
pub fn throw(params: &Params, model: Model, horizon: Horizon) -> ThrowResult {
    Simulation::new(params, model, horizon).run()
}

/// Both balls from the same parameters, side by side: `[penalty, ipc]`. The steps before
/// the first contact are computed once for both (they are bit-identical), so this costs
/// about half of two separate throws when the approach is long.
pub fn throw_both(params: &Params, horizon: Horizon) -> [ThrowResult; 2] {
    let mut ipc = Simulation::new(params, Model::Ipc, horizon);
    while ipc.coast() > 0 || ipc.step_out_of_contact() {}
    let penalty = ipc.with_model(Model::Penalty).run();
    [penalty, ipc.run()]
}

/// [`throw_both`] at `N` sets of parameters at once, with their approaches coasted side by
/// side ([`coast_lanes`]); every result is bit for bit that of [`throw_both`].
pub fn throw_both_lanes<const N: usize>(params: &[Params; N], horizon: Horizon) -> [[ThrowResult; 2]; N] {
    let mut sims = params.each_ref().map(|p| Simulation::new(p, Model::Ipc, horizon));
    coast_lanes(&mut sims);
    sims.map(|mut ipc| {
        while ipc.coast() > 0 || ipc.step_out_of_contact() {}
        let penalty = ipc.with_model(Model::Penalty).run();
        [penalty, ipc.run()]
    })
}

/// [`throw`] of one model at `N` sets of parameters at once, with their approaches coasted
/// side by side ([`coast_lanes`]); every result is bit for bit that of [`throw`].
pub fn throw_lanes<const N: usize>(params: &[Params; N], model: Model, horizon: Horizon) -> [ThrowResult; N] {
    let mut sims = params.each_ref().map(|p| Simulation::new(p, model, horizon));
    coast_lanes(&mut sims);
    sims.map(|mut s| s.run())
}

/// Coasts several throws side by side, each exactly as [`Simulation::coast`] would (same
/// steps, same bits), interleaved step by step. One free-flight step is a chain of dependent
/// operations (a division among them) that leaves the CPU mostly waiting; independent throws
/// fill those waits, so N lanes cost little more than one. Returns when no lane can coast.
pub fn coast_lanes<const N: usize>(sims: &mut [Simulation; N]) {
    let mut flights = sims.each_ref().map(Simulation::flight);
    let mut active = flights.each_ref().map(Option::is_some);
    loop {
        let mut any = false;
        for ((s, f), a) in sims.iter().zip(flights.iter_mut()).zip(active.iter_mut()) {
            if let (true, Some(f)) = (*a, f.as_mut()) {
                *a = s.fly_once(f);
                any |= *a;
            }
        }
        if !any {
            break;
        }
    }
    for (s, f) in sims.iter_mut().zip(flights) {
        if let Some(f) = f {
            s.land(f);
        }
        s.coast();
    }
}
