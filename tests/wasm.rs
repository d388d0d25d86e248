//! The WebAssembly boundary as JS sees it: `Figure` built, stepped, validated and read back
//! through plain JS values. Runs under Node and in headless Chromium (`cargo xtask test`).
#![cfg(target_arch = "wasm32")]

use ipc_wall::wasm::Figure;
use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsError, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// `obj.a.b...` as a JS value (undefined when missing).
fn get(obj: &JsValue, path: &str) -> JsValue {
    path.split('.')
        .fold(obj.clone(), |o, key| Reflect::get(&o, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED))
}

fn number(obj: &JsValue, path: &str) -> f64 {
    get(obj, path).as_f64().unwrap_or_else(|| panic!("{path} is not a number in {obj:?}"))
}

fn string(obj: &JsValue, path: &str) -> String {
    get(obj, path).as_string().unwrap_or_else(|| panic!("{path} is not a string in {obj:?}"))
}

/// A plain JS object from key/value pairs, as a page would pass it.
fn object(entries: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in entries {
        Reflect::set(&o, &JsValue::from_str(k), v).unwrap();
    }
    o.into()
}

/// The `message` of the JS `Error` a `JsError` becomes.
fn message(e: JsError) -> String {
    let v = JsValue::from(e);
    assert!(v.is_instance_of::<js_sys::Error>(), "not an Error: {v:?}");
    string(&v, "message")
}

/// Whether an error message is about parameter `name`: it starts with the name, or quotes it.
fn names(msg: &str, name: &str) -> bool {
    msg.starts_with(&format!("{name} ")) || msg.contains(&format!("\"{name}\""))
}

fn defaults() -> Figure {
    Figure::new(JsValue::UNDEFINED).expect("the defaults are valid")
}

#[wasm_bindgen_test]
fn defaults_reproduce_the_article_penalty_through_ipc_stopped_24_um() {
    let mut fig = defaults();
    let state = fig.state();
    assert_eq!(string(&state, "penalty.outcome"), "flying");
    assert_eq!(string(&state, "ipc.outcome"), "flying");
    assert_eq!(number(&state, "step"), 0.0);

    let steps = fig.run_to_end();
    assert!(steps > 0.0);
    assert!(fig.done());
    let state = fig.state();
    assert_eq!(string(&state, "penalty.outcome"), "through");
    assert_eq!(string(&state, "ipc.outcome"), "stopped");
    let gap_um = -number(&state, "ipc.xmax_minus_wall_m") * 1e6;
    assert_eq!(format!("{gap_um:.1}"), "24.0", "the article prints gap 24.0 um");
    // The IPC ball never touches the wall: it ends strictly in front of the front face.
    assert!(number(&state, "ipc.x") < number(&state, "params.wall"));
    assert_eq!(number(&state, "ipc.newton_max"), 9.0);
    // Stepping a decided figure changes nothing.
    assert!(!fig.step());
    assert_eq!(number(&fig.state(), "step"), number(&state, "step"));
}

#[wasm_bindgen_test]
fn state_is_plain_values_in_si_units() {
    let mut fig = defaults();
    fig.step();
    let state = fig.state();
    let params = get(&state, "params");
    assert_eq!(number(&params, "v0"), 5.0);
    assert_eq!(number(&params, "h"), 0.01);
    assert_eq!(number(&params, "k"), 1e4);
    assert_eq!(number(&params, "dhat"), 1e-3);
    assert_eq!(number(&params, "kappa"), 1e4);
    assert_eq!(number(&params, "mass"), 1.0);
    assert_eq!(number(&params, "wall"), 0.503);
    assert_eq!(number(&params, "thickness"), 0.02);
    assert_eq!(number(&params, "ccd_safety"), 0.9);
    assert_eq!(number(&state, "step"), 1.0);
    assert_eq!(number(&state, "time"), 0.01);
    for ball in ["penalty", "ipc"] {
        // One free-flight step from x = 0 at 5 m/s: x = h·v0, v unchanged.
        assert!((number(&state, &format!("{ball}.x")) - 0.05).abs() < 1e-12);
        assert!((number(&state, &format!("{ball}.v")) - 5.0).abs() < 1e-9);
        for key in ["xmax_minus_wall_m", "newton_max"] {
            number(&state, &format!("{ball}.{key}"));
        }
    }
}

#[wasm_bindgen_test]
fn set_rejects_bad_values_names_the_parameter_and_changes_nothing() {
    let mut fig = defaults();
    fig.step();
    let before_params = js_sys::JSON::stringify(&fig.params()).unwrap();
    let before_step = number(&fig.state(), "step");

    let cases: [(JsValue, &str); 6] = [
        (object(&[("v0", JsValue::from_f64(f64::NAN))]), "v0"),
        (object(&[("h", JsValue::from_f64(-0.01))]), "h"),
        (object(&[("k", JsValue::from_f64(0.0))]), "k"),
        (object(&[("dhat", JsValue::from_str("1mm"))]), "dhat"),
        (object(&[("wobble", JsValue::from_f64(1.0))]), "wobble"),
        // A good value next to a bad one: nothing is applied.
        (object(&[("v0", JsValue::from_f64(1.0)), ("kappa", JsValue::from_f64(f64::INFINITY))]), "kappa"),
    ];
    for (partial, name) in cases {
        let shown = js_sys::JSON::stringify(&partial).unwrap();
        let msg = message(fig.set(partial).expect_err(&format!("set({shown:?}) was accepted")));
        assert!(names(&msg, name), "message {msg:?} does not name {name}");
        assert_eq!(js_sys::JSON::stringify(&fig.params()).unwrap(), before_params);
        assert_eq!(number(&fig.state(), "step"), before_step, "the throw restarted");
    }

    // Not an object at all.
    let msg = message(fig.set(JsValue::from_str("v0=1")).unwrap_err());
    assert!(!msg.is_empty());
    assert_eq!(js_sys::JSON::stringify(&fig.params()).unwrap(), before_params);
}

#[wasm_bindgen_test]
fn set_applies_good_values_and_restarts_the_throw() {
    let mut fig = defaults();
    fig.run_to_end();
    fig.set(object(&[("v0", JsValue::from_f64(1.0))])).expect("v0 = 1 m/s is valid");
    let state = fig.state();
    assert_eq!(number(&state, "params.v0"), 1.0);
    assert_eq!(number(&state, "step"), 0.0);
    assert_eq!(string(&state, "penalty.outcome"), "flying");

    // The article's first row: at 1 m/s the red ball stops after 5.00 mm of penetration.
    fig.run_to_end();
    let state = fig.state();
    assert_eq!(string(&state, "penalty.outcome"), "stopped");
    let depth_mm = number(&state, "penalty.xmax_minus_wall_m") * 1e3;
    assert_eq!(format!("{depth_mm:.2}"), "5.00");
}

#[wasm_bindgen_test]
fn constructor_rejects_bad_parameters_by_name() {
    let msg = message(
        Figure::new(object(&[("dhat", JsValue::from_f64(-1.0))])).err().expect("negative dhat was accepted"),
    );
    assert!(names(&msg, "dhat"), "{msg:?}");
}

/// The article's table, as printed in the article (v0, penalty k=1e4, penalty k=1e6, IPC).
const ARTICLE: [&str; 6] = [
    "       1 | stop  5.00 mm | stop  0.07 mm | gap  166.4 um, newton  8",
    "       2 | through       | stop  0.17 mm | gap   71.0 um, newton  8",
    "       5 | through       | through       | gap   24.0 um, newton  9",
    "      10 | through       | through       | gap   11.1 um, newton 10",
    "      20 | through       | through       | gap   10.4 um, newton 11",
    "      50 | through       | through       | gap    2.1 um, newton 12",
];

#[wasm_bindgen_test]
fn table_has_the_articles_18_rows_to_the_printed_digit() {
    let rows: Vec<JsValue> = defaults().table().iter().collect();
    assert_eq!(rows.len(), 18);

    let first = &rows[0];
    assert_eq!(number(first, "v0"), 1.0);
    assert_eq!(string(first, "model"), "penalty");
    assert_eq!(number(first, "k"), 1e4);
    assert_eq!(string(first, "outcome"), "stopped");
    assert_eq!(format!("{:.2}", number(first, "xmax_minus_wall_m") * 1000.0), "5.00");

    // Every row, printed the way the article's script prints it.
    for (chunk, line) in rows.chunks(3).zip(ARTICLE) {
        let penalty = |r: &JsValue| match string(r, "outcome").as_str() {
            "through" => format!("{:13}", "through"),
            _ => format!("stop {:5.2} mm", number(r, "xmax_minus_wall_m") * 1000.0),
        };
        let ipc = &chunk[2];
        assert_eq!(string(ipc, "model"), "ipc");
        assert!(get(ipc, "k").is_null());
        assert_eq!(string(ipc, "outcome"), "stopped");
        let printed = format!(
            "{:8} | {} | {} | gap {:6.1} um, newton {:2}",
            number(&chunk[0], "v0"),
            penalty(&chunk[0]),
            penalty(&chunk[1]),
            -number(ipc, "xmax_minus_wall_m") * 1e6,
            number(ipc, "newton_max"),
        );
        assert_eq!(printed, line);
    }
}

#[wasm_bindgen_test]
fn newton_counts_from_appends_to_what_the_page_has() {
    let mut f = defaults();
    for _ in 0..5 {
        f.step();
    }
    let head = f.newton_counts_from("ipc", 0).unwrap().to_vec();
    f.run_to_end();
    let all = f.newton_counts("ipc").unwrap().to_vec();
    let tail = f.newton_counts_from("ipc", head.len()).unwrap().to_vec();
    assert_eq!([head, tail].concat(), all);
    assert_eq!(all.iter().copied().max(), Some(9), "the article's 9 iterations at 5 m/s");
    assert!(f.newton_counts_from("ipc", all.len() + 10).unwrap().to_vec().is_empty());
    assert!(f.newton_counts_from("nope", 0).is_err());
}

/// The map computes its cells side by side with free flight in lockstep; compiled to wasm32,
/// each cell must still be the figure's own throw at the cell's centre, bit for bit.
#[wasm_bindgen_test]
fn regime_cells_are_the_figures_throws() {
    use ipc_wall::wasm::Regime;
    let n = 9;
    let mut map = Regime::new(JsValue::UNDEFINED, n, None).unwrap();
    while !map.fill(1e9) {}
    assert_eq!(map.progress(), 1.0);
    for (i, j) in [(0, 0), (n - 1, n - 1), (4, 6), (7, 1), (2, 8)] {
        let cell = map.cell(i, j);
        let mut f = defaults();
        f.set(object(&[("v0", map.v0_at(i).into()), ("h", map.h_at(j).into())])).unwrap();
        f.run_to_end();
        let s = f.state();
        for m in ["penalty", "ipc"] {
            assert_eq!(
                string(&cell, &format!("{m}.outcome")),
                string(&s, &format!("{m}.outcome")),
                "({i}, {j}) {m}"
            );
            let (a, b) = (
                number(&cell, &format!("{m}.xmax_minus_wall_m")),
                number(&s, &format!("{m}.xmax_minus_wall_m")),
            );
            assert_eq!(a.to_bits(), b.to_bits(), "({i}, {j}) {m}");
            assert_eq!(number(&cell, &format!("{m}.newton_max")), number(&s, &format!("{m}.newton_max")));
        }
        assert_eq!(map.cell_of(map.v0_at(i), map.h_at(j)).unwrap(), vec![i as u32, j as u32]);
    }
}

#[wasm_bindgen_test]
fn the_halves_switch_adds_two_balls_as_extra_keys_and_restarts() {
    let mut f = defaults();
    assert!(!get(&f.state(), "halves").as_bool().unwrap());
    assert!(!f.halves());
    assert!(get(&f.state(), "ccd-alone").is_undefined());
    assert!(f.positions_from("ccd-alone", 0).is_err(), "no such ball while the switch is off");
    f.step();
    f.set_halves(true);
    let s = f.state();
    assert_eq!(number(&s, "step"), 0.0, "the switch restarts the throw");
    let models: Vec<String> =
        js_sys::Array::from(&get(&s, "models")).iter().map(|v| v.as_string().unwrap()).collect();
    assert_eq!(models, ["penalty", "ipc", "barrier-alone", "ccd-alone"]);
    f.run_to_end();
    let s = f.state();
    assert_eq!(string(&s, "barrier-alone.outcome"), "through");
    assert_eq!(string(&s, "ccd-alone.outcome"), "stopped");
    assert_eq!(number(&s, "ccd-alone.xmax_minus_wall_m"), 0.0);
    assert!(get(&s, "ccd-alone.touching").as_bool().unwrap());
    assert_eq!(f.energy_layers(0, f64::NAN).length(), 2 + 3 * 4);
    // Parameters keep the switch; switching off gives the article's two again.
    f.set(object(&[("v0", JsValue::from_f64(1.0))])).unwrap();
    assert!(get(&f.state(), "halves").as_bool().unwrap());
    assert!(f.halves(), "halves() says what the state says");
    f.set_halves(false);
    assert!(!f.halves());
    assert!(get(&f.state(), "barrier-alone").is_undefined());
    assert!(f.minimizer("barrier-alone", 0.5).is_ok(), "every model's E, thrown or not");
}

#[wasm_bindgen_test]
fn plot_style_takes_the_pages_font_families_and_refuses_what_a_canvas_could_not_parse() {
    use ipc_wall::wasm::PlotStyle;
    let num = |v: u32| JsValue::from_f64(f64::from(v));
    let keys = ["background", "text", "muted", "grid", "axis", "wall_fill", "wall_hatch", "wall_edge"];
    let mut colors: Vec<(&str, JsValue)> = keys.iter().map(|k| (*k, num(0x334455))).collect();
    colors.extend([("x_tilde", num(0x7a3fd0)), ("dhat_fill", num(0x2e9e4f)), ("dhat_text", num(0x1b6b34))]);
    colors.push(("dhat_alpha", JsValue::from_f64(0.2)));
    let words: Vec<(&str, JsValue)> = ["iterates", "wall", "x_axis", "front_face_at", "off_plot", "step"]
        .iter()
        .map(|k| (*k, JsValue::from_str(k)))
        .collect();
    let (colors, words) = (object(&colors), object(&words));
    let page = r#"system-ui, -apple-system, "Segoe UI", Roboto, sans-serif"#;
    assert!(PlotStyle::new(colors.clone(), words.clone(), ".", page).is_ok());
    for bad in ["", "  ", "serif; color: red", "a{b}", "x\ny"] {
        let err = PlotStyle::new(colors.clone(), words.clone(), ".", bad)
            .err()
            .unwrap_or_else(|| panic!("{bad:?} taken"));
        assert!(message(err).contains("font_family"), "{bad:?}");
    }
}
