//! # ipc-wall
//!
//! A 1 kg ball thrown at a 20 mm wall, simulated with implicit Euler written as the
//! minimization of an incremental potential
//!
//! ```text
//! E(x) = ½ M (x − x̃)² + h² C(x),    x̃ = xₜ + h vₜ
//! ```
//!
//! with either penalty contact, `C = ½ k p²` for a depth `p` inside the wall, or IPC's log
//! barrier, `C = κ b(d, d̂)` with `b = −(d − d̂)² ln(d / d̂)`. This crate is the article's
//! reference algorithm, operation for operation, so that its table comes out to the last
//! printed digit; the only departure is a guard that keeps the IPC ball strictly in front of
//! the wall where the reference would round onto it (see [`integrator`]).
//!
//! The core (everything but `wasm`) has no web code and builds natively; so does the energy
//! plot ([`plot`]), drawn on the page's canvas and, natively, into the static figure.

pub mod ccd;
pub mod energy;
#[cfg(not(target_arch = "wasm32"))]
pub mod figure;
pub mod format;
pub mod integrator;
pub mod landscape;
pub mod model;
pub mod params;
pub mod recording;
pub mod regime;
pub mod sim;
pub mod table;

pub mod plot;
#[cfg(target_arch = "wasm32")]
pub mod plot_canvas;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use integrator::{Integrator, Iterate, StepSolution, TraceSummary};
pub use model::{LineSearch, Model};
pub use params::{Field, ParamError, Params, Spec, WallSide};
pub use sim::{Horizon, Outcome, Recording, Simulation, StepReport, ThrowResult};
