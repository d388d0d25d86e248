//! One implicit Euler step as the minimization of the incremental potential
//! `E(x) = ½ M (x − x̃)² + h² C(x)` by Newton's method with a CCD-filtered line search.
//!
//! This is the only place that knows about `h²` and the Newton loop. It asks the model's
//! contact energy ([`Contact`]) for values and derivatives and its [`LineSearch`] for the first
//! α, and never asks which model it is. It follows the article's `ip_newton` operation for
//! operation, so that every iterate is bit-identical to the reference; the one addition is
//! [`Integrator::solve`]'s guard that keeps a barrier's ball strictly off the wall where the
//! reference would round onto it (the reference then takes `log(0)` and fails).

use crate::energy::{
    BarrierEnergy, Contact, ContactKind, InertiaEnergy, PenaltyEnergy, UnsignedBarrierEnergy,
};
pub use crate::model::{LineSearch, Model};
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

/// `min(a, b)` likewise.
#[inline(always)]
pub(crate) fn min_from(a: f64, b: f64) -> f64 {
    if b < a {
        b
    } else {
        a
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
    /// How many times backtracking halved α, from `alpha_ccd` down to `alpha`.
    pub halvings: u32,
    /// Whether this iteration met the tolerance (and so took no step).
    pub converged: bool,
}

/// What the trace says of one step's iterates beyond listing them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TraceSummary {
    /// Iterations whose line search CCD clipped.
    pub clipped: usize,
    /// The geometric approach: how many clipped iterations were accepted as clipped (no
    /// backtracking) with the next one still in front of the wall, and the distance the last
    /// of them kept, `d_{i+1} / d_i`, which is `1 − s` for CCD's safety factor `s`.
    pub approach_steps: usize,
    pub approach_ratio: f64,
    /// Whether Newton met the tolerance (else it stopped at its cap).
    pub converged: bool,
}

impl TraceSummary {
    /// The summary of a step's iterates (as [`Integrator::solve`] recorded them).
    pub fn of(iterates: &[Iterate]) -> Self {
        let approach: Vec<f64> = iterates
            .windows(2)
            // A step that lands on the face exactly keeps nothing: not part of the approach.
            .filter(|w| w[0].ccd_clipped && w[0].halvings == 0 && w[0].distance > 0.0 && w[1].distance > 0.0)
            .map(|w| w[1].distance / w[0].distance)
            .collect();
        Self {
            clipped: iterates.iter().filter(|it| it.ccd_clipped).count(),
            approach_steps: approach.len(),
            approach_ratio: approach.last().copied().unwrap_or(f64::NAN),
            converged: iterates.last().is_some_and(|it| it.converged),
        }
    }
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
    /// Whether Newton met the tolerance (rather than stopping at its iteration cap).
    pub converged: bool,
}

/// A step of free flight, as [`Integrator::free_flight`] finds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FreeFlight {
    /// `x_{t+1}`, which is `x̃` to within the tolerance [m].
    pub x: f64,
    /// `(x_{t+1} − xₜ) / h` [m/s].
    pub v: f64,
    pub x_tilde: f64,
    /// `E(x_{t+1})`.
    pub energy: f64,
}

impl FreeFlight {
    /// Newton iterations of a free-flight step as the article counts them: the step, then
    /// its confirmation.
    pub const ITERATIONS: u32 = 2;

    /// The step as [`Integrator::solve`] returns it.
    pub fn solution(&self) -> StepSolution {
        StepSolution {
            x: self.x,
            energy: self.energy,
            iterations: Self::ITERATIONS,
            contact_free: true,
            converged: true,
        }
    }
}

/// The incremental potential of one model at one set of parameters.
#[derive(Clone, Copy, Debug)]
pub struct Integrator {
    model: Model,
    mass: f64,
    h: f64,
    wall: f64,
    ccd_safety: f64,
    tol: f64,
    contact: Contact,
    /// `h²` for the barriers, 1 for penalty: the article writes `H*H*K_PEN*p*p`, and folding
    /// `h²` into the stiffness instead reproduces that rounding exactly.
    weight: f64,
    line_search: LineSearch,
}

impl Integrator {
    /// The integrator for `model` at `params` (assumed valid).
    pub fn new(params: &Params, model: Model) -> Self {
        let h2 = params.h * params.h;
        let (kappa, dhat, wall, thickness) = (params.kappa, params.dhat, params.wall, params.thickness);
        let spec = model.spec();
        let (contact, weight) = match spec.contact {
            ContactKind::Penalty => {
                (Contact::Penalty(PenaltyEnergy { k: h2 * params.k, wall, thickness }), 1.0)
            }
            ContactKind::Barrier => (Contact::Barrier(BarrierEnergy { kappa, dhat, wall }), h2),
            ContactKind::UnsignedBarrier => {
                (Contact::UnsignedBarrier(UnsignedBarrierEnergy { kappa, dhat, wall, thickness }), h2)
            }
        };
        Self {
            model,
            mass: params.mass,
            h: params.h,
            wall,
            ccd_safety: params.ccd_safety,
            tol: params.tol,
            contact,
            weight,
            line_search: spec.line_search,
        }
    }

    /// The contact model.
    pub fn model(&self) -> Model {
        self.model
    }

    /// The contact term (unweighted by `h²`, but for penalty's stiffness).
    pub fn contact(&self) -> &Contact {
        &self.contact
    }

    fn inertia(&self, x_tilde: f64) -> InertiaEnergy {
        InertiaEnergy { mass: self.mass, x_tilde }
    }

    /// Whether the contact term and its derivatives are exactly zero on all of `[lo, hi]`.
    pub fn contact_free(&self, lo: f64, hi: f64) -> bool {
        self.contact.vanishes_on(lo, hi)
    }

    /// `E(x)` for the predicted position `x_tilde`; `+∞` where a barrier forbids `x`.
    pub fn energy(&self, x: f64, x_tilde: f64) -> f64 {
        self.inertia(x_tilde).value(x) + self.weight * self.contact.value(x)
    }

    /// `∇E(x)`.
    pub fn gradient(&self, x: f64, x_tilde: f64) -> f64 {
        self.gradient_hessian(x, x_tilde).0
    }

    /// `∇²E(x)`.
    pub fn hessian(&self, x: f64, x_tilde: f64) -> f64 {
        self.gradient_hessian(x, x_tilde).1
    }

    /// `(∇E(x), ∇²E(x))`, with a barrier's logarithm taken once.
    pub fn gradient_hessian(&self, x: f64, x_tilde: f64) -> (f64, f64) {
        let inertia = self.inertia(x_tilde);
        let (cg, ch) = self.contact.gradient_hessian(x);
        (inertia.gradient(x) + self.weight * cg, inertia.hessian(x) + self.weight * ch)
    }

    /// The α the model's line search starts from along `dx` at `x`, if not 1.
    fn first_alpha(&self, x: f64, dx: f64) -> Option<f64> {
        self.line_search.first_alpha(x, dx, self.wall, self.ccd_safety)
    }

    /// Minimizes `E` from `x0` for the predicted position `x_tilde`, optionally recording
    /// every iterate into `trace` (cleared first).
    ///
    /// Newton with `Δx = −g/H`, stopping when `|Δx| < tol`; the line search starts at α = 1,
    /// or where the model's [`LineSearch`] says, then halves α while `E(x + αΔx) > E(x)` and
    /// `α > 1e-12`. Where a barrier forbids `x + αΔx` (it would round onto the wall), α keeps
    /// halving past that point: a barrier's ball never touches the wall.
    pub fn solve(&self, x0: f64, x_tilde: f64, mut trace: Option<&mut Vec<Iterate>>) -> StepSolution {
        if let Some(t) = trace.as_deref_mut() {
            t.clear();
        }
        let mut x = x0;
        let mut iterations = 0;
        let mut converged = false;
        // E at x, when the line search has already computed it.
        let mut energy_x = None;
        let mut all_free = true;
        for it in 1..=MAX_NEWTON_ITERATIONS {
            iterations = it;
            // Out of contact range the contact terms are exactly zero and adding them changes
            // no bit, so they are skipped: free flight is most steps of a throw.
            let (g, hs) = if self.contact_free(x, x) {
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
                halvings: 0,
                converged: false,
            };
            if dx.abs() < self.tol {
                converged = true;
                if let Some(t) = trace.as_deref_mut() {
                    record.energy = energy_x.unwrap_or_else(|| self.energy(x, x_tilde));
                    record.converged = true;
                    t.push(record);
                }
                break;
            }
            // Every trial point x + αΔx lies between x and x + Δx: one test covers them all.
            let x1 = x + dx;
            let segment_free = self.contact_free(min_from(x, x1), max_from(x, x1));
            all_free &= segment_free;
            let energy = |y: f64| {
                if segment_free {
                    self.inertia(x_tilde).value(y)
                } else {
                    self.energy(y, x_tilde)
                }
            };
            let mut a = 1.0;
            if let Some(clipped) = self.first_alpha(x, dx) {
                a = clipped;
                record.ccd_clipped = true;
            }
            record.alpha_ccd = a;
            let e0 = energy_x.unwrap_or_else(|| energy(x));
            let mut e_trial = energy(x + a * dx);
            while e_trial > e0 && a > MIN_ALPHA {
                a *= 0.5;
                record.halvings += 1;
                e_trial = energy(x + a * dx);
            }
            if !self.contact.feasible(x + a * dx) {
                // Only reachable where the reference would land on the wall by rounding, or
                // (barrier alone) inside it once α is down to its floor.
                while !self.contact.feasible(x + a * dx) && a > 0.0 {
                    a *= 0.5;
                    record.halvings += 1;
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
        StepSolution { x, energy, iterations, contact_free: all_free, converged }
    }

    /// One step of free flight from `x` at speed `v`, if it provably is one: the contact term
    /// vanishes along the whole step, the line search starts at α = 1, and Newton lands on
    /// `x̃` and confirms it, in the two iterations [`Integrator::solve`] takes for it. The same
    /// operations on the same values, bit for bit; `None` hands the step back to `solve`.
    /// Most steps of a throw are this, so the fast paths call it in their tight loops.
    #[inline(always)]
    pub fn free_flight(&self, x: f64, v: f64) -> Option<FreeFlight> {
        let (m, tol) = (self.mass, self.tol);
        // x/1 == x exactly, so the article's M = 1 skips two divisions per step.
        let div_m = |g: f64| if m == 1.0 { -g } else { -g / m };
        let x_tilde = x + self.h * v;
        let r0 = x - x_tilde;
        let dx = div_m(m * r0);
        let x1 = x + dx;
        if dx.abs() < tol || !self.contact_free(min_from(x, x1), max_from(x, x1)) {
            return None;
        }
        if self.first_alpha(x, dx).is_some() {
            return None;
        }
        let r1 = x1 - x_tilde;
        let (e0, e1) = (0.5 * m * (r0 * r0), 0.5 * m * (r1 * r1));
        if e1 > e0 || div_m(m * r1).abs() >= tol {
            return None;
        }
        Some(FreeFlight { x: x1, v: (x1 - x) / self.h, x_tilde, energy: e1 })
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
