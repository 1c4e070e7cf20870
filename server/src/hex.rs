//! Lowercase hex, the form the server writes its hashes, secrets and token parts in.

/// `bytes` as lowercase hex.
pub fn encode(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Exactly `N` bytes from `2 N` hex digits, or `None`.
pub fn decode<const N: usize>(hex: &str) -> Option<[u8; N]> {
    let digits = hex.as_bytes();
    if digits.len() != 2 * N {
        return None;
    }
    let mut out = [0u8; N];
    for (slot, pair) in out.iter_mut().zip(digits.chunks(2)) {
        *slot = u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn hex_round_trips_and_refuses_the_wrong_length_or_digits() {
        let bytes = [0u8, 1, 0xab, 0xff];
        assert_eq!(super::encode(&bytes), "0001abff");
        assert_eq!(super::decode::<4>("0001abff"), Some(bytes));
        assert_eq!(super::decode::<4>("0001abf"), None);
        assert_eq!(super::decode::<2>("zz00"), None);
    }
}
