//! IPC's log barrier.
//!
//! The scalar barrier and its two derivatives are free functions of the distance `d`, as in
//! ipc-toolkit's `barrier.cpp`; [`BarrierEnergy`] applies them to the ball's position
//! through `d = wall − x` and multiplies by the stiffness `κ`.

/// The barrier `b(d) = −(d − d̂)² ln(d / d̂)` for `0 < d < d̂`.
///
/// Edge cases first: `+∞` for `d ≤ 0` (touching or behind the wall is infeasible), `0` for
/// `d ≥ d̂` (out of contact range). At `d = d̂` the value and the first derivative vanish, so
/// Newton crosses into the barrier's range smoothly.
pub fn barrier(d: f64, dhat: f64) -> f64 {
    if d <= 0.0 {
        return f64::INFINITY;
    }
    if d >= dhat {
        return 0.0;
    }
    let r = d - dhat;
    -(r * r) * (d / dhat).ln()
}

/// `b′(d) = −2 (d − d̂) ln(d / d̂) − (d − d̂)² / d` for `0 < d < d̂`.
///
/// `−∞` for `d ≤ 0` (the barrier's pull towards larger `d` grows without bound), `0` for
/// `d ≥ d̂`.
pub fn barrier_first_derivative(d: f64, dhat: f64) -> f64 {
    if d <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if d >= dhat {
        return 0.0;
    }
    let r = d - dhat;
    -2.0 * r * (d / dhat).ln() - (r * r) / d
}

/// `b″(d) = −2 ln(d / d̂) − 4 (d − d̂) / d + (d − d̂)² / d²` for `0 < d < d̂`.
///
/// `+∞` for `d ≤ 0`, `0` for `d ≥ d̂`. It is positive on `(0, d̂)`, so the barrier is convex
/// and Newton's direction is always a descent direction.
pub fn barrier_second_derivative(d: f64, dhat: f64) -> f64 {
    if d <= 0.0 {
        return f64::INFINITY;
    }
    if d >= dhat {
        return 0.0;
    }
    let r = d - dhat;
    -2.0 * (d / dhat).ln() - 4.0 * r / d + (r * r) / (d * d)
}

/// `(b′(d), b″(d))`, bit for bit those of [`barrier_first_derivative`] and
/// [`barrier_second_derivative`], with the logarithm taken once: Newton needs both at every
/// iterate, and the logarithm is most of their cost.
pub fn barrier_derivatives(d: f64, dhat: f64) -> (f64, f64) {
    if d <= 0.0 {
        return (f64::NEG_INFINITY, f64::INFINITY);
    }
    if d >= dhat {
        return (0.0, 0.0);
    }
    let r = d - dhat;
    let l = (d / dhat).ln();
    (-2.0 * r * l - (r * r) / d, -2.0 * l - 4.0 * r / d + (r * r) / (d * d))
}

/// Contact energy `κ b(wall − x, d̂)` of the ball against the wall's front face.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BarrierEnergy {
    /// Barrier stiffness κ.
    pub kappa: f64,
    /// Activation distance d̂ [m].
    pub dhat: f64,
    /// Front face [m].
    pub wall: f64,
}

impl BarrierEnergy {
    /// Distance to the front face, `d = wall − x`.
    pub fn distance(&self, x: f64) -> f64 {
        self.wall - x
    }

    /// `κ b(d)`; `+∞` at or behind the wall.
    pub fn value(&self, x: f64) -> f64 {
        self.kappa * barrier(self.distance(x), self.dhat)
    }

    /// `−κ b′(d)`, since `dd/dx = −1`.
    pub fn gradient(&self, x: f64) -> f64 {
        -(self.kappa * barrier_first_derivative(self.distance(x), self.dhat))
    }

    /// `κ b″(d)`.
    pub fn hessian(&self, x: f64) -> f64 {
        self.kappa * barrier_second_derivative(self.distance(x), self.dhat)
    }

    /// `(gradient, hessian)` with one logarithm; the same bits as the two calls.
    pub fn gradient_hessian(&self, x: f64) -> (f64, f64) {
        let (b1, b2) = barrier_derivatives(self.distance(x), self.dhat);
        (-(self.kappa * b1), self.kappa * b2)
    }
}
