//! The weights' text form in the contest export's source: standard base64 (RFC 4648, with
//! padding), four characters for three bytes where a byte string of `\xNN` escapes takes
//! twelve, so that a network of a few hundred kilobytes fits the judge's 1 MiB source.
//! `harness export` encodes with [`encode`]; the export decodes once at start with
//! [`decode`].

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `bytes` as base64, padded.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The bytes of base64 `text` (white space ignored); `None` if it is not base64.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let digits: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if !digits.len().is_multiple_of(4) {
        return None;
    }
    let value = |c: u8| ALPHABET.iter().position(|&a| a == c).map(|v| v as u32);
    let mut out = Vec::with_capacity(digits.len() / 4 * 3);
    for (q, quad) in digits.chunks(4).enumerate() {
        let last = q + 1 == digits.len() / 4;
        let pad = quad.iter().rev().take_while(|&&c| c == b'=').count();
        if pad > 2 || (pad > 0 && !last) {
            return None;
        }
        let mut n = 0u32;
        for &c in &quad[..4 - pad] {
            n = n << 6 | value(c)?;
        }
        n <<= 6 * pad as u32;
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..3 - pad]);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_length_round_trips() {
        let bytes: Vec<u8> = (0..=255u8).chain((0..=255u8).rev()).collect();
        for n in 0..40 {
            assert_eq!(decode(&encode(&bytes[..n])).as_deref(), Some(&bytes[..n]));
        }
        assert_eq!(decode(&encode(&bytes)).as_deref(), Some(&bytes[..]));
    }

    #[test]
    fn the_standard_vectors_and_bad_text() {
        assert_eq!(encode(b"foobar"), "Zm9vYmFy");
        assert_eq!(encode(b"fooba"), "Zm9vYmE=");
        assert_eq!(encode(b"foob"), "Zm9vYg==");
        assert_eq!(decode("Zm9v\nYmE="), Some(b"fooba".to_vec()));
        assert_eq!(decode("Zm9"), None);
        assert_eq!(decode("Zm9*"), None);
        assert_eq!(decode("Zg==Zm9v"), None);
        assert_eq!(decode("Z==="), None);
    }
}
