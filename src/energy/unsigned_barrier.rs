//! IPC's log barrier of the *unsigned* distance to the wall as a slab, as 3D IPC uses it
//! (point–triangle distances have no sign): the "barrier alone" of the article's section "La
//! barrera sola no basta". Behind the wall the distance grows again, so the barrier is finite
//! there: a search that evaluates only the endpoint of a step that jumps the slab sees zero.

use super::barrier::{barrier, barrier_derivatives};

/// Contact energy `κ b(d, d̂)` with `d` the distance to the slab `[wall, wall + W]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UnsignedBarrierEnergy {
    /// Barrier stiffness κ.
    pub kappa: f64,
    /// Activation distance d̂ [m].
    pub dhat: f64,
    /// Front face [m].
    pub wall: f64,
    /// Thickness W [m].
    pub thickness: f64,
}

impl UnsignedBarrierEnergy {
    /// `(d, ∂d/∂x)`: `(wall − x, −1)` in front, `(x − (wall + W), +1)` behind, and `(0, 0)`
    /// on or inside the slab, where the barrier is infinite.
    pub fn distance(&self, x: f64) -> (f64, f64) {
        let back = self.wall + self.thickness;
        if x < self.wall {
            (self.wall - x, -1.0)
        } else if x > back {
            (x - back, 1.0)
        } else {
            (0.0, 0.0)
        }
    }

    /// `κ b(d)`; `+∞` on or inside the slab.
    pub fn value(&self, x: f64) -> f64 {
        self.kappa * barrier(self.distance(x).0, self.dhat)
    }

    /// `(∂d/∂x) κ b′(d)`: in front the same bits as the signed barrier's `−κ b′`.
    pub fn gradient_hessian(&self, x: f64) -> (f64, f64) {
        let (d, s) = self.distance(x);
        let (b1, b2) = barrier_derivatives(d, self.dhat);
        let g = self.kappa * b1;
        let g = if s < 0.0 {
            -g
        } else if s > 0.0 {
            g
        } else {
            0.0
        };
        (g, self.kappa * b2)
    }

    /// `∇` of [`UnsignedBarrierEnergy::value`].
    pub fn gradient(&self, x: f64) -> f64 {
        self.gradient_hessian(x).0
    }

    /// `∇²` of [`UnsignedBarrierEnergy::value`].
    pub fn hessian(&self, x: f64) -> f64 {
        self.gradient_hessian(x).1
    }
}
