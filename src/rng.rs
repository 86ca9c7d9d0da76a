//! The one random number generator of mazegen and how a `u64` seed becomes it.
//!
//! Every generator draws from [`MazeRng`] (ChaCha8), created by [`rng_from_seed`]. ChaCha8 is
//! portable: the same seed gives the same stream on every platform, which is what makes seeded
//! output byte-identical everywhere. A generator made of independent steps gives each step its
//! own stream of the same seed ([`rng_for_stream`]), so that an option of one step never moves
//! the output of another.

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The random number generator every generator uses.
pub type MazeRng = ChaCha8Rng;

/// Seeds drawn by [`draw_seed`] stay below this bound (2^53), so that they survive a trip through
/// JSON tools that read numbers as doubles (jq, JavaScript) and can be given back as seeds.
pub const DRAWN_SEED_LIMIT: u64 = 1 << 53;

/// Creates the generator for `seed`.
///
/// ```
/// use mazegen::rng::rng_from_seed;
/// use rand::Rng;
///
/// // The same seed, the same stream: on every platform, forever.
/// assert_eq!(rng_from_seed(7).next_u64(), rng_from_seed(7).next_u64());
/// ```
pub fn rng_from_seed(seed: u64) -> MazeRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Creates the generator for `seed` on an independent `stream`: stream 0 is [`rng_from_seed`],
/// other streams serve later steps (such as braiding) without moving what stream 0 produced.
pub fn rng_for_stream(seed: u64, stream: u64) -> MazeRng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

/// Draws a fresh seed from operating-system entropy, below [`DRAWN_SEED_LIMIT`].
///
/// Call it once per run, then proceed exactly as if the seed had been given.
pub fn draw_seed() -> u64 {
    rand::rng().random_range(0..DRAWN_SEED_LIMIT)
}

/// Hands out random bits drawn 64 at a time, for algorithms that need only a few bits per step.
///
/// ```
/// use mazegen::rng::{RandomBits, rng_from_seed};
///
/// let mut rng = rng_from_seed(1);
/// let mut bits = RandomBits::new(&mut rng);
/// let coin = bits.bit(); // one bit of a 64-bit word
/// let side = bits.below(3); // 0, 1 or 2, exactly uniform
/// assert!(side < 3);
/// # let _ = coin;
/// ```
#[derive(Debug)]
pub struct RandomBits<'a, R: Rng> {
    rng: &'a mut R,
    buffer: u64,
    available: u32,
}

impl<'a, R: Rng> RandomBits<'a, R> {
    /// Wraps `rng`; bits are drawn from it lazily.
    pub fn new(rng: &'a mut R) -> Self {
        Self {
            rng,
            buffer: 0,
            available: 0,
        }
    }

    /// Returns `count` (0 to 32) random bits as the low bits of a `u32`.
    #[inline]
    pub fn bits(&mut self, count: u32) -> u32 {
        debug_assert!(count <= 32);
        if self.available < count {
            self.buffer = self.rng.next_u64();
            self.available = 64;
        }
        let value = (self.buffer & ((1u64 << count) - 1)) as u32;
        self.buffer >>= count;
        self.available -= count;
        value
    }

    /// Returns one fair random bit.
    #[inline]
    pub fn bit(&mut self) -> bool {
        self.bits(1) == 1
    }

    /// Returns the next `count` (0 to 64) bits, the first in the lowest bit: exactly the bits
    /// that `count` calls of [`bit`](Self::bit) would return, in bulk, for algorithms that flip
    /// a coin per cell (unlike [`bits`](Self::bits), it uses up the bits left over first).
    #[inline]
    pub fn take(&mut self, count: u32) -> u64 {
        debug_assert!(count <= 64);
        let low = |word: u64, count: u32| word & u64::MAX.checked_shr(64 - count).unwrap_or(0);
        if count <= self.available {
            let value = low(self.buffer, count);
            self.buffer = self.buffer.checked_shr(count).unwrap_or(0);
            self.available -= count;
            return value;
        }
        let (left, needed) = (self.buffer, count - self.available);
        let word = self.rng.next_u64();
        let value = left | low(word, needed) << self.available;
        self.buffer = word.checked_shr(needed).unwrap_or(0);
        self.available = 64 - needed;
        value
    }

    /// Gives the generator back, keeping the bits drawn from it but not handed out yet, so that
    /// [`RandomBits::resume`] can hand them out later exactly as this would have: lets a caller
    /// draw over several calls without holding the generator borrowed in between.
    pub fn pause(self) -> Leftover {
        Leftover {
            buffer: self.buffer,
            available: self.available,
        }
    }

    /// Wraps `rng` again with the bits that [`RandomBits::pause`] kept.
    pub fn resume(rng: &'a mut R, leftover: Leftover) -> Self {
        Self {
            rng,
            buffer: leftover.buffer,
            available: leftover.available,
        }
    }

    /// Returns a uniform value in `0..bound` (`bound` at least 1), exactly: draws just enough
    /// bits (none for a bound of 1) and rejects values past `bound`, which takes fewer than two
    /// tries on average.
    #[inline]
    pub fn below(&mut self, bound: u32) -> u32 {
        debug_assert!(bound >= 1);
        let width = u32::BITS - (bound - 1).leading_zeros();
        loop {
            let value = self.bits(width);
            if value < bound {
                return value;
            }
        }
    }

    /// Returns a uniform value in `0..bound` (`bound` at least 1), exactly, by Lemire's method
    /// (see [`lemire`]).
    ///
    /// A bound up to 256 takes 16 of the buffered bits, a larger one a fresh 32-bit word; a
    /// bound of 1 too, unlike [`below`], which draws nothing for it. A value is drawn again
    /// (from a fresh 32-bit word) only with probability below 1/256 for bounds up to 2^24,
    /// and below `bound / 2^32` for any bound, where [`below`] retries up to half of the time:
    /// for a caller whose bounds change at every draw, no branch it cannot predict, for a few
    /// more bits.
    ///
    /// [`below`]: Self::below
    #[inline(always)]
    pub fn below_by_multiply(&mut self, bound: u32) -> u32 {
        if bound <= 1 << 8 {
            let word = u64::from(self.bits(16));
            self.scale::<16>(word, bound)
        } else {
            let word = u64::from(self.rng.next_u32());
            self.scale::<32>(word, bound)
        }
    }

    /// Returns two uniform values, in `0..first` and `0..second` (bounds at least 1), exactly,
    /// as two [`below_by_multiply`] would but from one word of the generator: one 32-bit word,
    /// 16 bits each, when both bounds are at most 256, else one 64-bit word, 32 bits each.
    /// Bounds of 1 included; retries as for [`below_by_multiply`].
    ///
    /// [`below_by_multiply`]: Self::below_by_multiply
    #[inline(always)]
    pub fn below_pair(&mut self, first: u32, second: u32) -> (u32, u32) {
        if first.max(second) <= 1 << 8 {
            let word = u64::from(self.rng.next_u32());
            (
                self.scale::<16>(word, first),
                self.scale::<16>(word >> 16, second),
            )
        } else {
            let word = self.rng.next_u64();
            (
                self.scale::<32>(word, first),
                self.scale::<32>(word >> 32, second),
            )
        }
    }

    /// [`lemire`] on the low `WIDTH` bits of `word`, then on fresh 32-bit words of the
    /// generator (their low `WIDTH` bits) until one is accepted.
    #[inline(always)]
    fn scale<const WIDTH: u32>(&mut self, mut word: u64, bound: u32) -> u32 {
        loop {
            if let Some(value) = lemire::<WIDTH>(word, bound) {
                return value;
            }
            word = u64::from(self.rng.next_u32());
        }
    }
}

/// The bits a paused [`RandomBits`] had drawn and not handed out yet.
#[derive(Debug, Clone, Copy, Default)]
pub struct Leftover {
    buffer: u64,
    available: u32,
}

/// Lemire's method on a fraction of `WIDTH` bits: maps the low `WIDTH` bits of `word`, uniform
/// in `0..2^WIDTH`, onto `fraction * bound / 2^WIDTH`, or `None` for the `2^WIDTH mod bound`
/// fractions that would make some values likelier than others. Every value in `0..bound` then
/// comes from exactly `2^WIDTH / bound` (rounded down) accepted fractions.
///
/// Needs `WIDTH` at most 32 and `bound` from 1 to `2^WIDTH`.
#[inline(always)]
fn lemire<const WIDTH: u32>(word: u64, bound: u32) -> Option<u32> {
    debug_assert!(WIDTH <= 32 && bound >= 1 && u64::from(bound) <= 1 << WIDTH);
    let mask = (1u64 << WIDTH) - 1;
    let bound = u64::from(bound);
    let product = (word & mask) * bound;
    let low = product & mask;
    // The rejected low parts are those below 2^WIDTH mod bound, itself below the bound: the
    // division runs only for a low part below the bound, which is rare.
    if low < bound && low < (mask + 1) % bound {
        return None;
    }
    Some((product >> WIDTH) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let a: Vec<u64> = (0..4).map(|_| rng_from_seed(7).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(rng_from_seed(7).next_u64(), rng_from_seed(8).next_u64());
    }

    #[test]
    fn streams_are_independent_and_stream_0_is_the_seed() {
        assert_eq!(rng_for_stream(7, 0).next_u64(), rng_from_seed(7).next_u64());
        assert_ne!(rng_for_stream(7, 1).next_u64(), rng_from_seed(7).next_u64());
    }

    #[test]
    fn drawn_seeds_fit_in_a_double() {
        for _ in 0..1000 {
            assert!(draw_seed() < DRAWN_SEED_LIMIT);
        }
    }

    #[test]
    fn pickers_are_uniform() {
        let mut rng = rng_from_seed(1);
        let mut bits = RandomBits::new(&mut rng);
        type Picker = fn(&mut RandomBits<'_, MazeRng>, u32) -> u32;
        let pickers: [(&str, Picker); 6] = [
            ("below", |bits, bound| bits.below(bound)),
            ("below_pair, first", |bits, bound| {
                bits.below_pair(bound, 2).0
            }),
            ("below_pair, second", |bits, bound| {
                bits.below_pair(3, bound).1
            }),
            ("below_pair, 64-bit", |bits, bound| {
                bits.below_pair(bound, 1000).0
            }),
            ("below_by_multiply", |bits, bound| {
                bits.below_by_multiply(bound)
            }),
            ("below_by_multiply, 32-bit", |bits, bound| {
                bits.below_by_multiply(bound * 1000) / 1000
            }),
        ];
        for (name, pick) in pickers {
            for bound in [2u32, 3, 4, 5, 7] {
                let draws = 70_000;
                let mut counts = vec![0u32; bound as usize];
                for _ in 0..draws {
                    counts[pick(&mut bits, bound) as usize] += 1;
                }
                let expected = f64::from(draws) / f64::from(bound);
                for &count in &counts {
                    // Six standard deviations: a biased picker (e.g. modulo of 2 bits for 3) fails.
                    let sd = (expected * (1.0 - 1.0 / f64::from(bound))).sqrt();
                    assert!(
                        (f64::from(count) - expected).abs() < 6.0 * sd,
                        "{name}, bound {bound}: {counts:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn take_hands_out_the_bits_of_single_draws() {
        let mut one = rng_from_seed(6);
        let mut single = RandomBits::new(&mut one);
        let expected: Vec<bool> = (0..1000).map(|_| single.bit()).collect();
        let mut bulk = rng_from_seed(6);
        let mut bits = RandomBits::new(&mut bulk);
        let mut got = Vec::new();
        // Counts that cross word boundaries in every way, 0 and 64 included, with a pause.
        for count in [3, 64, 0, 61, 1, 64, 64, 7, 33, 64]
            .into_iter()
            .cycle()
            .take(40)
        {
            if got.len() + count as usize > expected.len() {
                break;
            }
            let word = bits.take(count);
            assert!(count == 64 || word >> count == 0, "only {count} bits");
            got.extend((0..count).map(|k| word >> k & 1 == 1));
            let leftover = bits.pause();
            bits = RandomBits::resume(&mut bulk, leftover);
        }
        assert!(got.len() > 500);
        assert_eq!(got, expected[..got.len()]);
    }

    #[test]
    fn a_bound_of_1_draws_nothing() {
        let mut rng = rng_from_seed(3);
        let mut bits = RandomBits::new(&mut rng);
        assert_eq!(bits.below(1), 0);
        let next = rng.next_u64();
        assert_eq!(next, rng_from_seed(3).next_u64());
    }

    #[test]
    fn lemire_takes_every_value_from_equally_many_fractions() {
        for bound in 1..=256u32 {
            let mut counts = vec![0u32; bound as usize];
            for word in 0..1u64 << 16 {
                if let Some(value) = lemire::<16>(word, bound) {
                    counts[value as usize] += 1;
                }
            }
            let each = (1 << 16) / bound;
            assert!(counts.iter().all(|&count| count == each), "bound {bound}");
        }
    }

    #[test]
    fn a_pair_takes_one_word() {
        // Bounds up to 256 share a 32-bit word, larger ones a 64-bit word (two 32-bit ones).
        for (first, second, words) in [(2, 3, 1), (256, 1, 1), (257, 2, 2), (3, 1 << 20, 2)] {
            let mut rng = rng_from_seed(4);
            RandomBits::new(&mut rng).below_pair(first, second);
            let mut fresh = rng_from_seed(4);
            for _ in 0..words {
                fresh.next_u32();
            }
            assert_eq!(rng.next_u32(), fresh.next_u32(), "{first}, {second}");
        }
    }

    #[test]
    fn the_values_of_a_pair_are_independent() {
        let mut rng = rng_from_seed(5);
        let mut bits = RandomBits::new(&mut rng);
        let draws = 60_000;
        for large in [false, true] {
            let mut counts = [0u32; 6];
            for _ in 0..draws {
                // A large first bound takes the 64-bit path; folded onto 0..2 it stays uniform.
                let (a, b) = if large {
                    let (a, b) = bits.below_pair(1000, 3);
                    (a % 2, b)
                } else {
                    bits.below_pair(2, 3)
                };
                counts[(a * 3 + b) as usize] += 1;
            }
            // All six pairs equally likely, within six standard deviations.
            let expected = f64::from(draws) / 6.0;
            let sd = (expected * 5.0 / 6.0).sqrt();
            for &count in &counts {
                assert!((f64::from(count) - expected).abs() < 6.0 * sd, "{counts:?}");
            }
        }
    }
}
