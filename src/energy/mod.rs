//! The energy terms of the incremental potential, one per module, each with its value,
//! gradient and Hessian with respect to the ball's position `x`. None of them knows about
//! the time step: the `h²` scaling lives in [`crate::integrator`].

pub mod barrier;
pub mod inertia;
pub mod penalty;

pub use barrier::BarrierEnergy;
pub use inertia::InertiaEnergy;
pub use penalty::PenaltyEnergy;
