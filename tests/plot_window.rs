//! What the energy plot shows a reader, tested on the data it draws (the drawing itself is
//! wasm-only): where E is sampled, how tall the y axis is, and how the barrier's divergence
//! is cut so that it neither blows up the axis nor disappears.

use ipc_wall::landscape::{self, clip, clipped_curve, energy_cap, nice_ceil, plot_grid, NICE_STEPS};
use ipc_wall::{Model, Params};

/// The page's default window: 30 mm before the wall to 40 mm behind its back face.
fn window(p: &Params) -> (f64, f64) {
    (p.wall - 0.03, p.wall + p.thickness + 0.04)
}

fn is_nice(v: f64) -> bool {
    let decade = 10f64.powf(v.log10().floor());
    NICE_STEPS.iter().any(|s| ((s * decade) / v - 1.0).abs() < 1e-9)
}

fn grid(p: &Params, x_tilde: f64) -> Vec<f64> {
    let (x0, x1) = window(p);
    let extra: Vec<f64> = Model::BOTH.iter().map(|&m| landscape::minimizer(p, m, x_tilde)).collect();
    plot_grid(p, x0, x1, 600, &[vec![x_tilde], extra].concat())
}

#[test]
fn nice_ceil_is_the_next_round_value() {
    for v in [1e-7, 3.3e-5, 1.0, 1.01, 1.6, 2.9, 7.6, 9.99, 123.0, 5e4] {
        let c = nice_ceil(v);
        assert!(c >= v && c <= 1.5 * v * 1.0000001, "nice_ceil({v}) = {c}");
        assert!(is_nice(c), "nice_ceil({v}) = {c} is not round");
    }
    // Round values are their own ceiling, so a cap never creeps upwards by rounding.
    for v in [1.5e-3, 2e-4, 7.5e-5, 1.0, 10.0] {
        assert_eq!(nice_ceil(v), v);
    }
}

#[test]
fn grid_resolves_the_barrier_at_the_article_gaps_without_being_dense_everywhere() {
    for dhat in [1e-6, 1e-4, 1e-3, 1e-2] {
        let p = Params { dhat, ..Params::default() };
        let (x0, x1) = window(&p);
        let xs = grid(&p, 0.55);
        assert!(xs.windows(2).all(|w| w[0] < w[1]), "sorted, no duplicates (d̂ = {dhat})");
        assert!(xs.iter().all(|&x| (x0..=x1).contains(&x)));
        assert_eq!((xs[0], xs[xs.len() - 1]), (x0, x1), "spans the window");
        for x in [p.wall, p.wall + 0.5 * p.thickness, p.wall + p.thickness] {
            assert!(xs.contains(&x), "faces and mid-plane are sampled exactly (x = {x})");
        }
        // Every distance from 1e-6 d̂ to d̂ has a sample within a factor 1.3: the barrier
        // and the IPC minima (2.1 µm to 166 µm from the face at d̂ = 1 mm) keep their shape.
        let mut d = 1e-6 * dhat;
        while d < dhat {
            let hit = xs.iter().any(|&x| {
                let dx = p.wall - x;
                dx > d / 1.3 && dx < d * 1.3
            });
            assert!(hit, "no sample near d = {d:e} m (d̂ = {dhat})");
            d *= 1.2;
        }
        assert!(xs.len() < 600 + 200, "{} samples: dense only near the face", xs.len());
    }
}

#[test]
fn grid_puts_the_markers_exactly_on_the_curves() {
    let p = Params::default();
    for x_tilde in [0.5, 0.51, 0.55] {
        let xs = grid(&p, x_tilde);
        for m in Model::BOTH {
            let xm = landscape::minimizer(&p, m, x_tilde);
            assert!(xs.contains(&xm), "{m:?} minimizer at x̃ = {x_tilde}");
        }
        assert!(xs.contains(&x_tilde));
    }
}

#[test]
fn cap_shows_the_wall_faces_and_both_minima_and_fills_the_plot() {
    let p = Params::default();
    let (x0, x1) = window(&p);
    let back = p.wall + p.thickness;
    let mut x_tilde = x0;
    while x_tilde <= x1 {
        let cap = energy_cap(&p, x_tilde, x0, x1);
        assert!(cap.is_finite() && cap > 0.0 && is_nice(cap), "cap {cap} at x̃ = {x_tilde}");
        let mut tallest: f64 = 0.0;
        for m in Model::BOTH {
            let xm = landscape::minimizer(&p, m, x_tilde);
            let e = landscape::energy(&p, m, xm, x_tilde);
            assert!(e < cap, "{m:?} minimum E = {e} above the cap {cap} at x̃ = {x_tilde}");
            tallest = tallest.max(e);
        }
        for x in [p.wall, back] {
            let e = landscape::energy(&p, Model::Penalty, x, x_tilde);
            assert!(e < cap, "E = {e} at the face x = {x} above the cap {cap} (x̃ = {x_tilde})");
            tallest = tallest.max(e);
        }
        let (_, peak) = landscape::penalty_peak(&p, x_tilde);
        tallest = tallest.max(peak.min(cap));
        assert!(tallest >= 0.5 * cap, "at x̃ = {x_tilde} the plot is mostly empty: {tallest} of {cap}");
        x_tilde += 1e-4;
    }
}

#[test]
fn cap_holds_still_while_x_tilde_is_dragged() {
    // Dragging x̃ across the whole window in 10 µm moves: the axis changes rarely, and then
    // by one round step (no jitter, no jumps).
    let p = Params::default();
    let (x0, x1) = window(&p);
    let n = 9000;
    let caps: Vec<f64> =
        (0..=n).map(|i| energy_cap(&p, x0 + (x1 - x0) * i as f64 / n as f64, x0, x1)).collect();
    let changes = caps.windows(2).filter(|w| w[0] != w[1]).count();
    assert!(changes <= 40, "{changes} changes of the y axis over {n} moves");
    for w in caps.windows(2) {
        let r = w[1].max(w[0]) / w[1].min(w[0]);
        assert!(r <= 1.5 + 1e-9, "the cap jumped from {} to {}", w[0], w[1]);
    }
}

#[test]
fn ipc_curve_rises_to_the_cap_at_the_face_and_is_never_infinite_in_the_drawing() {
    for (v_step, dhat) in [(0.05, 1e-3), (0.5, 1e-3), (0.05, 1e-5)] {
        let p = Params { dhat, ..Params::default() };
        let (x0, x1) = window(&p);
        let x_tilde = p.wall - 0.003 + v_step;
        let cap = energy_cap(&p, x_tilde, x0, x1);
        let c = clipped_curve(&p, Model::Ipc, x_tilde, &grid(&p, x_tilde), cap);
        let pts: Vec<(f64, f64)> = c.segments.iter().flatten().copied().collect();
        assert!(pts.iter().all(|&(x, e)| e.is_finite() && (0.0..=cap).contains(&e) && x <= p.wall));
        // The drawn point nearest the wall is at the face, at the top of the axis: "∞".
        let last = pts.iter().copied().fold((f64::MIN, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert_eq!(last, (p.wall, cap), "x̃ = {x_tilde}, d̂ = {dhat}");
        assert_eq!(c.infinite_at, vec![p.wall]);
        // Just before it, the curve is still the finite barrier, micrometres from the face.
        let before = pts.iter().filter(|&&(x, _)| x < p.wall).map(|&(x, _)| x).fold(f64::MIN, f64::max);
        assert!(p.wall - before < 1e-6 * dhat, "last finite sample {:e} m from the face", p.wall - before);
    }
}

#[test]
fn past_the_wall_the_drawn_penalty_minimum_is_behind_it_and_the_ipc_minimum_in_front() {
    // The article: drag x̃ to 0.55 m and the red curve's minimum is behind the wall, the
    // green one's in front of it. Read off the drawn polylines, as the reader does.
    let p = Params::default();
    let (x0, x1) = window(&p);
    let x_tilde = 0.55;
    let cap = energy_cap(&p, x_tilde, x0, x1);
    let xs = grid(&p, x_tilde);
    let lowest = |m: Model| {
        clipped_curve(&p, m, x_tilde, &xs, cap)
            .segments
            .into_iter()
            .flatten()
            .fold((0.0, f64::INFINITY), |a, b| if b.1 < a.1 { b } else { a })
    };
    let (xp, _) = lowest(Model::Penalty);
    let (xi, ei) = lowest(Model::Ipc);
    assert!(xp > p.wall + p.thickness, "penalty minimum drawn at {xp}");
    assert!(xi < p.wall && p.wall - xi < 1e-4, "IPC minimum drawn at {xi}");
    assert!(ei < 0.9 * cap, "and it is visible below the top");
}

#[test]
fn a_stiff_penalty_wall_is_cut_at_the_cap_with_its_crossings_interpolated() {
    let p = Params { k: 1e8, ..Params::default() };
    let (x0, x1) = window(&p);
    let x_tilde = 0.55;
    let cap = energy_cap(&p, x_tilde, x0, x1);
    let (_, peak) = landscape::penalty_peak(&p, x_tilde);
    assert!(peak > 100.0 * cap, "the bump is cut, not squashing the plot: cap {cap}, peak {peak}");
    let c = clipped_curve(&p, Model::Penalty, x_tilde, &grid(&p, x_tilde), cap);
    assert!(c.infinite_at.is_empty(), "the penalty is finite everywhere");
    assert!(c.segments.iter().flatten().all(|&(_, e)| (0.0..=cap).contains(&e)));
    // It leaves through the top inside the wall and comes back before the back face.
    let ends: Vec<(f64, f64)> = c.segments.iter().flat_map(|s| [s[0], s[s.len() - 1]]).collect();
    let at_top: Vec<f64> = ends.iter().filter(|&&(_, e)| e == cap).map(|&(x, _)| x).collect();
    assert!(at_top.len() >= 2, "{ends:?}");
    assert!(at_top.iter().all(|&x| x > p.wall && x < p.wall + p.thickness), "{at_top:?}");
}

#[test]
fn clip_interpolates_crossings_and_breaks_at_nan() {
    let c = clip(&[(0.0, 0.0), (1.0, 2.0), (2.0, 0.0), (3.0, f64::NAN), (4.0, 0.5), (5.0, 0.5)], 1.0);
    assert_eq!(
        c.segments,
        vec![vec![(0.0, 0.0), (0.5, 1.0)], vec![(1.5, 1.0), (2.0, 0.0)], vec![(4.0, 0.5), (5.0, 0.5)]]
    );
    assert!(c.infinite_at.is_empty());
    let c = clip(&[(0.0, 0.2), (1.0, 0.4), (2.0, f64::INFINITY), (3.0, f64::INFINITY)], 1.0);
    assert_eq!(c.segments, vec![vec![(0.0, 0.2), (1.0, 0.4), (2.0, 1.0)]]);
    assert_eq!(c.infinite_at, vec![2.0]);
}

#[test]
fn the_x_window_is_the_page_default_and_widens_to_show_every_x_tilde() {
    let p = Params::default();
    // 30 mm before the wall to 40 mm behind its back face, whatever x̃ inside it.
    assert_eq!(ipc_wall::plot::window(&p, &[]), window(&p));
    for xs in [&[0.5, 0.55][..], &[0.55], &[f64::NAN]] {
        assert_eq!(ipc_wall::plot::window(&p, xs), window(&p), "{xs:?}");
    }
    // Each curve's own x̃ is shown, with a margin, however far apart the balls' x̃ are.
    for xs in [&[0.05, 0.55][..], &[0.5, 0.9], &[0.1, 1.2]] {
        let (x0, x1) = ipc_wall::plot::window(&p, xs);
        for &x in xs {
            assert!(x > x0 && x < x1, "x̃ = {x} in [{x0}, {x1}]");
        }
        assert!(x0 <= window(&p).0 && x1 >= window(&p).1, "the wall stays in view");
    }
}

#[test]
fn x_window_widens_by_round_lengths_so_it_holds_still_while_x_tilde_moves() {
    let p = Params::default();
    let (b0, b1) = ipc_wall::plot::window(&p, &[]);
    // x̃ from the ball's start to the wall, and from behind the wall to 1 m beyond, in 0.1 mm
    // moves (a throw's steps, or a slider held): the window changes a few times a decade.
    let before: Vec<f64> = (0..=5000).map(|i| b0 - 0.5 + 1e-4 * i as f64).filter(|&x| x < b0).collect();
    let behind: Vec<f64> = (1..=10000).map(|i| b1 + 1e-4 * i as f64).collect();
    for xs in [before, behind] {
        let windows: Vec<(f64, f64)> = xs.iter().map(|&x| ipc_wall::plot::window(&p, &[x])).collect();
        let changes = windows.windows(2).filter(|w| w[0] != w[1]).count();
        assert!(changes <= 40, "{changes} changes of the window over {} moves", xs.len());
        for (&x, &(x0, x1)) in xs.iter().zip(&windows) {
            let span = x1 - x0;
            // x̃ inside, away from the edge, and the window not much wider than the wall's
            // region and x̃ need (round lengths are up to 1.5 apart, plus the margin).
            assert!(x - x0 >= 0.05 * span && x1 - x >= 0.05 * span, "x̃ = {x} at the edge of [{x0}, {x1}]");
            let need = b1.max(x) - b0.min(x);
            assert!(span <= 1.65 * need, "[{x0}, {x1}] for x̃ = {x}: {span} m wide where {need} m would do");
        }
    }
}
