//! Inertia: `½ M (x − x̃)²`, the term that drags the solution towards the predicted
//! position `x̃`.

/// The inertial term of the incremental potential for a ball of mass `mass`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InertiaEnergy {
    /// Mass M [kg].
    pub mass: f64,
    /// Predicted position x̃ = xₜ + h vₜ [m].
    pub x_tilde: f64,
}

impl InertiaEnergy {
    /// `½ M (x − x̃)²`
    pub fn value(&self, x: f64) -> f64 {
        let r = x - self.x_tilde;
        0.5 * self.mass * (r * r)
    }

    /// `M (x − x̃)`
    pub fn gradient(&self, x: f64) -> f64 {
        self.mass * (x - self.x_tilde)
    }

    /// `M`
    pub fn hessian(&self, _x: f64) -> f64 {
        self.mass
    }
}
