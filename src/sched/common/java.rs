//! What the mirrored Hadoop code inherits from Java and SchedScope reproduces, in one place:
//! `String.hashCode` and the iteration order of a Java 6 `HashMap` (the Capacity Scheduler's
//! first queue order and its per-user display), `Float.toString` and `String.format("%.1f")`
//! (the texts and error messages Hadoop prints), and how `Configuration.getFloat` / `getInt`
//! read a property. Java's `Collections.sort` is a stable sort: the schedulers sort with
//! `crate::sort`, which is stable too (and keeps the wasm small).

/// `Configuration.getFloat`: `Float.parseFloat` of the trimmed text (a trailing `f`/`d` allowed),
/// `None` where Hadoop would fall back to the default.
pub fn parse_float(s: &str) -> Option<f32> {
    let t = s.trim();
    let t = t.strip_suffix(['f', 'F', 'd', 'D']).unwrap_or(t);
    if t.is_empty() || t.eq_ignore_ascii_case("inf") || t.eq_ignore_ascii_case("infinity") {
        return None;
    }
    t.parse::<f32>().ok()
}

/// `Configuration.getInt` / `getLong`: hex with `0x`, otherwise a plain (untrimmed) integer.
pub fn parse_long(s: &str) -> Option<i64> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        i64::from_str_radix(h, 16).ok()?
    } else {
        if body.starts_with('+') {
            return None;
        }
        body.parse::<i64>().ok()?
    };
    Some(if neg { -v } else { v })
}

/// `String.hashCode()`: 31-polynomial over UTF-16 code units with 32-bit wrap.
pub fn string_hash(s: &str) -> i32 {
    s.encode_utf16().fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(c as i32))
}

/// Java 6/7 `HashMap.hash(int)`: the supplemental bit spreading.
fn spread(h: i32) -> u32 {
    let mut h = h as u32;
    h ^= (h >> 20) ^ (h >> 12);
    h ^ (h >> 7) ^ (h >> 4)
}

/// Iteration order of a Java 6 `HashMap<String, _>` filled with `names` in this order: buckets
/// ascending; inside a bucket the most recently inserted entry first. (Collisions that survive a
/// resize are rare and none of Hadoop's test queue sets has one.)
pub fn hash_order(names: &[String]) -> Vec<String> {
    let mut table = 16usize;
    while names.len() > table * 3 / 4 {
        table *= 2;
    }
    let mut keyed: Vec<(usize, usize, &String)> =
        names.iter().enumerate().map(|(i, n)| ((spread(string_hash(n)) as usize) & (table - 1), i, n)).collect();
    crate::sort::sort_by(&mut keyed, |a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    let mut seen = std::collections::BTreeSet::new();
    let mut out: Vec<String> = Vec::new();
    for (_, _, n) in keyed {
        if seen.insert(n) {
            out.push(n.clone());
        }
    }
    out
}

/// Java `Float.toString`: shortest round-trip digits, always a fraction, exponent form below
/// 10⁻³ and from 10⁷.
pub fn float_string(v: f32) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "Infinity".into() } else { "-Infinity".into() };
    }
    let a = v.abs();
    if a == 0.0 || (1e-3..1e7).contains(&a) {
        let s = format!("{v}");
        if s.contains('.') { s } else { format!("{s}.0") }
    } else {
        let s = format!("{v:e}");
        let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
        let m = if m.contains('.') { m.to_string() } else { format!("{m}.0") };
        format!("{m}E{e}")
    }
}

/// Java `String.format("%.1f", (double) f)`: half-up rounding on the decimal digits of the
/// double (so 1.25 prints as 1.3).
pub fn format_1f(v: f32) -> String {
    let d = v as f64;
    let neg = d < 0.0;
    let s = format!("{}", d.abs());
    let (int, frac) = s.split_once('.').unwrap_or((&s, ""));
    let mut digits: Vec<u8> = int.bytes().map(|b| b - b'0').collect();
    let f: Vec<u8> = frac.bytes().map(|b| b - b'0').collect();
    digits.push(f.first().copied().unwrap_or(0));
    if f.get(1).copied().unwrap_or(0) >= 5 {
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, 1);
                break;
            }
            i -= 1;
            if digits[i] == 9 {
                digits[i] = 0;
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    let n = digits.len();
    let ip: String = digits[..n - 1].iter().map(|d| (b'0' + d) as char).collect();
    let out = format!("{}.{}", ip, digits[n - 1]);
    if neg && out != "0.0" { format!("-{out}") } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: &[&str]) -> Vec<String> {
        x.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn java6_orders_of_the_test_queue_sets() {
        assert_eq!(hash_order(&v(&["default", "q2"])), v(&["default", "q2"]));
        assert_eq!(hash_order(&v(&["default", "q1"])), v(&["default", "q1"]));
        assert_eq!(hash_order(&v(&["q1", "q2"])), v(&["q2", "q1"]));
        assert_eq!(hash_order(&v(&["defaultXYZ", "q2"])), v(&["q2", "defaultXYZ"]));
        assert_eq!(string_hash("default"), 1544803905);
    }

    #[test]
    fn java_numbers() {
        assert_eq!(float_string(50.0), "50.0");
        assert_eq!(float_string(12.5), "12.5");
        assert_eq!(float_string(40.0), "40.0");
        assert_eq!(float_string(0.1), "0.1");
        assert_eq!(float_string(1e7), "1.0E7");
        assert_eq!(float_string(-1.0), "-1.0");
        assert_eq!(format_1f(99.96), "100.0");
        assert_eq!(format_1f(1.25), "1.3");
    }

    #[test]
    fn configuration_numbers() {
        assert_eq!(parse_float(" 0.5f "), Some(0.5));
        assert_eq!(parse_float("Infinity"), None);
        assert_eq!(parse_long("0x10"), Some(16));
        assert_eq!(parse_long("-0x10"), Some(-16));
        assert_eq!(parse_long("+5"), None);
        assert_eq!(parse_long(" 5"), None);
    }
}
