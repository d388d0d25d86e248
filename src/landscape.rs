//! The energy landscape `E(x)` for a given predicted position `x̃`, for plotting: what the
//! reader sees change as they drag `x̃` past the wall.

use crate::energy::ContactKind;
use crate::integrator::{Integrator, Model};
use crate::params::Params;

/// `E(x)` of `model` for the predicted position `x_tilde`.
pub fn energy(params: &Params, model: Model, x: f64, x_tilde: f64) -> f64 {
    Integrator::new(params, model).energy(x, x_tilde)
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

/// The global minimizer of `E` for the predicted position `x_tilde`. It depends only on the
/// model's contact energy, not on its line search.
///
/// Penalty: `E ≥ 0` vanishes at `x̃` outside the wall, so `x̃` itself is the minimizer there;
/// inside, `E` is quadratic on each half of the wall and the lower of the two pieces' minima
/// wins, which is why the minimizer moves into the back half once `x̃` passes the mid-plane.
/// Barrier: `E` is convex in front of the wall and infinite behind it; the minimizer is `x̃` out
/// of contact range and otherwise the root of the gradient within `d̂` of the face. Unsigned
/// barrier: the lower of that and the same on the far side of the back face.
pub fn minimizer(params: &Params, model: Model, x_tilde: f64) -> f64 {
    let ip = Integrator::new(params, model);
    match model.spec().contact {
        ContactKind::Penalty => penalty_minimizer(params, &ip, x_tilde),
        ContactKind::Barrier => barrier_minimizer(params, &ip, x_tilde, Side::Front),
        ContactKind::UnsignedBarrier => {
            let front = barrier_minimizer(params, &ip, x_tilde, Side::Front);
            let back = barrier_minimizer(params, &ip, x_tilde, Side::Back);
            if ip.energy(back, x_tilde) < ip.energy(front, x_tilde) {
                back
            } else {
                front
            }
        }
    }
}

fn penalty_minimizer(params: &Params, ip: &Integrator, x_tilde: f64) -> f64 {
    let wall = params.wall;
    let back = wall + params.thickness;
    if x_tilde <= wall || x_tilde >= back {
        return x_tilde;
    }
    let mid = wall + 0.5 * params.thickness;
    // Inside the wall ∇²E = M + h²k, and each half's quadratic pulls x̃ towards its face by
    // the factor M / ∇²E.
    let s = params.mass / ip.hessian(mid, x_tilde);
    // Each half's quadratic minimum, clamped into that half.
    let front = (wall + s * (x_tilde - wall)).clamp(wall, mid);
    let rear = (back + s * (x_tilde - back)).clamp(mid, back);
    if ip.energy(rear, x_tilde) < ip.energy(front, x_tilde) {
        rear
    } else {
        front
    }
}

/// Which face a barrier's minimizer is sought at.
#[derive(Clone, Copy)]
enum Side {
    Front,
    Back,
}

/// The minimizer of a barrier's `E` on one side of the wall: `x̃` if it is out of contact range
/// on that side, otherwise the root of `∇E` within `d̂` of the face, by bisection on `ln d`
/// (d spans many decades). `∇E` is monotone in `d` there, going to ∓∞ as `d → 0`.
fn barrier_minimizer(params: &Params, ip: &Integrator, x_tilde: f64, side: Side) -> f64 {
    let dhat = params.dhat;
    // The face, and the sign of x − face on this side.
    let (face, sign) = match side {
        Side::Front => (params.wall, -1.0),
        Side::Back => (params.wall + params.thickness, 1.0),
    };
    let at = |d: f64| face + sign * d;
    let d_tilde = sign * (x_tilde - face);
    if d_tilde >= dhat {
        return x_tilde;
    }
    // exp(−745) is the smallest positive f64.
    let (mut lo, mut hi) = (-745.0_f64, dhat.ln());
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        // ∇E pointing towards the face: the minimum is farther from it.
        if -sign * ip.gradient(at(mid.exp()), x_tilde) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    at((0.5 * (lo + hi)).exp())
}

// What the energy plot draws. Pure (no plotting crate), so the choices a reader relies on
// are tested natively: where E is sampled, how tall the y axis is, how the divergence is cut.

/// Steps of the y axis's top, per decade: at most ×1.5 apart, so the curves fill a stable
/// share of the plot while the axis labels stay round.
pub const NICE_STEPS: [f64; 8] = [1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 7.5, 10.0];

/// Headroom above the tallest thing the reader must see.
const HEADROOM: f64 = 1.25;

/// Smallest distance to the front face sampled, as a fraction of d̂: far below the
/// article's smallest gap (2.1 µm = 2.1e-3 d̂).
const NEAREST_FRACTION: f64 = 1e-9;

/// Geometric samples of the distance to the face per decade.
const PER_DECADE: f64 = 12.0;

/// The smallest value of [`NICE_STEPS`] × 10ⁿ that is at least `v` (`v > 0`, finite).
pub fn nice_ceil(v: f64) -> f64 {
    let k = v.log10().floor() as i32;
    // s·10ᵏ or s/10⁻ᵏ: exact operands, so the result is the double nearest the round value.
    let at = |s: f64, k: i32| if k >= 0 { s * 10f64.powi(k) } else { s / 10f64.powi(-k) };
    NICE_STEPS
        .iter()
        .map(|&s| at(s, k))
        // log10 rounds; a step within 1e-12 of v counts as reaching it.
        .find(|&c| c >= v * (1.0 - 1e-12))
        .unwrap_or_else(|| at(10.0, k))
}

/// Where the plot samples `E` on `[x0, x1]`: `n` evenly spaced points, plus points whose
/// distance to the front face shrinks geometrically from 4 d̂ to 1e-9 d̂, so that the
/// barrier (alive only within d̂, with minima micrometres from the face) keeps its shape
/// without sampling the whole window that finely. The faces, the mid-plane (the penalty's
/// kinks) and `extra` points (x̃, the minimizers, so markers sit exactly on the curves)
/// are included. Sorted, without duplicates, all within `[x0, x1]`.
pub fn plot_grid(params: &Params, x0: f64, x1: f64, n: usize, extra: &[f64]) -> Vec<f64> {
    let wall = params.wall;
    let n = n.max(2);
    let mut xs: Vec<f64> = (0..n).map(|i| x0 + (x1 - x0) * (i as f64 / (n - 1) as f64)).collect();
    let far = 4.0 * params.dhat;
    let decades = (1.0 / NEAREST_FRACTION).log10() + 4f64.log10();
    let m = (decades * PER_DECADE).ceil() as usize;
    // d = far · 10^(−k / PER_DECADE): in front of the face, where the barrier lives.
    xs.extend((0..=m).map(|k| wall - far * 10f64.powf(-(k as f64) / PER_DECADE)));
    xs.extend([wall, wall + 0.5 * params.thickness, wall + params.thickness]);
    xs.extend_from_slice(extra);
    xs.retain(|x| x.is_finite() && *x >= x0 && *x <= x1);
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    xs
}

/// The highest point of the penalty curve inside the wall, `(x, E)`. `E` is convex on
/// each half of the wall, so the peak is at a face or at the mid-plane.
pub fn penalty_peak(params: &Params, x_tilde: f64) -> (f64, f64) {
    let ip = Integrator::new(params, Model::Penalty);
    let wall = params.wall;
    [wall, wall + 0.5 * params.thickness, wall + params.thickness]
        .into_iter()
        .map(|x| (x, ip.energy(x, x_tilde)))
        .fold((wall, f64::NEG_INFINITY), |a, b| if b.1 > a.1 { b } else { a })
}

/// The top of the plot's energy axis for the predicted position `x_tilde` on `[x0, x1]`
/// (the axis starts at 0: every term of `E` is non-negative).
///
/// It is sized to what the reader must see: the inertia at both faces of the wall (or at
/// the window's ends if the wall is outside it), both models' minima, and the penalty
/// bump inside the wall up to twice the former, since a stiff wall's bump (hundreds of
/// joules at k = 1e8) would flatten everything else; the plot clips it and labels its
/// height. The result is rounded up to [`NICE_STEPS`], so it stays put while x̃ moves a
/// little and changes by one step when it does change. Always finite and positive.
pub fn energy_cap(params: &Params, x_tilde: f64, x0: f64, x1: f64) -> f64 {
    let wall = params.wall;
    let back = wall + params.thickness;
    let (lo, hi) = if back <= x0 || wall >= x1 { (x0, x1) } else { (wall.max(x0), back.min(x1)) };
    let half_m = 0.5 * params.mass;
    let reference = half_m * (lo - x_tilde).powi(2).max((hi - x_tilde).powi(2));
    let mut e = reference;
    for model in Model::BOTH {
        let xm = minimizer(params, model, x_tilde);
        if (x0..=x1).contains(&xm) {
            e = e.max(energy(params, model, xm, x_tilde));
        }
    }
    let (xp, peak) = penalty_peak(params, x_tilde);
    if (x0..=x1).contains(&xp) {
        e = e.max(peak.min(2.0 * reference));
    }
    let e = if e.is_finite() && e > 0.0 {
        e
    } else {
        // Degenerate (x̃ on the only visible point of the wall): the window's own scale.
        half_m * (0.5 * (x1 - x0)).powi(2)
    };
    let cap = nice_ceil(HEADROOM * e);
    if cap.is_finite() && cap > 0.0 {
        cap
    } else {
        f64::MAX / 4.0
    }
}

/// A curve as drawn under the cap of the y axis.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClippedCurve {
    /// Polylines `(x, E)`, every `E` finite and in `[0, cap]`; a polyline ends where the
    /// curve leaves through the top (the crossing interpolated) and starts where it returns.
    pub segments: Vec<Vec<(f64, f64)>>,
    /// Where the curve becomes infinite (IPC: the front face). The polyline before it ends
    /// with a vertical rise to the cap at this `x`, where the plot writes "∞".
    pub infinite_at: Vec<f64>,
}

/// `E` of `model` for `x_tilde` at the points `xs` (sorted), cut at `cap` for drawing.
pub fn clipped_curve(params: &Params, model: Model, x_tilde: f64, xs: &[f64], cap: f64) -> ClippedCurve {
    let ip = Integrator::new(params, model);
    let samples: Vec<(f64, f64)> = xs.iter().map(|&x| (x, ip.energy(x, x_tilde))).collect();
    clip(&samples, cap)
}

/// Cuts samples `(x, E)` at `cap`; see [`ClippedCurve`]. NaN samples break the curve.
pub fn clip(samples: &[(f64, f64)], cap: f64) -> ClippedCurve {
    let mut out = ClippedCurve::default();
    let mut current: Vec<(f64, f64)> = Vec::new();
    let mut prev: Option<(f64, f64)> = None;
    for &(x, e) in samples {
        let inside = e <= cap; // false for NaN and +∞
        if let Some((px, pe)) = prev {
            // Marked even where the curve had already left through the top: it is still
            // infinite from here on, which the finite part of the window cannot show.
            if (e == f64::INFINITY) != (pe == f64::INFINITY) && !e.is_nan() && !pe.is_nan() {
                out.infinite_at.push(if e == f64::INFINITY { x } else { px });
            }
            match (pe <= cap, inside) {
                (true, false) => {
                    if e == f64::INFINITY {
                        current.push((x, cap));
                    } else if e.is_finite() {
                        current.push((lerp_at(px, pe, x, e, cap), cap));
                    }
                    flush(&mut out.segments, &mut current);
                }
                (false, true) => {
                    if pe == f64::INFINITY {
                        current.push((px, cap));
                    } else if pe.is_finite() {
                        current.push((lerp_at(px, pe, x, e, cap), cap));
                    }
                }
                _ => {}
            }
        }
        if inside {
            current.push((x, e));
        }
        prev = Some((x, e));
    }
    flush(&mut out.segments, &mut current);
    out
}

/// The `x` where the line from `(x0, e0)` to `(x1, e1)` reaches `level`.
fn lerp_at(x0: f64, e0: f64, x1: f64, e1: f64, level: f64) -> f64 {
    let t = ((level - e0) / (e1 - e0)).clamp(0.0, 1.0);
    x0 + t * (x1 - x0)
}

fn flush(segments: &mut Vec<Vec<(f64, f64)>>, current: &mut Vec<(f64, f64)>) {
    if current.len() >= 2 {
        segments.push(std::mem::take(current));
    } else {
        current.clear();
    }
}
