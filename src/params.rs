//! Parameters of a throw, with the article's values as defaults and validation that says
//! which field is wrong and what it may be.

use std::fmt;

use crate::format::shortest;

/// Every parameter a reader, the CLI or the page can set.
///
/// Defaults are the article's: a 1 kg ball thrown at 5 m/s, h = 10 ms, a 20 mm wall whose
/// front face is at 0.503 m, d̂ = 1 mm, κ = 1e4, k = 1e4 N/m, CCD safety 0.9, Newton
/// tolerance 1e-10 and 80 steps. Build with [`Params::default`] and the `with_*` methods, or
/// set a field by name with [`Params::set`]; all of them validate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Launch speed v0 [m/s]. Default 5.
    pub v0: f64,
    /// Time step h [s]. Default 0.01.
    pub h: f64,
    /// Penalty stiffness k [N/m]. Default 1e4.
    pub k: f64,
    /// Barrier activation distance d̂ [m]. Default 1e-3.
    pub dhat: f64,
    /// Barrier stiffness κ. Default 1e4.
    pub kappa: f64,
    /// Mass M [kg]. Default 1.
    pub mass: f64,
    /// Position of the wall's front face [m]; the ball starts at 0. Default 0.503.
    pub wall: f64,
    /// Wall thickness W [m]. Default 0.02.
    pub thickness: f64,
    /// Fraction of the time of impact the line search starts from, in (0, 1). Default 0.9.
    pub ccd_safety: f64,
    /// Newton stops when |Δx| < tol [m]. Default 1e-10.
    pub tol: f64,
    /// Steps of a fixed-length throw (the article's table). Default 80.
    pub steps: u32,
}

impl Default for Params {
    fn default() -> Self {
        Self {
            v0: 5.0,
            h: 0.01,
            k: 1e4,
            dhat: 1e-3,
            kappa: 1e4,
            mass: 1.0,
            wall: 0.503,
            thickness: 0.02,
            ccd_safety: 0.9,
            tol: 1e-10,
            steps: 80,
        }
    }
}

/// Names a parameter, with its unit and allowed range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    V0,
    H,
    K,
    Dhat,
    Kappa,
    Mass,
    Wall,
    Thickness,
    CcdSafety,
    Tol,
    Steps,
}

/// An interval of allowed values; `open_min`/`open_max` exclude the end point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range {
    pub min: f64,
    pub max: f64,
    pub open_min: bool,
    pub open_max: bool,
}

impl Range {
    const fn closed(min: f64, max: f64) -> Self {
        Self { min, max, open_min: false, open_max: false }
    }

    /// Whether `v` lies in the interval (NaN never does).
    pub fn contains(&self, v: f64) -> bool {
        let lo = if self.open_min { v > self.min } else { v >= self.min };
        let hi = if self.open_max { v < self.max } else { v <= self.max };
        lo && hi
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = if self.open_min { '(' } else { '[' };
        let r = if self.open_max { ')' } else { ']' };
        write!(f, "{l}{}, {}{r}", self.min, self.max)
    }
}

impl Field {
    /// Every field, in the order the CLI and the page list them.
    pub const ALL: [Field; 11] = [
        Field::V0,
        Field::H,
        Field::K,
        Field::Dhat,
        Field::Kappa,
        Field::Mass,
        Field::Wall,
        Field::Thickness,
        Field::CcdSafety,
        Field::Tol,
        Field::Steps,
    ];

    /// The name used by the CLI flags, the URL and the JS API.
    pub fn name(self) -> &'static str {
        match self {
            Field::V0 => "v0",
            Field::H => "h",
            Field::K => "k",
            Field::Dhat => "dhat",
            Field::Kappa => "kappa",
            Field::Mass => "mass",
            Field::Wall => "wall",
            Field::Thickness => "thickness",
            Field::CcdSafety => "ccd_safety",
            Field::Tol => "tol",
            Field::Steps => "steps",
        }
    }

    /// Looks a field up by [`Field::name`]; `ccd-safety` is accepted too.
    pub fn from_name(name: &str) -> Option<Field> {
        let name = if name == "ccd-safety" { "ccd_safety" } else { name };
        Field::ALL.into_iter().find(|f| f.name() == name)
    }

    /// SI unit, empty for dimensionless values.
    pub fn unit(self) -> &'static str {
        match self {
            Field::V0 => "m/s",
            Field::H => "s",
            Field::K => "N/m",
            Field::Dhat | Field::Wall | Field::Thickness | Field::Tol => "m",
            Field::Mass => "kg",
            Field::Kappa | Field::CcdSafety | Field::Steps => "",
        }
    }

    /// Allowed values. They reach far beyond the page's sliders (the property tests go to
    /// v0 = 1e4 m/s, h = 1 s, k = 1e12, d̂ = 1e-9 m, κ = 1e12) but stop where the arithmetic
    /// itself would stop meaning anything.
    pub fn range(self) -> Range {
        match self {
            Field::V0 => Range { open_min: true, ..Range::closed(0.0, 1e5) },
            Field::H => Range::closed(1e-9, 10.0),
            Field::K => Range::closed(1e-6, 1e15),
            Field::Dhat => Range::closed(1e-12, 1.0),
            Field::Kappa => Range::closed(1e-6, 1e15),
            Field::Mass => Range::closed(1e-6, 1e6),
            Field::Wall => Range::closed(1e-6, 1e3),
            Field::Thickness => Range::closed(1e-9, 1e3),
            Field::CcdSafety => Range { open_min: true, open_max: true, ..Range::closed(0.0, 1.0) },
            Field::Tol => Range { open_min: true, ..Range::closed(0.0, 1e-2) },
            Field::Steps => Range::closed(1.0, 1e6),
        }
    }
    /// What a reader of the live figure can reach, through its sliders, its URL or its JS
    /// API: the sliders' ranges for v0, h, k, d̂ and κ, and ranges around the article's
    /// setting for the rest. Inside these every throw decides within a few hundred thousand
    /// steps, so the page stays responsive.
    pub fn figure_range(self) -> Range {
        match self {
            Field::V0 => Range::closed(0.1, 100.0),
            Field::H => Range::closed(1e-4, 0.05),
            Field::K => Range::closed(1e2, 1e10),
            Field::Dhat => Range::closed(1e-6, 1e-2),
            Field::Kappa => Range::closed(1.0, 1e8),
            Field::Mass => Range::closed(0.1, 10.0),
            Field::Wall => Range::closed(0.1, 2.0),
            Field::Thickness => Range::closed(1e-3, 0.2),
            Field::CcdSafety => Range::closed(0.5, 0.99),
            Field::Tol => Range::closed(1e-14, 1e-6),
            Field::Steps => Range::closed(1.0, 1e4),
        }
    }
}

/// What the page may know of a parameter: its name, unit, the range a reader can reach and
/// the article's value. The one owner of these rows: the build writes them into
/// `pkg/specs.js` and the wasm's `parameterSpecs()` returns them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spec {
    pub name: &'static str,
    pub unit: &'static str,
    pub range: Range,
    pub default: f64,
}

impl Spec {
    /// Every parameter's row, in [`Field::ALL`]'s order.
    pub fn all() -> Vec<Spec> {
        let d = Params::default();
        Field::ALL
            .iter()
            .map(|&f| Spec { name: f.name(), unit: f.unit(), range: f.figure_range(), default: d.get(f) })
            .collect()
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a parameter was rejected.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamError {
    /// The value is NaN or infinite.
    NotFinite { field: Field, value: f64 },
    /// The value is finite but outside [`Field::range`].
    OutOfRange { field: Field, value: f64 },
    /// The step count is not a whole number.
    NotWhole { field: Field, value: f64 },
    /// No parameter has this name.
    UnknownField { name: String },
}

impl ParamError {
    /// The field at fault, if the name was known.
    pub fn field(&self) -> Option<Field> {
        match self {
            ParamError::NotFinite { field, .. }
            | ParamError::OutOfRange { field, .. }
            | ParamError::NotWhole { field, .. } => Some(*field),
            ParamError::UnknownField { .. } => None,
        }
    }
}

fn allowed(field: Field) -> String {
    let unit = field.unit();
    if field == Field::Steps {
        format!("a whole number in {}", field.range())
    } else if unit.is_empty() {
        format!("a number in {}", field.range())
    } else {
        format!("a number in {} {unit}", field.range())
    }
}

/// The most characters of a caller's text an error message repeats, counted after escaping.
pub const ECHO_CHARS: usize = 40;

/// `text` quoted with escapes and cut to [`ECHO_CHARS`] characters of the escaped form (with
/// `…` when cut), so an error stays one short line whatever it was handed: a 100 kB name,
/// newlines, control characters (each escapes to several characters), markup.
pub fn echo(text: &str) -> String {
    let mut out = String::from('"');
    let mut shown = 0;
    for c in text.chars() {
        let escaped: String = if c == '\'' { c.to_string() } else { c.escape_debug().collect() };
        let n = escaped.chars().count();
        if shown + n > ECHO_CHARS {
            out.push('…');
            break;
        }
        shown += n;
        out.push_str(&escaped);
    }
    out.push('"');
    out
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `shortest`: `{}` would print 1e300 with 300 zeros.
        match self {
            ParamError::NotFinite { field, value } => {
                write!(f, "{field} = {} is not finite; allowed: {}", shortest(*value), allowed(*field))
            }
            ParamError::OutOfRange { field, value } => {
                write!(f, "{field} = {} is out of range; allowed: {}", shortest(*value), allowed(*field))
            }
            ParamError::NotWhole { field, value } => {
                write!(f, "{field} = {} is not whole; allowed: {}", shortest(*value), allowed(*field))
            }
            ParamError::UnknownField { name } => {
                let names: Vec<_> = Field::ALL.iter().map(|f| f.name()).collect();
                write!(f, "unknown parameter {}; known: {}", echo(name), names.join(", "))
            }
        }
    }
}

impl std::error::Error for ParamError {}

/// Checks one value against its field's range.
pub fn check(field: Field, value: f64) -> Result<f64, ParamError> {
    if !value.is_finite() {
        return Err(ParamError::NotFinite { field, value });
    }
    if !field.range().contains(value) {
        return Err(ParamError::OutOfRange { field, value });
    }
    if field == Field::Steps && value.fract() != 0.0 {
        return Err(ParamError::NotWhole { field, value });
    }
    Ok(value)
}

/// Where a position is relative to the wall: the one classification behind a throw's
/// outcome (through once `Behind`) and every sentence the page says about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallSide {
    /// Up to and including the front face.
    Front,
    /// Past the front face, up to and including the back face.
    Inside,
    /// Past the back face.
    Behind,
}

impl WallSide {
    /// `"front"`, `"inside"` or `"behind"`.
    pub fn name(self) -> &'static str {
        match self {
            WallSide::Front => "front",
            WallSide::Inside => "inside",
            WallSide::Behind => "behind",
        }
    }
}

impl Params {
    /// Which side of the wall `x` is on.
    pub fn side_of(&self, x: f64) -> WallSide {
        if x <= self.wall {
            WallSide::Front
        } else if x <= self.wall + self.thickness {
            WallSide::Inside
        } else {
            WallSide::Behind
        }
    }

    /// Reads a field as a number (the step count as f64).
    pub fn get(&self, field: Field) -> f64 {
        match field {
            Field::V0 => self.v0,
            Field::H => self.h,
            Field::K => self.k,
            Field::Dhat => self.dhat,
            Field::Kappa => self.kappa,
            Field::Mass => self.mass,
            Field::Wall => self.wall,
            Field::Thickness => self.thickness,
            Field::CcdSafety => self.ccd_safety,
            Field::Tol => self.tol,
            Field::Steps => f64::from(self.steps),
        }
    }

    /// Sets one field after checking it; on error `self` is unchanged.
    pub fn set(&mut self, field: Field, value: f64) -> Result<(), ParamError> {
        let v = check(field, value)?;
        match field {
            Field::V0 => self.v0 = v,
            Field::H => self.h = v,
            Field::K => self.k = v,
            Field::Dhat => self.dhat = v,
            Field::Kappa => self.kappa = v,
            Field::Mass => self.mass = v,
            Field::Wall => self.wall = v,
            Field::Thickness => self.thickness = v,
            Field::CcdSafety => self.ccd_safety = v,
            Field::Tol => self.tol = v,
            // In range and whole, so the cast is exact.
            Field::Steps => self.steps = v as u32,
        }
        Ok(())
    }

    /// Sets a field by its [`Field::name`].
    pub fn set_named(&mut self, name: &str, value: f64) -> Result<(), ParamError> {
        let field =
            Field::from_name(name).ok_or_else(|| ParamError::UnknownField { name: name.to_owned() })?;
        self.set(field, value)
    }

    /// Checks every field; the first bad one is reported.
    pub fn validate(&self) -> Result<(), ParamError> {
        Field::ALL.into_iter().try_for_each(|f| check(f, self.get(f)).map(|_| ()))
    }

    fn with(mut self, field: Field, value: f64) -> Result<Self, ParamError> {
        self.set(field, value)?;
        Ok(self)
    }

    /// Launch speed [m/s], in (0, 1e5].
    pub fn with_v0(self, v0: f64) -> Result<Self, ParamError> {
        self.with(Field::V0, v0)
    }
    /// Time step [s], in [1e-9, 10].
    pub fn with_h(self, h: f64) -> Result<Self, ParamError> {
        self.with(Field::H, h)
    }
    /// Penalty stiffness [N/m], in [1e-6, 1e15].
    pub fn with_k(self, k: f64) -> Result<Self, ParamError> {
        self.with(Field::K, k)
    }
    /// Barrier activation distance [m], in [1e-12, 1].
    pub fn with_dhat(self, dhat: f64) -> Result<Self, ParamError> {
        self.with(Field::Dhat, dhat)
    }
    /// Barrier stiffness, in [1e-6, 1e15].
    pub fn with_kappa(self, kappa: f64) -> Result<Self, ParamError> {
        self.with(Field::Kappa, kappa)
    }
    /// Mass [kg], in [1e-6, 1e6].
    pub fn with_mass(self, mass: f64) -> Result<Self, ParamError> {
        self.with(Field::Mass, mass)
    }
    /// Front face [m], in [1e-6, 1e3].
    pub fn with_wall(self, wall: f64) -> Result<Self, ParamError> {
        self.with(Field::Wall, wall)
    }
    /// Thickness [m], in [1e-9, 1e3].
    pub fn with_thickness(self, thickness: f64) -> Result<Self, ParamError> {
        self.with(Field::Thickness, thickness)
    }
    /// CCD safety factor, in (0, 1).
    pub fn with_ccd_safety(self, s: f64) -> Result<Self, ParamError> {
        self.with(Field::CcdSafety, s)
    }
    /// Newton tolerance [m], in (0, 1e-2].
    pub fn with_tol(self, tol: f64) -> Result<Self, ParamError> {
        self.with(Field::Tol, tol)
    }
    /// Steps of a fixed-length throw, in [1, 1e6].
    pub fn with_steps(self, steps: u32) -> Result<Self, ParamError> {
        self.with(Field::Steps, f64::from(steps))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_articles_and_valid() {
        let p = Params::default();
        assert_eq!((p.mass, p.h, p.wall, p.thickness), (1.0, 0.01, 0.503, 0.02));
        assert_eq!((p.dhat, p.kappa, p.k, p.ccd_safety, p.tol, p.steps), (1e-3, 1e4, 1e4, 0.9, 1e-10, 80));
        assert_eq!(p.validate(), Ok(()));
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let e = Params::default().with_h(-1.0).unwrap_err();
        assert_eq!(e, ParamError::OutOfRange { field: Field::H, value: -1.0 });
        let msg = e.to_string();
        assert!(msg.contains("h = -1") && msg.contains("[0.000000001, 10] s"), "{msg}");
        let msg = Params::default().with_ccd_safety(1.0).unwrap_err().to_string();
        assert!(msg.contains("ccd_safety") && msg.contains("(0, 1)"), "{msg}");
        let msg = Params::default().with_steps(0).unwrap_err().to_string();
        assert!(msg.contains("steps = 0") && msg.contains("whole number"), "{msg}");
        assert!(matches!(Params::default().with_kappa(f64::NAN), Err(ParamError::NotFinite { .. })));
        assert!(matches!(Params::default().with_v0(0.0), Err(ParamError::OutOfRange { .. })));
        assert!(matches!(Params::default().with_dhat(f64::INFINITY), Err(ParamError::NotFinite { .. })));
    }

    #[test]
    fn failed_set_leaves_params_unchanged() {
        let mut p = Params::default();
        assert!(p.set_named("k", -5.0).is_err());
        assert!(p.set_named("nope", 1.0).is_err());
        assert!(p.set(Field::Steps, 2.5).is_err());
        assert_eq!(p, Params::default());
        p.set_named("ccd-safety", 0.5).unwrap();
        assert_eq!(p.ccd_safety, 0.5);
    }

    #[test]
    fn messages_stay_short_whatever_the_value() {
        for v in
            [1e300, -1e300, 1e-300, -1e-300, f64::MAX, f64::MIN_POSITIVE, 5e-324, f64::NAN, f64::INFINITY]
        {
            for field in Field::ALL {
                let Err(e) = Params::default().set(field, v) else { continue };
                let msg = e.to_string();
                assert!(msg.len() < 120, "{} chars: {msg}", msg.len());
                assert!(!msg.contains("000000000000000000"), "{msg}");
            }
        }
        let msg = Params::default().with_k(1e300).unwrap_err().to_string();
        assert!(msg.starts_with("k = 1e300 is out of range"), "{msg}");
        let msg = Params::default().with_dhat(-1e-300).unwrap_err().to_string();
        assert!(msg.starts_with("dhat = -1e-300 is out of range"), "{msg}");
        let huge = "<script>".repeat(100_000);
        let msg = Params::default().set_named(&huge, 1.0).unwrap_err().to_string();
        assert!(
            msg.len() < 200 && msg.starts_with("unknown parameter \"<script><script>") && msg.contains('…'),
            "{msg}"
        );
        assert_eq!(echo("a\nb"), "\"a\\nb\"");
        assert_eq!(echo("it's"), "\"it's\"");
        // Found by the fuzzer: control characters escape to six characters each.
        let msg = echo(&"\u{11}".repeat(40));
        assert!(msg.chars().count() <= ECHO_CHARS + 3 && msg.ends_with("…\""), "{msg}");
    }
}
