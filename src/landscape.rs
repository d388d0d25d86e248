//! The energy landscape `E(x)` for a given predicted position `x̃`, for plotting: what the
//! reader sees change as they drag `x̃` past the wall.

use crate::energy::barrier::barrier_first_derivative;
use crate::integrator::{Integrator, Model};
use crate::params::Params;

/// `E(x)` of `model` for the predicted position `x_tilde`.
pub fn energy(params: &Params, model: Model, x: f64, x_tilde: f64) -> f64 {
    Integrator::new(params, model).energy(x, x_tilde)
}

/// `∇E(x)` of `model` for the predicted position `x_tilde`.
pub fn gradient(params: &Params, model: Model, x: f64, x_tilde: f64) -> f64 {
    Integrator::new(params, model).gradient(x, x_tilde)
}

/// `n ≥ 2` samples of `E` on `[x0, x1]`, evenly spaced.
pub fn samples(params: &Params, model: Model, x_tilde: f64, x0: f64, x1: f64, n: usize) -> Vec<(f64, f64)> {
    let ip = Integrator::new(params, model);
    let n = n.max(2);
    (0..n)
        .map(|i| {
            let x = x0 + (x1 - x0) * (i as f64 / (n - 1) as f64);
            (x, ip.energy(x, x_tilde))
        })
        .collect()
}

/// The global minimizer of `E` for the predicted position `x_tilde`.
///
/// Penalty: `E ≥ 0` vanishes at `x̃` outside the wall, so `x̃` itself is the minimizer there;
/// inside, `E` is quadratic on each half of the wall and the lower of the two pieces' minima
/// wins, which is why the minimizer jumps to the back face once `x̃` passes the mid-plane.
/// IPC: `E` is convex in front of the wall and infinite behind it; the minimizer is `x̃` out of
/// contact range and otherwise the root of the gradient in `(wall − d̂, wall)`, found by
/// bisection on `ln d` (d spans many decades).
pub fn minimizer(params: &Params, model: Model, x_tilde: f64) -> f64 {
    let wall = params.wall;
    match model {
        Model::Penalty => {
            let back = wall + params.thickness;
            if x_tilde <= wall || x_tilde >= back {
                return x_tilde;
            }
            let ip = Integrator::new(params, model);
            let s = params.mass / (params.mass + params.h * params.h * params.k);
            let mid = wall + 0.5 * params.thickness;
            // Each half's quadratic minimum, clamped into that half.
            let front = (wall + s * (x_tilde - wall)).clamp(wall, mid);
            let rear = (back + s * (x_tilde - back)).clamp(mid, back);
            if ip.energy(rear, x_tilde) < ip.energy(front, x_tilde) {
                rear
            } else {
                front
            }
        }
        Model::Ipc => {
            let dhat = params.dhat;
            if wall - x_tilde >= dhat {
                return x_tilde;
            }
            let h2kappa = params.h * params.h * params.kappa;
            // ∇E as a function of d = wall − x; it decreases in d, from +∞ at d → 0.
            let grad =
                |d: f64| params.mass * (wall - d - x_tilde) - h2kappa * barrier_first_derivative(d, dhat);
            // exp(−745) is the smallest positive f64.
            let (mut lo, mut hi) = (-745.0_f64, dhat.ln());
            for _ in 0..100 {
                let mid = 0.5 * (lo + hi);
                if grad(mid.exp()) > 0.0 {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            wall - (0.5 * (lo + hi)).exp()
        }
    }
}
