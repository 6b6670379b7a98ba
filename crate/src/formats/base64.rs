//! Unpadded base64url (RFC 4648 §5): the alphabet of MS1 strings and of our links.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The 6-bit value of a base64url character.
pub(crate) fn value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'-' => Some(62),
        b'_' => Some(63),
        _ => None,
    }
}

pub(crate) fn char_of(v: u8) -> char {
    ALPHABET[(v & 63) as usize] as char
}

pub(crate) fn encode(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len() * 4 / 3 + 3);
    for chunk in data.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for i in 0..chunk.len() + 1 {
            out.push(char_of((n >> (18 - 6 * i)) as u8));
        }
    }
    out
}

/// Decodes, tolerating trailing `=` padding.
pub(crate) fn decode(text: &str) -> Result<Vec<u8>, Damage> {
    let t = text.trim_end_matches('=').as_bytes();
    let mut out = Vec::with_capacity(t.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for (i, &c) in t.iter().enumerate() {
        acc = acc << 6 | value(c).ok_or(Damage::Character(i))? as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    // the characters first: a bad one makes the length wrong too, and is what to point at
    if t.len() % 4 == 1 {
        return Err(Damage::Length);
    }
    Ok(out)
}

/// Why a text is not base64url.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Damage {
    /// The byte at this index is not a base64url character.
    Character(usize),
    /// No base64url text has this length (one character over a multiple of 4): one is
    /// missing, or one too many.
    Length,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_rejects_bad_characters() {
        for n in 0..40u8 {
            let data: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37).wrapping_add(n)).collect();
            assert_eq!(decode(&encode(&data)).unwrap(), data);
        }
        assert_eq!(encode(b"hello"), "aGVsbG8");
        assert_eq!(decode("aGVsbG8=").unwrap(), b"hello");
        assert_eq!(decode("aGV*bG8"), Err(Damage::Character(3)));
        assert_eq!(decode("aGVsb"), Err(Damage::Length));
        // a bad character that also makes the length wrong is the damage said
        assert_eq!(decode("aGV*s"), Err(Damage::Character(3)));
    }
}
