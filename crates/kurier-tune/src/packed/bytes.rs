//! The packed format's integers: LEB128 varints (7 bits a byte, low first), zigzag for signed
//! ones, and a cursor that reads them from a block without ever reading past its end.

/// Appends `v` as a LEB128 varint.
pub fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Appends `v` zigzag-coded (0, -1, 1, -2... as 0, 1, 2, 3...) as a varint.
pub fn put_signed(out: &mut Vec<u8>, v: i64) {
    put_varint(out, ((v << 1) ^ (v >> 63)) as u64);
}

/// Reads a stream of a block from its start; every read checks the end.
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Cursor<'a> {
        Cursor { bytes, at: 0 }
    }

    /// Bytes read so far.
    pub fn position(&self) -> usize {
        self.at
    }

    /// True when every byte was read.
    pub fn is_at_end(&self) -> bool {
        self.at == self.bytes.len()
    }

    /// The next byte; `None` at the end.
    pub fn byte(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    /// The next `n` bytes; `None` when fewer are left.
    pub fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len())?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Some(s)
    }

    /// The next varint; `None` at the end or when it is longer than a `u64` (10 bytes).
    pub fn varint(&mut self) -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            let bits = u64::from(b & 0x7f);
            if shift == 63 && bits > 1 {
                return None;
            }
            v |= bits << shift;
            if b & 0x80 == 0 {
                return Some(v);
            }
        }
        None
    }

    /// The next zigzag varint.
    pub fn signed(&mut self) -> Option<i64> {
        let v = self.varint()?;
        Some(((v >> 1) as i64) ^ -((v & 1) as i64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_round_trip_and_a_cut_one_is_none() {
        let values = [0i64, 1, -1, 63, -64, 64, 300, -32000, i64::MAX, i64::MIN];
        let mut out = Vec::new();
        for &v in &values {
            put_signed(&mut out, v);
        }
        put_varint(&mut out, u64::MAX);
        let mut c = Cursor::new(&out);
        for &v in &values {
            assert_eq!(c.signed(), Some(v));
        }
        assert_eq!(c.varint(), Some(u64::MAX));
        assert!(c.is_at_end());
        assert_eq!(c.byte(), None);
        // Cut in the middle of a varint, and one too long.
        assert_eq!(Cursor::new(&[0x80, 0x80]).varint(), None);
        assert_eq!(Cursor::new(&[0xff; 11]).varint(), None);
        assert_eq!(Cursor::new(&[1, 2]).take(3), None);
    }
}
