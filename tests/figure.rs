//! The static figure (`ipc-wall figure`): what is in the SVG, by element and colour, and
//! that the PNG decodes at its size with the shipped font's text in it.
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

use ipc_wall::figure::{self, Style, Throws, PLOT_HEIGHT, PNG_SCALE, SCENE_HEIGHT, WIDTH};
use ipc_wall::figure::{Lang, Palette};
use ipc_wall::{Model, Params};
use roxmltree::{Document, Node};

fn hex(c: plotters::style::RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

/// The page's light colours (www/style.css).
fn light() -> Palette {
    Palette::page(false).unwrap()
}

fn by_id<'a>(doc: &'a Document, id: &str) -> Node<'a, 'a> {
    doc.descendants().find(|n| n.attribute("id") == Some(id)).unwrap_or_else(|| panic!("no #{id}"))
}

fn with<'a>(root: Node<'a, 'a>, tag: &str, attr: &str, value: &str) -> Vec<Node<'a, 'a>> {
    root.descendants().filter(|n| n.has_tag_name(tag) && n.attribute(attr) == Some(value)).collect()
}

fn points(n: &Node) -> Vec<(f64, f64)> {
    n.attribute("points")
        .unwrap_or("")
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').expect("x,y");
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

fn num(n: &Node, attr: &str) -> f64 {
    n.attribute(attr).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{attr} of {n:?}"))
}

#[test]
fn the_svg_has_both_curves_the_wall_and_the_x_tilde_line() {
    let p = Params::default();
    let text = figure::svg(&p, Style::default()).unwrap();
    let doc = Document::parse(&text).expect("well-formed SVG");
    let pal = light();
    let svg = doc.root_element();
    assert_eq!(
        (num(&svg, "width"), num(&svg, "height")),
        (f64::from(WIDTH), f64::from(SCENE_HEIGHT + PLOT_HEIGHT))
    );
    let plot = by_id(&doc, "energy-plot");
    assert_eq!(num(&plot, "y"), f64::from(SCENE_HEIGHT));

    // IPC: solid polylines with many points; penalty: dashes, many short polylines.
    let ipc: usize =
        with(plot, "polyline", "stroke", &hex(pal.ipc)).iter().map(|n| points(n).len()).max().unwrap();
    assert!(ipc >= 50, "IPC curve: {ipc} points");
    let dashes = with(plot, "polyline", "stroke", &hex(pal.penalty)).len();
    assert!(dashes >= 40, "penalty curve: {dashes} dashes");

    // The wall: its filled rectangle, between the two face lines.
    let walls = with(plot, "rect", "fill", &hex(pal.wall_fill));
    let wall = walls.iter().max_by(|a, b| num(a, "height").total_cmp(&num(b, "height"))).expect("wall");
    let (wall_left, wall_right) = (num(wall, "x"), num(wall, "x") + num(wall, "width"));
    assert!(wall_right - wall_left > 50.0, "wall {wall_left}..{wall_right}");

    // x̃: vertical dashes at one x, right of the wall (x̃ = 0.55 m is behind the back face).
    let xs: Vec<f64> = with(plot, "polyline", "stroke", &hex(pal.x_tilde))
        .iter()
        .flat_map(|n| points(n))
        .map(|(x, _)| x)
        .collect();
    assert!(xs.len() >= 20, "x̃ line: {} points", xs.len());
    assert!(xs.iter().all(|&x| x == xs[0]), "x̃ line not vertical: {xs:?}");
    assert!(xs[0] > wall_right, "x̃ at {} left of the wall's back {wall_right}", xs[0]);
    let words: Vec<&str> = plot.descendants().filter_map(|n| n.text()).map(str::trim).collect();
    // Both balls' impact step is the 11th, at the same x̃: one line, labelled with the step.
    assert!(words.contains(&"step 11 · x̃ = 0.5500 m"), "{words:?}");
}

#[test]
fn the_scene_marks_every_step_of_both_throws() {
    let p = Params::default();
    let throws = Throws::run(&p);
    let text = figure::svg(&p, Style::default()).unwrap();
    let doc = Document::parse(&text).unwrap();
    let scene = by_id(&doc, "scene");
    let pal = light();
    for (i, c) in [pal.penalty, pal.ipc].into_iter().enumerate() {
        let faint = with(scene, "polyline", "stroke", &hex(c));
        let faint = faint.iter().filter(|n| n.attribute("opacity") == Some("0.45")).count();
        assert_eq!(faint, throws.positions[i].len(), "model {i}");
        assert!(faint > 10);
    }
    let words: String = scene.descendants().filter_map(|n| n.text()).collect();
    assert!(words.contains("penalty: went through"), "{words}");
    assert!(words.contains("IPC: stopped 24.0 µm from the wall"), "{words}");
}

#[test]
fn the_energy_plot_is_at_the_impact_step() {
    let p = Params::default();
    let t = Throws::run(&p);
    // 5 m/s, 10 ms: at 0.50 m after 10 steps, so the 11th predicts x̃ = 0.55 m past the wall.
    assert_eq!(t.impact, [11, 11]);
    for x_tilde in t.x_tilde {
        assert!((x_tilde - 0.55).abs() < 1e-12, "{x_tilde}");
    }
    assert!(!t.iterates[0].is_empty() && !t.iterates[1].is_empty());
    assert!(t.positions[0][10] > p.wall + p.thickness, "the red ball jumps at that step");
    assert!(t.positions[1].iter().all(|&x| x < p.wall), "the green ball never touches");
}

#[test]
fn spanish_and_dark_change_words_and_colours() {
    let p = Params::default().with_v0(50.0).unwrap().with_k(1e8).unwrap();
    let text = figure::svg(&p, Style { lang: Lang::Es, dark: true }).unwrap();
    let doc = Document::parse(&text).unwrap();
    let dark = Palette::page(true).unwrap();
    assert!(!with(by_id(&doc, "energy-plot"), "rect", "fill", &hex(dark.background)).is_empty());
    let words: String = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(words.contains("penalización ½kp²"), "{words}");
    assert!(words.contains("pared"), "{words}");
}

#[test]
fn the_png_decodes_at_its_size_with_text_from_the_shipped_font() {
    let bytes = figure::png(&Params::default(), Style::default()).unwrap();
    let decoder = png::Decoder::new(bytes.as_slice());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let s = PNG_SCALE;
    assert_eq!((info.width, info.height), (WIDTH * s, (SCENE_HEIGHT + PLOT_HEIGHT) * s));
    assert_eq!(info.color_type, png::ColorType::Rgb);
    let near = |x: u32, y: u32, c: plotters::style::RGBColor| {
        let i = ((y * info.width + x) * 3) as usize;
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).abs();
        d(buf[i], c.0) + d(buf[i + 1], c.1) + d(buf[i + 2], c.2) < 24
    };
    let count = |x0: u32, x1: u32, y0: u32, y1: u32, c| {
        (y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y))).filter(|&(x, y)| near(x, y, c)).count()
    };
    // The IPC lane's label ("IPC: stopped …", bold, in the IPC text colour) left of the
    // track's markers: only glyphs have that colour there.
    let label = count(14 * s, 300 * s, 80 * s, 106 * s, light().ipc_text);
    assert!(label > 200, "{label} text pixels");
    // Both curves in the plot.
    let plot = (SCENE_HEIGHT * s, (SCENE_HEIGHT + PLOT_HEIGHT) * s);
    assert!(count(0, WIDTH * s, plot.0, plot.1, light().ipc) > 100);
    assert!(count(0, WIDTH * s, plot.0, plot.1, light().penalty) > 300);
}

#[test]
fn the_cli_writes_the_svg_and_refuses_a_list() {
    let out = Command::new(env!("CARGO_BIN_EXE_ipc-wall"))
        .args(["figure", "--svg", "-", "--v0", "20"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text, figure::svg(&Params::default().with_v0(20.0).unwrap(), Style::default()).unwrap());
    for bad in [
        &["figure", "--svg", "-", "--v0", "1,2"][..],
        &["figure"],
        &["figure", "--svg", "-", "--format", "csv"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_ipc-wall")).args(bad).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// The static figure's plot style with looks for the two halves alone as well.
fn four_model_style() -> ipc_wall::plot::Style {
    use ipc_wall::plot::{Marker, ModelStyle};
    use plotters::style::RGBColor;
    let mut st = Style::default().plot().unwrap();
    let look = |color: RGBColor, marker, dashed, label: &str| {
        Some(ModelStyle { color, text: color, marker, dashed, label: label.to_string() })
    };
    st.models[Model::BarrierAlone as usize] =
        look(RGBColor(0x1f, 0x6f, 0xd0), Marker::Square, false, "barrier alone");
    st.models[Model::CcdAlone as usize] =
        look(RGBColor(0xc0, 0x7a, 0x00), Marker::Triangle, true, "CCD alone");
    st
}

/// The energy plot alone as an SVG document, every model at the reader's `x_tilde`.
fn plot_svg(p: &Params, st: &ipc_wall::plot::Style, models: &[Model], x_tilde: f64, width: u32) -> String {
    use ipc_wall::plot::{self, EnergyPlot, Layer};
    use plotters::prelude::*;
    let layers: Vec<Layer> = models
        .iter()
        .map(|&model| Layer {
            model,
            x_tilde,
            step: None,
            minimizer: ipc_wall::landscape::minimizer(p, model, x_tilde),
            iterates: &[],
        })
        .collect();
    let (x0, x1) = plot::window(p, &[x_tilde]);
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (width, 400)).into_drawing_area();
        let input = EnergyPlot { params: p, layers: &layers, x0, x1, dpr: 1.0, style: st };
        plot::draw(&root, &input).unwrap();
        root.present().unwrap();
    }
    out
}

#[test]
fn every_model_of_the_table_can_be_drawn_and_the_barrier_alone_curve_is_finite_behind_the_wall() {
    let p = Params::default();
    let st = four_model_style();
    let text = plot_svg(&p, &st, &Model::ALL, 0.55, 800);
    let doc = Document::parse(&text).unwrap();
    let root = doc.root_element();
    for m in Model::ALL {
        let c = hex(st.model(m).unwrap().color);
        let pts: usize = with(root, "polyline", "stroke", &c).iter().map(|n| points(n).len()).sum();
        assert!(pts >= 40, "{m:?}: {pts} curve points");
    }
    let words: String = root.descendants().filter_map(|n| n.text()).collect();
    for label in ["penalty ½kp²", "IPC log barrier", "barrier alone", "CCD alone"] {
        assert!(words.contains(label), "legend {label}: {words}");
    }
    // The wall's back face, as drawn: the right edge of its fill.
    let pal = light();
    let walls = with(root, "rect", "fill", &hex(pal.wall_fill));
    let wall = walls.iter().max_by(|a, b| num(a, "height").total_cmp(&num(b, "height"))).unwrap();
    let back_px = num(wall, "x") + num(wall, "width");
    // The barrier-alone curve is drawn behind the wall (finite there), and not inside it.
    let c = hex(st.model(Model::BarrierAlone).unwrap().color);
    // (Within the plot's rows: the legend above has its own swatches.)
    let (top, bottom) = (num(wall, "y"), num(wall, "y") + num(wall, "height"));
    let xs: Vec<f64> = with(root, "polyline", "stroke", &c)
        .iter()
        .flat_map(|n| points(n))
        .filter(|&(_, y)| y >= top && y <= bottom)
        .map(|(x, _)| x)
        .collect();
    assert!(xs.iter().any(|&x| x > back_px + 20.0), "drawn behind the wall");
    assert!(!xs.iter().any(|&x| x > num(wall, "x") + 2.0 && x < back_px - 2.0), "nothing inside the wall");
}

#[test]
fn the_barrier_alone_energy_has_a_second_bump_past_the_back_face_and_none_beyond_dhat() {
    use ipc_wall::landscape::{clipped_curve, energy, plot_grid};
    let p = Params::default();
    let back = p.wall + p.thickness;
    let x_tilde = 0.55;
    let inertia = |x: f64| 0.5 * p.mass * (x - x_tilde) * (x - x_tilde);
    let e = |x: f64| energy(&p, Model::BarrierAlone, x, x_tilde);
    for frac in [1e-6, 1e-3, 0.1, 0.5, 0.9] {
        let x = back + frac * p.dhat;
        assert!(e(x).is_finite() && e(x) > inertia(x), "a finite bump at d = {frac} d̂ behind the wall");
    }
    for x in [back + 1.0001 * p.dhat, back + 2.0 * p.dhat, 0.55, 0.58] {
        assert_eq!(e(x), inertia(x), "no barrier beyond d̂ (x = {x})");
    }
    assert_eq!(e(p.wall + 0.5 * p.thickness), f64::INFINITY, "infinite inside the wall");
    // As the plot samples it: infinite at both faces, finite on both sides.
    let (x0, x1) = ipc_wall::plot::window(&p, &[x_tilde]);
    let xs = plot_grid(&p, x0, x1, 600, &[]);
    let curve = clipped_curve(&p, Model::BarrierAlone, x_tilde, &xs, 1.0);
    assert!(
        curve.infinite_at.contains(&p.wall) && curve.infinite_at.contains(&back),
        "{:?}",
        curve.infinite_at
    );
    assert!(curve.segments.iter().flatten().any(|&(x, _)| x > back), "drawn behind the wall");
}

#[test]
fn the_wall_label_keeps_clear_of_the_x_tilde_line() {
    let p = Params::default();
    let st = Style::default().plot().unwrap();
    for width in [1280, 800, 390] {
        // x̃ at the wall's mid-plane: where the centred label used to sit under the line.
        for x_tilde in [p.wall + 0.5 * p.thickness, p.wall + 0.1 * p.thickness, p.wall + 0.9 * p.thickness] {
            let text = plot_svg(&p, &st, &Model::BOTH, x_tilde, width);
            let doc = Document::parse(&text).unwrap();
            let root = doc.root_element();
            let line: Vec<f64> = with(root, "polyline", "stroke", &hex(light().x_tilde))
                .iter()
                .flat_map(|n| points(n))
                .map(|(x, _)| x)
                .collect();
            assert!(!line.is_empty(), "the x̃ line at {x_tilde} ({width} px)");
            let label =
                root.descendants().find(|n| n.text().map(str::trim) == Some("wall")).expect("the wall label");
            // plotters writes the anchor point and text-anchor: the label's extent from them.
            let (x, w) = (num(&label, "x"), 11.0 * 0.58 * 4.0);
            let (a, b) = match label.attribute("text-anchor") {
                Some("middle") => (x - w / 2.0, x + w / 2.0),
                Some("end") => (x - w, x),
                _ => (x, x + w),
            };
            assert!(
                line.iter().all(|&l| l < a - 2.0 || l > b + 2.0),
                "x̃ line {line:?} under the label {a}..{b} ({width} px)"
            );
        }
    }
}

#[test]
fn the_plots_words_are_in_the_families_the_page_gives_and_the_svgs_in_the_generic_one() {
    let p = Params::default();
    let mut st = Style::default().plot().unwrap();
    let families = |svg: &str| -> Vec<String> {
        let doc = Document::parse(svg).unwrap();
        let texts: Vec<_> = doc.descendants().filter(|n| n.has_tag_name("text")).collect();
        assert!(texts.len() >= 8, "{} words", texts.len());
        texts.iter().map(|n| n.attribute("font-family").unwrap_or("").to_string()).collect()
    };
    // The static figure is an <img>: no page fonts.
    let svg = plot_svg(&p, &st, &[Model::Penalty, Model::Ipc], 0.55, 700);
    assert!(families(&svg).iter().all(|f| f == "sans-serif"), "{:?}", families(&svg));
    // The page hands over its --font: every word of the plot is set in it.
    st.font_family = ipc_wall::plot::font_family(" Georgia, DejaVu Serif, serif ").unwrap();
    let svg = plot_svg(&p, &st, &[Model::Penalty, Model::Ipc], 0.55, 700);
    assert!(families(&svg).iter().all(|f| f == "Georgia, DejaVu Serif, serif"), "{:?}", families(&svg));
}

#[test]
fn a_font_family_is_a_css_list_on_one_line() {
    use ipc_wall::plot::font_family;
    let page = r#"system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif"#;
    assert_eq!(font_family(page).as_deref(), Some(page));
    assert_eq!(font_family("  serif\n").as_deref(), Some("serif"));
    for bad in ["", "   ", "serif; color: red", "a{b}", "x\u{0}y", "line\nbreak", "back\\slash"] {
        assert_eq!(font_family(bad), None, "{bad:?}");
    }
    assert_eq!(font_family(&"a".repeat(257)), None);
    assert!(font_family(&"a".repeat(256)).is_some());
}
