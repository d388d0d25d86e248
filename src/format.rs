//! Number formatting shared by the CLI, the table and the page.

/// Formats `x` as Python's `repr(float)` does: the shortest digits that parse back to `x`,
/// in positional notation for exponents from -4 to 15 and as `1e-05` / `1.5e+16` otherwise,
/// with a trailing `.0` on whole numbers. The article prints its header with it.
pub fn py_repr(x: f64) -> String {
    if !x.is_finite() {
        return if x.is_nan() {
            "nan".into()
        } else if x > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        };
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0.0".into() } else { "0.0".into() };
    }
    // Rust's `{:e}` gives the same shortest round-trip digits: `d.ddde±x`.
    let sci = format!("{x:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (sign, mantissa) = mantissa.strip_prefix('-').map_or(("", mantissa), |m| ("-", m));
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    if !(-4..16).contains(&exp) {
        let (first, rest) = digits.split_at(1);
        let frac = if rest.is_empty() { String::new() } else { format!(".{rest}") };
        let esign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{first}{frac}e{esign}{:02}", exp.abs());
    }
    let point = exp + 1; // digits before the decimal point
    if point <= 0 {
        format!("{sign}0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else if point as usize >= digits.len() {
        format!("{sign}{digits}{}.0", "0".repeat(point as usize - digits.len()))
    } else {
        let (int, frac) = digits.split_at(point as usize);
        format!("{sign}{int}.{frac}")
    }
}

/// Shortest text that parses back to the same `f64`, without a trailing `.0` and without
/// hundreds of zeros: positional for magnitudes in [1e-5, 1e16), scientific (`2.4e-5`)
/// otherwise. Used for CSV and for labels.
pub fn shortest(x: f64) -> String {
    Shortest(x).to_string()
}

/// [`shortest`] as a `Display`, to write without a `String` of its own.
#[derive(Clone, Copy, Debug)]
pub struct Shortest(pub f64);

impl std::fmt::Display for Shortest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let x = self.0;
        if x == 0.0 || (1e-5..1e16).contains(&x.abs()) {
            write!(f, "{x}")
        } else {
            write!(f, "{x:e}")
        }
    }
}

/// A compact label for a stiffness: `1e4`, `2.5e6`, `300`.
pub fn compact(x: f64) -> String {
    let sci = format!("{x:e}");
    let plain = format!("{x}");
    if plain.len() <= sci.len() {
        plain
    } else {
        sci
    }
}

/// `{x:.0}` as the article prints lengths and times, when that is faithful to `x`, and the
/// shortest exact text otherwise: a reader who sets h = 0.5 ms should not read `0 ms`.
pub fn whole_or_shortest(x: f64) -> String {
    let rounded = format!("{x:.0}");
    match rounded.parse::<f64>() {
        Ok(r) if (r - x).abs() <= 1e-9 * x.abs() => rounded,
        _ => shortest(x),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn py_repr_matches_python() {
        let cases = [
            (0.503, "0.503"),
            (1.0, "1.0"),
            (1e-5, "1e-05"),
            (0.0001, "0.0001"),
            (1e16, "1e+16"),
            (1234567890123456.0, "1234567890123456.0"),
            (1.5e16, "1.5e+16"),
            (-2.5e-7, "-2.5e-07"),
            (123.456, "123.456"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1e22, "1e+22"),
            (-0.0, "-0.0"),
        ];
        for (x, want) in cases {
            assert_eq!(py_repr(x), want, "{x:e}");
        }
    }

    #[test]
    fn fixed_point_rounds_half_to_even_like_python() {
        // Python: f"{0.125:.2f}" == "0.12", f"{2.5:.0f}" == "2", f"{0.375:.2f}" == "0.38"
        assert_eq!(format!("{:.2}", 0.125), "0.12");
        assert_eq!(format!("{:.0}", 2.5), "2");
        assert_eq!(format!("{:.2}", 0.375), "0.38");
        assert_eq!(format!("{:5.2}", -0.0), "-0.00");
    }

    #[test]
    fn shortest_round_trips() {
        for x in [2.4e-5, 1e-300, 0.503, 5.0, -1.7e20, 123456.789, 1e-5] {
            assert_eq!(shortest(x).parse::<f64>().unwrap(), x);
        }
        assert_eq!(shortest(5.0), "5");
        assert_eq!(shortest(2.4e-6), "2.4e-6");
        assert_eq!(compact(1e4), "1e4");
        assert_eq!(compact(300.0), "300");
        assert_eq!(whole_or_shortest(20.0), "20");
        assert_eq!(whole_or_shortest(0.5), "0.5");
    }
}
