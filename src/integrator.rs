//! One implicit Euler step as the minimization of the incremental potential
//! `E(x) = ½ M (x − x̃)² + h² C(x)` by Newton's method with a CCD-filtered line search.
//!
//! This is the only place that knows about `h²` and the Newton loop. It follows the
//! article's `ip_newton` operation for operation, so that every iterate is bit-identical to
//! the reference; the one addition is [`Integrator::solve`]'s guard that keeps the IPC ball
//! strictly in front of the wall where the reference would round onto it (the reference then
//! takes `log(0)` and fails).

use crate::ccd::collision_free_stepsize;
use crate::energy::{BarrierEnergy, InertiaEnergy, PenaltyEnergy};
use crate::params::Params;

/// The article's Newton loop runs `for it in range(1, 60)`: at most 59 iterations.
pub const MAX_NEWTON_ITERATIONS: u32 = 59;
/// The backtracking line search halves α while it is above this.
pub const MIN_ALPHA: f64 = 1e-12;

/// `max(a, b)` for a number `a`: what `f64::max` returns then, without the library call it
/// becomes on wasm32 (whose own `max` treats NaN differently), in the innermost loops.
#[inline(always)]
pub(crate) fn max_from(a: f64, b: f64) -> f64 {
    if a < b {
        b
    } else {
        a
    }
}

/// Which contact model a ball uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Model {
    /// `½ k p²` inside the wall: the red ball.
    Penalty,
    /// IPC's log barrier with CCD: the green ball.
    Ipc,
}

impl Model {
    /// Both models, penalty first (the order of the article's columns).
    pub const BOTH: [Model; 2] = [Model::Penalty, Model::Ipc];

    /// `"penalty"` or `"ipc"`, as in the CSV and the JS API.
    pub fn name(self) -> &'static str {
        match self {
            Model::Penalty => "penalty",
            Model::Ipc => "ipc",
        }
    }
}

/// One Newton iteration of a step, as the trace panel lists it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Iterate {
    /// Position at the start of the iteration [m].
    pub x: f64,
    /// `E(x)` at that position.
    pub energy: f64,
    /// `∇E(x)`.
    pub gradient: f64,
    /// Newton direction `Δx = −∇E / ∇²E` [m].
    pub dx: f64,
    /// Distance to the front face, `wall − x` [m].
    pub distance: f64,
    /// α the line search starts from: 1, or the CCD-clipped value.
    pub alpha_ccd: f64,
    /// Whether CCD clipped the step.
    pub ccd_clipped: bool,
    /// α after backtracking; 0 on the final iteration, where `|Δx| < tol` and no step is taken.
    pub alpha: f64,
    /// Whether this iteration met the tolerance (and so took no step).
    pub converged: bool,
}

/// The result of one Newton solve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepSolution {
    /// The minimizer found, `x_{t+1}` [m].
    pub x: f64,
    /// `E` at that point.
    pub energy: f64,
    /// Newton iterations, counted as the article counts them (the converged one included).
    pub iterations: u32,
    /// Whether every point the solve evaluated was out of contact range, so the contact term
    /// played no part. For IPC this means `d ≥ d̂` throughout, and the penalty model would
    /// have taken exactly the same step.
    pub contact_free: bool,
}

/// The incremental potential of one model at one set of parameters.
#[derive(Clone, Copy, Debug)]
pub struct Integrator {
    model: Model,
    mass: f64,
    h: f64,
    h2: f64,
    wall: f64,
    ccd_safety: f64,
    tol: f64,
    barrier: BarrierEnergy,
    /// Holds `h² k` rather than `k`: the article writes `H*H*K_PEN*p*p`, and folding `h²`
    /// into the stiffness reproduces that rounding exactly.
    penalty_h2: PenaltyEnergy,
}

impl Integrator {
    /// The integrator for `model` at `params` (assumed valid).
    pub fn new(params: &Params, model: Model) -> Self {
        let h2 = params.h * params.h;
        Self {
            model,
            mass: params.mass,
            h: params.h,
            h2,
            wall: params.wall,
            ccd_safety: params.ccd_safety,
            tol: params.tol,
            barrier: BarrierEnergy { kappa: params.kappa, dhat: params.dhat, wall: params.wall },
            penalty_h2: PenaltyEnergy { k: h2 * params.k, wall: params.wall, thickness: params.thickness },
        }
    }

    /// The contact model.
    pub fn model(&self) -> Model {
        self.model
    }

    fn inertia(&self, x_tilde: f64) -> InertiaEnergy {
        InertiaEnergy { mass: self.mass, x_tilde }
    }

    /// Whether the contact term and its derivatives are exactly zero at `x` and at every
    /// position in front of it: IPC at `d ≥ d̂` (the barrier's own test), penalty in front of
    /// the wall.
    pub fn contact_free(&self, x: f64) -> bool {
        match self.model {
            Model::Ipc => self.wall - x >= self.barrier.dhat,
            Model::Penalty => x <= self.wall,
        }
    }

    /// `E(x)` for the predicted position `x_tilde`; `+∞` for IPC at or behind the wall.
    pub fn energy(&self, x: f64, x_tilde: f64) -> f64 {
        let e = self.inertia(x_tilde).value(x);
        match self.model {
            Model::Ipc => e + self.h2 * self.barrier.value(x),
            Model::Penalty => e + self.penalty_h2.value(x),
        }
    }

    /// `∇E(x)`.
    pub fn gradient(&self, x: f64, x_tilde: f64) -> f64 {
        let g = self.inertia(x_tilde).gradient(x);
        match self.model {
            Model::Ipc => g + self.h2 * self.barrier.gradient(x),
            Model::Penalty => g + self.penalty_h2.gradient(x),
        }
    }

    /// `∇²E(x)`.
    pub fn hessian(&self, x: f64, x_tilde: f64) -> f64 {
        let hs = self.inertia(x_tilde).hessian(x);
        match self.model {
            Model::Ipc => hs + self.h2 * self.barrier.hessian(x),
            Model::Penalty => hs + self.penalty_h2.hessian(x),
        }
    }

    /// `(∇E(x), ∇²E(x))`: the same bits as [`Integrator::gradient`] and
    /// [`Integrator::hessian`], with the barrier's logarithm taken once.
    pub fn gradient_hessian(&self, x: f64, x_tilde: f64) -> (f64, f64) {
        match self.model {
            Model::Ipc => {
                let inertia = self.inertia(x_tilde);
                let (bg, bh) = self.barrier.gradient_hessian(x);
                (inertia.gradient(x) + self.h2 * bg, inertia.hessian(x) + self.h2 * bh)
            }
            Model::Penalty => (self.gradient(x, x_tilde), self.hessian(x, x_tilde)),
        }
    }

    /// Minimizes `E` from `x0` for the predicted position `x_tilde`, optionally recording
    /// every iterate into `trace` (cleared first).
    ///
    /// Newton with `Δx = −g/H`, stopping when `|Δx| < tol`; the line search starts at α = 1,
    /// clipped for IPC by [`collision_free_stepsize`], then halves α while
    /// `E(x + αΔx) > E(x)` and `α > 1e-12`. For IPC, α keeps halving past that point if
    /// `x + αΔx` would round onto or behind the wall: the ball never touches it.
    pub fn solve(&self, x0: f64, x_tilde: f64, mut trace: Option<&mut Vec<Iterate>>) -> StepSolution {
        if let Some(t) = trace.as_deref_mut() {
            t.clear();
        }
        let mut x = x0;
        let mut iterations = 0;
        // E at x, when the line search has already computed it.
        let mut energy_x = None;
        let mut all_free = true;
        for it in 1..=MAX_NEWTON_ITERATIONS {
            iterations = it;
            // Out of contact range the contact terms are exactly zero and adding them changes
            // no bit, so they are skipped: free flight is most steps of a throw.
            let (g, hs) = if self.contact_free(x) {
                (self.mass * (x - x_tilde), self.mass)
            } else {
                all_free = false;
                self.gradient_hessian(x, x_tilde)
            };
            let dx = -g / hs;
            let mut record = Iterate {
                x,
                energy: f64::NAN,
                gradient: g,
                dx,
                distance: self.wall - x,
                alpha_ccd: 1.0,
                ccd_clipped: false,
                alpha: 0.0,
                converged: false,
            };
            if dx.abs() < self.tol {
                if let Some(t) = trace.as_deref_mut() {
                    record.energy = energy_x.unwrap_or_else(|| self.energy(x, x_tilde));
                    record.converged = true;
                    t.push(record);
                }
                break;
            }
            // Every trial point x + αΔx lies between x and x + Δx, and contact_free is
            // monotone in x, so one test covers the whole line search.
            let segment_free = self.contact_free(max_from(x, x + dx));
            all_free &= segment_free;
            let energy = |y: f64| {
                if segment_free {
                    self.inertia(x_tilde).value(y)
                } else {
                    self.energy(y, x_tilde)
                }
            };
            let mut a = 1.0;
            if self.model == Model::Ipc && !segment_free {
                if let Some(clipped) = collision_free_stepsize(x, dx, self.wall, self.ccd_safety) {
                    a = clipped;
                    record.ccd_clipped = true;
                }
            }
            record.alpha_ccd = a;
            let e0 = energy_x.unwrap_or_else(|| energy(x));
            let mut e_trial = energy(x + a * dx);
            while e_trial > e0 && a > MIN_ALPHA {
                a *= 0.5;
                e_trial = energy(x + a * dx);
            }
            if self.model == Model::Ipc && self.wall - (x + a * dx) <= 0.0 {
                // Only reachable where the reference would land on the wall by rounding.
                while self.wall - (x + a * dx) <= 0.0 && a > 0.0 {
                    a *= 0.5;
                }
                e_trial = energy(x + a * dx);
            }
            if let Some(t) = trace.as_deref_mut() {
                record.energy = e0;
                record.alpha = a;
                t.push(record);
            }
            x += a * dx;
            energy_x = Some(e_trial);
        }
        let energy = energy_x.unwrap_or_else(|| self.energy(x, x_tilde));
        StepSolution { x, energy, iterations, contact_free: all_free }
    }

    /// One time step from position `x` and velocity `v`: predicts `x̃ = x + h v`, solves,
    /// and returns the solution and the new velocity `(x_{t+1} − x) / h`.
    pub fn step(&self, x: f64, v: f64, trace: Option<&mut Vec<Iterate>>) -> (StepSolution, f64, f64) {
        let x_tilde = x + self.h * v;
        let sol = self.solve(x, x_tilde, trace);
        let v_new = (sol.x - x) / self.h;
        (sol, v_new, x_tilde)
    }
}
