//! A byte-wise rANS entropy coder with static per-context frequency tables, and the raw
//! bit stream that travels beside it.
//!
//! Why rANS: `data.bin` must hold 29.9 M table values in at most 10 MiB and be decoded at
//! start-up within a fraction of a second; a table-driven rANS decoder costs a lookup, a
//! multiply and an occasional byte per symbol. Encoder and decoder live in one file so that
//! they cannot drift apart. Everything is integer arithmetic: the decoded table is the same
//! on every machine.

/// Bits of probability precision: frequencies of one context sum to `1 << PROB_BITS`.
pub const PROB_BITS: u32 = 12;
const PROB_SCALE: u32 = 1 << PROB_BITS;
/// Lower bound of the normalised state.
const STATE_LOW: u32 = 1 << 23;

/// Frequencies of one context, normalised to sum to `1 << PROB_BITS`, with the cumulative
/// starts and the slot-to-symbol lookup the decoder needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    pub freq: Vec<u16>,
    cum: Vec<u32>,
    /// `symbol_of[slot]` for every slot below `1 << PROB_BITS` (empty for a model that
    /// only encodes).
    symbol_of: Vec<u8>,
}

impl Model {
    /// A model from stored frequencies; `None` unless they sum to `1 << PROB_BITS`.
    pub fn from_freq(freq: Vec<u16>) -> Option<Model> {
        if freq.len() > 256 {
            return None;
        }
        let mut cum = Vec::with_capacity(freq.len() + 1);
        let mut total = 0u32;
        for &f in &freq {
            cum.push(total);
            total += f as u32;
        }
        cum.push(total);
        if total != PROB_SCALE {
            return None;
        }
        let mut symbol_of = vec![0u8; PROB_SCALE as usize];
        for (s, &f) in freq.iter().enumerate() {
            let start = cum[s] as usize;
            symbol_of[start..start + f as usize].fill(s as u8);
        }
        Some(Model {
            freq,
            cum,
            symbol_of,
        })
    }

    /// Normalises symbol counts: every symbol that occurs keeps a frequency of at least 1;
    /// a context that saw nothing gets a flat model. Deterministic.
    pub fn from_counts(counts: &[u64]) -> Model {
        let n = counts.len();
        let total: u64 = counts.iter().sum();
        let mut freq = vec![0u32; n];
        if total == 0 {
            let each = PROB_SCALE / n as u32;
            freq.fill(each);
            freq[0] += PROB_SCALE - each * n as u32;
        } else {
            for (f, &c) in freq.iter_mut().zip(counts) {
                if c > 0 {
                    *f = ((c as u128 * PROB_SCALE as u128) / total as u128).max(1) as u32;
                }
            }
            // Move the rounding surplus or deficit onto the most frequent symbols.
            let mut sum: i64 = freq.iter().map(|&f| f as i64).sum();
            let mut order: Vec<usize> = (0..n).filter(|&s| counts[s] > 0).collect();
            order.sort_by_key(|&s| (std::cmp::Reverse(counts[s]), s));
            let mut i = 0;
            while sum != PROB_SCALE as i64 {
                let s = order[i % order.len()];
                if sum < PROB_SCALE as i64 {
                    freq[s] += 1;
                    sum += 1;
                } else if freq[s] > 1 {
                    freq[s] -= 1;
                    sum -= 1;
                }
                i += 1;
            }
        }
        let freq = freq.into_iter().map(|f| f as u16).collect();
        // The frequencies sum to PROB_SCALE by construction.
        Model::from_freq(freq).unwrap_or_else(|| unreachable!("normalised frequencies"))
    }
}

/// Collects `(context, symbol)` pairs, then writes them as one rANS stream.
#[derive(Default)]
pub struct Encoder {
    symbols: Vec<(u16, u8)>,
}

impl Encoder {
    pub fn push(&mut self, context: u16, symbol: u8) {
        self.symbols.push((context, symbol));
    }

    /// Counts per context, for building the models.
    pub fn counts(&self, contexts: usize, symbols: usize) -> Vec<Vec<u64>> {
        let mut counts = vec![vec![0u64; symbols]; contexts];
        for &(c, s) in &self.symbols {
            counts[c as usize][s as usize] += 1;
        }
        counts
    }

    /// The rANS bytes of every pushed symbol under `models`.
    pub fn finish(&self, models: &[Model]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut x = STATE_LOW;
        // rANS is last in, first out: encode backwards so the decoder reads forwards.
        for &(c, s) in self.symbols.iter().rev() {
            let model = &models[c as usize];
            let f = model.freq[s as usize] as u32;
            assert!(f > 0, "symbol {s} has no frequency in context {c}");
            let x_max = ((STATE_LOW >> PROB_BITS) << 8) * f;
            while x >= x_max {
                out.push(x as u8);
                x >>= 8;
            }
            x = ((x / f) << PROB_BITS) + (x % f) + model.cum[s as usize];
        }
        out.extend_from_slice(&x.to_le_bytes());
        out.reverse();
        out
    }
}

/// Why a stream could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Truncated;

/// Reads symbols back in the order they were pushed.
pub struct Decoder<'a> {
    bytes: &'a [u8],
    pos: usize,
    x: u32,
}

impl<'a> Decoder<'a> {
    pub fn new(bytes: &'a [u8]) -> Result<Decoder<'a>, Truncated> {
        let head = bytes.get(..4).ok_or(Truncated)?;
        let x = u32::from_be_bytes([head[0], head[1], head[2], head[3]]);
        Ok(Decoder { bytes, pos: 4, x })
    }

    #[inline]
    pub fn get(&mut self, model: &Model) -> Result<u8, Truncated> {
        let slot = self.x & (PROB_SCALE - 1);
        let s = *model.symbol_of.get(slot as usize).ok_or(Truncated)?;
        let f = model.freq.get(s as usize).copied().unwrap_or(0) as u32;
        // Wrapping: a damaged stream must give garbage or an error, never a panic.
        self.x = f
            .wrapping_mul(self.x >> PROB_BITS)
            .wrapping_add(slot)
            .wrapping_sub(model.cum.get(s as usize).copied().unwrap_or(0));
        while self.x < STATE_LOW {
            let b = *self.bytes.get(self.pos).ok_or(Truncated)?;
            self.x = self.x.wrapping_shl(8) | b as u32;
            self.pos += 1;
        }
        Ok(s)
    }

    /// True when every byte was read and the state is back at its start: the stream was
    /// decoded exactly as it was encoded.
    pub fn at_clean_end(&self) -> bool {
        self.pos == self.bytes.len() && self.x == STATE_LOW
    }
}

/// Symbols of the integer alphabet: small values directly, larger ones by sign and
/// bit length with the bits below the leading one sent raw.
pub const DIRECT_MAX: i64 = 15;
const FIRST_CLASS_BITS: u32 = 4;
/// Symbols an integer alphabet needs: 31 direct values and sign × bit lengths 4..=40.
pub const INT_SYMBOLS: usize = (2 * DIRECT_MAX as usize + 1) + 2 * 37;

/// The symbol and raw bits (count, value) of `v`.
pub fn int_symbol(v: i64) -> (u8, u32, u64) {
    if v.abs() <= DIRECT_MAX {
        return ((v + DIRECT_MAX) as u8, 0, 0);
    }
    let m = v.unsigned_abs();
    let bits = 63 - m.leading_zeros();
    let class = bits - FIRST_CLASS_BITS;
    let symbol = (2 * DIRECT_MAX as u32 + 1) + 2 * class + (v < 0) as u32;
    (symbol as u8, bits, m & ((1 << bits) - 1))
}

/// The integer a symbol stands for, reading its raw bits from `raw`.
#[inline]
pub fn int_value(symbol: u8, raw: &mut BitReader) -> Result<i64, Truncated> {
    let s = symbol as i64;
    if s <= 2 * DIRECT_MAX {
        return Ok(s - DIRECT_MAX);
    }
    let k = (s - (2 * DIRECT_MAX + 1)) as u32;
    let bits = k / 2 + FIRST_CLASS_BITS;
    if bits > 40 {
        return Err(Truncated);
    }
    let m = (1i64 << bits) | raw.read(bits)? as i64;
    Ok(if k % 2 == 1 { -m } else { m })
}

/// Raw bits, least significant first.
#[derive(Default)]
pub struct BitWriter {
    pub bytes: Vec<u8>,
    acc: u64,
    filled: u32,
}

impl BitWriter {
    pub fn write(&mut self, count: u32, value: u64) {
        for i in 0..count {
            self.acc |= ((value >> i) & 1) << self.filled;
            self.filled += 1;
            if self.filled == 8 {
                self.bytes.push(self.acc as u8);
                self.acc = 0;
                self.filled = 0;
            }
        }
    }

    pub fn finish(mut self) -> Vec<u8> {
        if self.filled > 0 {
            self.bytes.push(self.acc as u8);
        }
        self.bytes
    }
}

/// Reads what a [`BitWriter`] wrote.
pub struct BitReader<'a> {
    bytes: &'a [u8],
    bit: usize,
}

impl<'a> BitReader<'a> {
    pub fn new(bytes: &'a [u8]) -> BitReader<'a> {
        BitReader { bytes, bit: 0 }
    }

    #[inline]
    pub fn read(&mut self, count: u32) -> Result<u64, Truncated> {
        let mut v = 0u64;
        for i in 0..count {
            let byte = *self.bytes.get(self.bit / 8).ok_or(Truncated)?;
            v |= (((byte >> (self.bit % 8)) & 1) as u64) << i;
            self.bit += 1;
        }
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip_through_the_stream() {
        let values: Vec<i64> = (0..5000)
            .map(|i: i64| ((i * 7919) % 201 - 100) * if i % 17 == 0 { 1000 } else { 1 })
            .collect();
        let mut enc = Encoder::default();
        let mut raw = BitWriter::default();
        for (i, &v) in values.iter().enumerate() {
            let (s, bits, r) = int_symbol(v);
            enc.push((i % 3) as u16, s);
            raw.write(bits, r);
        }
        let models: Vec<Model> = enc
            .counts(3, INT_SYMBOLS)
            .iter()
            .map(|c| Model::from_counts(c))
            .collect();
        let bytes = enc.finish(&models);
        let raw = raw.finish();
        let mut dec = Decoder::new(&bytes).unwrap();
        let mut bits = BitReader::new(&raw);
        for (i, &v) in values.iter().enumerate() {
            let s = dec.get(&models[i % 3]).unwrap();
            assert_eq!(int_value(s, &mut bits).unwrap(), v, "value {i}");
        }
        assert!(dec.at_clean_end());
    }

    #[test]
    fn normalised_frequencies_sum_to_the_scale_and_keep_every_symbol() {
        let counts = [1u64, 0, 1_000_000, 3, 0, 7];
        let m = Model::from_counts(&counts);
        assert_eq!(m.freq.iter().map(|&f| f as u32).sum::<u32>(), PROB_SCALE);
        for (c, f) in counts.iter().zip(&m.freq) {
            assert_eq!(*c > 0, *f > 0);
        }
        assert_eq!(m.freq.len(), 6);
        let flat = Model::from_counts(&[0; 80]);
        assert!(flat.freq.iter().all(|&f| f > 0));
    }

    #[test]
    fn a_truncated_stream_is_an_error_not_a_panic() {
        assert_eq!(Decoder::new(&[1, 2]).err(), Some(Truncated));
        let m = Model::from_counts(&[1, 1]);
        let mut dec = Decoder::new(&[0, 0, 0, 0]).unwrap();
        // State 0 is below the normalised range: reading needs bytes that are not there.
        assert_eq!(dec.get(&m), Err(Truncated));
        let mut bits = BitReader::new(&[]);
        assert_eq!(bits.read(3), Err(Truncated));
    }
}
