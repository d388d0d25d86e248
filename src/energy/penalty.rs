//! Penalty contact: `½ k p²`, with `p` the depth to the nearest face while the ball is
//! strictly inside the wall, pushing towards that face. Past the mid-plane the nearest face
//! is the back one, so the wall pushes the ball out of its back: the article's failure at
//! 2 m/s with k = 1e4.

/// Penalty energy of a wall occupying `(wall, wall + thickness)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PenaltyEnergy {
    /// Stiffness k [N/m].
    pub k: f64,
    /// Front face [m].
    pub wall: f64,
    /// Thickness W [m].
    pub thickness: f64,
}

impl PenaltyEnergy {
    /// Depth `p ≥ 0` to the nearest face and the direction `s = ±1` in which the wall
    /// pushes (`s = 0` outside). Ties go to the front face, as in the article.
    pub fn depth(&self, x: f64) -> (f64, f64) {
        let back = self.wall + self.thickness;
        if self.wall < x && x < back {
            let a = x - self.wall;
            let c = back - x;
            if a <= c {
                (a, -1.0)
            } else {
                (c, 1.0)
            }
        } else {
            (0.0, 0.0)
        }
    }

    /// `½ k p²`
    pub fn value(&self, x: f64) -> f64 {
        let (p, _) = self.depth(x);
        0.5 * self.k * p * p
    }

    /// `−s k p`: the derivative of `½ k p²` with respect to `x`, since `dp/dx = −s`.
    pub fn gradient(&self, x: f64) -> f64 {
        let (p, s) = self.depth(x);
        self.k * p * (-s)
    }

    /// `k` inside the wall, `0` outside.
    pub fn hessian(&self, x: f64) -> f64 {
        let (p, _) = self.depth(x);
        if p > 0.0 {
            self.k
        } else {
            0.0
        }
    }
}
