//! Continuous collision detection for the ball against the wall's front face.
//!
//! In 1D the first time of impact along `x → x + Δx` is `t* = (wall − x) / Δx` whenever the
//! step reaches the face. Like ipc-toolkit's `compute_collision_free_stepsize`, this returns
//! the largest step the line search may start from: the full step when there is no impact,
//! otherwise a safety fraction `s` of the time of impact, so the iterate never lands on the
//! face.

/// Largest safe step size `α ∈ (0, 1]` along `dx` from `x`, or `None` when the full step is
/// collision free.
///
/// The step collides when it starts on the near side, `x ≤ wall`, and `x + dx ≥ wall`; then
/// `α = s (wall − x) / dx` (written in the article's order of operations, so the iterates
/// match it bit for bit). At `x = wall` that is `α = 0`: the ball may not move into the wall.
pub fn collision_free_stepsize(x: f64, dx: f64, wall: f64, safety: f64) -> Option<f64> {
    if x + dx >= wall && x <= wall {
        Some(safety * (wall - x) / dx)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_impact_keeps_full_step() {
        assert_eq!(collision_free_stepsize(0.0, 0.4, 0.5, 0.9), None);
        assert_eq!(collision_free_stepsize(0.0, -3.0, 0.5, 0.9), None);
    }

    #[test]
    fn impact_clips_to_safety_fraction_of_time_of_impact() {
        let a = collision_free_stepsize(0.4, 0.2, 0.5, 0.9).unwrap();
        assert!((a - 0.45).abs() < 1e-15);
        // The clipped iterate stays in front of the face.
        assert!(0.4 + a * 0.2 < 0.5);
    }

    #[test]
    fn a_ball_already_past_the_face_is_not_clipped() {
        assert_eq!(collision_free_stepsize(0.51, 0.01, 0.5, 0.9), None);
        assert_eq!(collision_free_stepsize(0.5, 0.01, 0.5, 0.9), Some(0.0));
    }

    #[test]
    fn landing_exactly_on_the_face_counts_as_impact() {
        assert!(collision_free_stepsize(0.25, 0.25, 0.5, 0.9).is_some());
    }
}
