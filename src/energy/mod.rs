//! The energy terms of the incremental potential, one per module, each with its value,
//! gradient and Hessian with respect to the ball's position `x`. None of them knows about
//! the time step: the `h²` scaling lives in [`crate::integrator`].
//!
//! [`Contact`] is the one place that dispatches on which contact term a model uses.

pub mod barrier;
pub mod inertia;
pub mod penalty;
pub mod unsigned_barrier;

pub use barrier::BarrierEnergy;
pub use inertia::InertiaEnergy;
pub use penalty::PenaltyEnergy;
pub use unsigned_barrier::UnsignedBarrierEnergy;

/// Which contact energy a model uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ContactKind {
    /// `½ k p²` inside the wall.
    Penalty,
    /// IPC's barrier of the signed distance to the front face: infinite at and behind it.
    Barrier,
    /// IPC's barrier of the unsigned distance to the slab: finite again behind the wall.
    UnsignedBarrier,
}

/// A contact term of the incremental potential (the integrator weights it by `h²`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Contact {
    Penalty(PenaltyEnergy),
    Barrier(BarrierEnergy),
    UnsignedBarrier(UnsignedBarrierEnergy),
}

impl Contact {
    /// The term's value; `+∞` where it forbids the ball.
    pub fn value(&self, x: f64) -> f64 {
        match self {
            Contact::Penalty(e) => e.value(x),
            Contact::Barrier(e) => e.value(x),
            Contact::UnsignedBarrier(e) => e.value(x),
        }
    }

    /// `(gradient, Hessian)`; the barriers take their logarithm once.
    pub fn gradient_hessian(&self, x: f64) -> (f64, f64) {
        match self {
            Contact::Penalty(e) => (e.gradient(x), e.hessian(x)),
            Contact::Barrier(e) => e.gradient_hessian(x),
            Contact::UnsignedBarrier(e) => e.gradient_hessian(x),
        }
    }

    /// Whether the term and its derivatives are exactly zero on all of `[lo, hi]`: penalty
    /// outside the wall, a barrier at least `d̂` from it.
    pub fn vanishes_on(&self, lo: f64, hi: f64) -> bool {
        match self {
            Contact::Penalty(e) => hi <= e.wall || lo >= e.wall + e.thickness,
            Contact::Barrier(e) => e.wall - hi >= e.dhat,
            Contact::UnsignedBarrier(e) => e.wall - hi >= e.dhat || lo - (e.wall + e.thickness) >= e.dhat,
        }
    }

    /// Whether the ball at `x` is in contact: penalty inside the wall, a barrier within `d̂`.
    pub fn active(&self, x: f64) -> bool {
        match self {
            Contact::Penalty(e) => x > e.wall,
            Contact::Barrier(e) => e.wall - x < e.dhat,
            Contact::UnsignedBarrier(e) => e.distance(x).0 < e.dhat,
        }
    }

    /// Whether the term is finite at `x`: the barriers forbid the wall (and the signed one
    /// what lies behind it); penalty forbids nothing.
    pub fn feasible(&self, x: f64) -> bool {
        match self {
            Contact::Penalty(_) => true,
            Contact::Barrier(e) => e.wall - x > 0.0,
            Contact::UnsignedBarrier(e) => e.distance(x).0 > 0.0,
        }
    }
}
