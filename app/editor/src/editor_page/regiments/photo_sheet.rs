//! The numbers the photo forms read and write: a typed number (blank is none), a number as a
//! field holds it, and the order of a record added last. The numbers a lightbox shows are the
//! shared sheet, `app::markup::photo_sheet`.

pub use app::markup::photo_sheet::show;

/// A typed number: blank is `None`, anything else must read as a finite number.
pub fn parse_number(text: &str) -> Result<Option<f64>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    match t.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(Some(v)),
        _ => Err(format!("{t:?} is not a number")),
    }
}

/// A number as a form field holds it (blank for none).
pub fn field_text(v: Option<f64>) -> String {
    v.map(|x| x.to_string()).unwrap_or_default()
}

/// The `order` for a record added after `orders`: one past the largest, or 0.
pub fn next_order(orders: impl Iterator<Item = i64>) -> i64 {
    orders.max().map_or(0, |m| m.saturating_add(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_and_print_as_typed() {
        assert_eq!(parse_number(" 12.5 "), Ok(Some(12.5)));
        assert_eq!(parse_number(""), Ok(None));
        assert!(parse_number("ten").unwrap_err().contains("not a number"));
        assert!(parse_number("inf").is_err());
        assert_eq!(show(None), "—");
        assert_eq!(show(Some(3.0)), "3");
        assert_eq!(show(Some(3.456)), "3.46");
        assert_eq!(show(Some(-0.001)), "0");
        assert_eq!(field_text(Some(1.25)), "1.25");
        assert_eq!(next_order([3, -1, 7].into_iter()), 8);
        assert_eq!(next_order(std::iter::empty()), 0);
    }
}
