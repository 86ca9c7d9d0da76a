//! The one random number generator of mazegen and how a `u64` seed becomes it.
//!
//! Every generator draws from [`MazeRng`] (ChaCha8), created by [`rng_from_seed`]. ChaCha8 is
//! portable: the same seed gives the same stream on every platform, which is what makes seeded
//! output byte-identical everywhere. A generator made of independent steps gives each step its
//! own stream of the same seed ([`rng_for_stream`]), so that an option of one step never moves
//! the output of another. Seeds derived from seeds (a dataset's mazes, a giant maze's chunks)
//! are mixed by [`mix64`].
//!
//! Every value drawn from it goes through the samplers here: [`RandomBits`] for bits and small
//! bounds, and [`uniform`], [`uniform_inclusive`], [`unit_f64`], [`bernoulli`], [`shuffle`] and
//! [`choose`] for ranges, fractions, coins of any probability and orders. These are frozen: rand
//! may change what its own `random_range`, `random` or `shuffle` return in a minor release,
//! which would move seeded output, so the crate keeps its own copies, pinned by golden-vector
//! tests. They are the algorithms of rand 0.10, so that they gave the same values as the calls
//! they replaced.

use core::ops::{Range, RangeInclusive};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The increment of SplitMix64 (2^64 divided by the golden ratio, odd).
pub(crate) const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's output function (Steele, Lea and Flood, 2014): a bijection of `u64` whose
/// every output bit depends on every input bit.
pub const fn mix64(z: u64) -> u64 {
    let z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

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
    uniform(&mut rand::rng(), 0..DRAWN_SEED_LIMIT)
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
    /// (see `lemire`).
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

impl<'a> RandomBits<'a, MazeRng> {
    /// Moves `rng` so that the first bit handed out is bit `bit` of its stream, the bit that
    /// `bit` calls of [`bit`](Self::bit) from the stream's start would skip: bit `k` is bit
    /// `k mod 64` of the stream's `k / 64`-th 64-bit word. ChaCha seeks in constant time, and
    /// cycles after 2^68 32-bit words, as the stream itself does.
    ///
    /// ```
    /// use mazegen::rng::{RandomBits, rng_from_seed};
    ///
    /// let mut rng = rng_from_seed(5);
    /// let mut bits = RandomBits::new(&mut rng);
    /// let skipped: Vec<bool> = (0..100).map(|_| bits.bit()).collect();
    /// let next = bits.take(40);
    /// assert_eq!(RandomBits::at(&mut rng_from_seed(5), 100).take(40), next);
    /// # let _ = skipped;
    /// ```
    pub fn at(rng: &'a mut MazeRng, bit: u128) -> Self {
        // Two 32-bit words per 64-bit one.
        rng.set_word_pos(2 * (bit / 64));
        let mut bits = Self::new(rng);
        bits.take((bit % 64) as u32);
        bits
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

/// An integer type that [`uniform`] and [`uniform_inclusive`] draw: `u32`, `u64` or `usize`.
pub trait UniformInt: Copy + PartialOrd + sealed::Sealed {
    /// A uniform value in `low..end` (`low < end`).
    #[doc(hidden)]
    fn below_end<R: Rng + ?Sized>(rng: &mut R, low: Self, end: Self) -> Self;
    /// A uniform value in `low..=high` (`low <= high`).
    #[doc(hidden)]
    fn up_to<R: Rng + ?Sized>(rng: &mut R, low: Self, high: Self) -> Self;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for u32 {}
    impl Sealed for u64 {}
    impl Sealed for usize {}
}

/// Returns a uniform value in `range` (not empty), from one word of the generator, rarely two.
///
/// Frozen: rand 0.10's `random_range` for these types (Canon's method, as without its
/// `unbiased` feature). A `u32` range takes 32-bit words, a `u64` range 64-bit words, a
/// `usize` range 32-bit words when its end is at most `u32::MAX`, else 64-bit words: the same
/// values on every platform. The value is the high half of a word times the range's size; when
/// the low half is so large that a carry from the next word could reach it, a second word is
/// drawn and the carry added, which leaves a bias below one in `2^32` (`2^64` for 64-bit
/// words) per value.
///
/// ```
/// use mazegen::rng::{rng_from_seed, uniform};
///
/// let mut rng = rng_from_seed(1);
/// let side = uniform(&mut rng, 0..6u32);
/// assert!(side < 6);
/// ```
///
/// # Panics
/// If `range` is empty.
#[inline(always)]
pub fn uniform<T: UniformInt, R: Rng + ?Sized>(rng: &mut R, range: Range<T>) -> T {
    assert!(range.start < range.end, "cannot sample an empty range");
    T::below_end(rng, range.start, range.end)
}

/// Returns a uniform value in `range` (not empty), as [`uniform`] does (frozen: rand 0.10's
/// `random_range` on an inclusive range). `0..=T::MAX` takes one word, used whole.
///
/// # Panics
/// If `range` is empty.
#[inline(always)]
pub fn uniform_inclusive<T: UniformInt, R: Rng + ?Sized>(
    rng: &mut R,
    range: RangeInclusive<T>,
) -> T {
    let (low, high) = range.into_inner();
    assert!(low <= high, "cannot sample an empty range");
    T::up_to(rng, low, high)
}

/// Canon's method over `$word` words, `$wide` holding their product.
macro_rules! canon {
    ($name:ident, $word:ty, $wide:ty, $next:ident) => {
        #[inline(always)]
        fn $name<R: Rng + ?Sized>(rng: &mut R, low: $word, high: $word) -> $word {
            let size = high.wrapping_sub(low).wrapping_add(1);
            if size == 0 {
                // The whole type: one word is the value.
                return rng.$next();
            }
            let product = <$wide>::from(rng.$next()) * <$wide>::from(size);
            let (mut value, fraction) = ((product >> <$word>::BITS) as $word, product as $word);
            if fraction > size.wrapping_neg() {
                let carry = (<$wide>::from(rng.$next()) * <$wide>::from(size)) >> <$word>::BITS;
                value += <$word>::from(fraction.checked_add(carry as $word).is_none());
            }
            low.wrapping_add(value)
        }
    };
}

canon!(canon_u32, u32, u64, next_u32);
canon!(canon_u64, u64, u128, next_u64);

impl UniformInt for u32 {
    #[inline(always)]
    fn below_end<R: Rng + ?Sized>(rng: &mut R, low: u32, end: u32) -> u32 {
        canon_u32(rng, low, end - 1)
    }
    #[inline(always)]
    fn up_to<R: Rng + ?Sized>(rng: &mut R, low: u32, high: u32) -> u32 {
        canon_u32(rng, low, high)
    }
}

impl UniformInt for u64 {
    #[inline(always)]
    fn below_end<R: Rng + ?Sized>(rng: &mut R, low: u64, end: u64) -> u64 {
        canon_u64(rng, low, end - 1)
    }
    #[inline(always)]
    fn up_to<R: Rng + ?Sized>(rng: &mut R, low: u64, high: u64) -> u64 {
        canon_u64(rng, low, high)
    }
}

/// `usize` draws 32-bit words while the range's end (exclusive or inclusive, as written) fits
/// in `u32`, so that a platform's pointer width never changes a value.
impl UniformInt for usize {
    #[inline(always)]
    fn below_end<R: Rng + ?Sized>(rng: &mut R, low: usize, end: usize) -> usize {
        match u32::try_from(end) {
            Ok(end) => canon_u32(rng, low as u32, end - 1) as usize,
            Err(_) => canon_u64(rng, low as u64, end as u64 - 1) as usize,
        }
    }
    #[inline(always)]
    fn up_to<R: Rng + ?Sized>(rng: &mut R, low: usize, high: usize) -> usize {
        match u32::try_from(high) {
            Ok(high) => canon_u32(rng, low as u32, high) as usize,
            Err(_) => canon_u64(rng, low as u64, high as u64) as usize,
        }
    }
}

/// Returns a uniform fraction in `[0, 1)`: the top 53 bits of one 64-bit word times `2^-53`,
/// so every multiple of `2^-53` in the interval, equally likely.
///
/// Frozen: rand 0.10's `random::<f64>()`.
#[inline(always)]
pub fn unit_f64<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    const SCALE: f64 = 1.0 / (1u64 << 53) as f64;
    (rng.next_u64() >> 11) as f64 * SCALE
}

/// Returns `true` with probability `p` (0 to 1): one 64-bit word below `p * 2^64` (rounded
/// down), so 0 is never `true`; 1 is always `true` and draws nothing.
///
/// Frozen: rand 0.10's `random_bool` (its `Bernoulli`).
///
/// # Panics
/// If `p` is not within 0 to 1.
#[inline(always)]
pub fn bernoulli<R: Rng + ?Sized>(rng: &mut R, p: f64) -> bool {
    /// 2^64.
    const SCALE: f64 = 2.0 * (1u64 << 63) as f64;
    if p == 1.0 {
        return true;
    }
    assert!((0.0..1.0).contains(&p), "probability {p} is outside 0 to 1");
    rng.next_u64() < (p * SCALE) as u64
}

/// Returns a uniform element of `items`, or `None` when it is empty: [`uniform`] over its
/// indices (so one 32-bit word for fewer than 2^32 items, rarely two).
///
/// Frozen: rand 0.10's `IndexedRandom::choose`.
#[inline]
pub fn choose<'a, T, R: Rng + ?Sized>(rng: &mut R, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() {
        None
    } else {
        Some(&items[uniform(rng, 0..items.len())])
    }
}

/// Puts `items` in a uniform random order: Fisher-Yates from the front, element `i` swapped
/// with a uniform one of `0..=i`. For fewer than `u32::MAX` items the indices come from
/// `IncreasingUniform`: as many of them as fit are packed into one draw of [`uniform`] (one
/// 32-bit word for up to a dozen small indices, one per index past 65 535); else each is a
/// [`uniform`] of its own.
///
/// Frozen: rand 0.10's `SliceRandom::shuffle`.
pub fn shuffle<T, R: Rng + ?Sized>(rng: &mut R, items: &mut [T]) {
    if items.len() <= 1 {
        return;
    }
    if items.len() < u32::MAX as usize {
        let mut indices = IncreasingUniform::new(rng);
        for i in 0..items.len() {
            items.swap(i, indices.next_index());
        }
    } else {
        for i in 0..items.len() {
            items.swap(i, uniform(rng, 0..i + 1));
        }
    }
}

/// Uniform indices in `0..=0`, `0..=1`, `0..=2`, and so on, one bound further at each call, for
/// [`shuffle`]: one value uniform in `0..(n + 1) (n + 2) ... (n + k)` for the largest `k` whose
/// product fits in `u32`, taken apart by division into `k` indices.
///
/// Frozen: rand 0.10's `IncreasingUniform`, started at `n = 0`.
struct IncreasingUniform<'a, R: Rng + ?Sized> {
    rng: &'a mut R,
    /// The previous index's bound, inclusive.
    n: u32,
    /// The indices not yet taken apart, a value in `0..(n + 1) (n + 2) ... (n + left)`.
    chunk: u32,
    /// How many indices `chunk` still holds.
    left: u8,
}

impl<'a, R: Rng + ?Sized> IncreasingUniform<'a, R> {
    /// The first index is in `0..=0`: no draw needed.
    fn new(rng: &'a mut R) -> Self {
        Self {
            rng,
            n: 0,
            chunk: 0,
            left: 1,
        }
    }

    /// Returns a uniform index in `0..=n` and moves `n` on by one.
    #[inline]
    fn next_index(&mut self) -> usize {
        let bound = self.n + 1;
        let left = self.left.checked_sub(1).unwrap_or_else(|| {
            let (product, count) = chunk_bound(bound);
            self.chunk = uniform(self.rng, 0..product);
            count - 1
        });
        let index = if left == 0 {
            self.chunk
        } else {
            let index = self.chunk % bound;
            self.chunk /= bound;
            index
        };
        self.left = left;
        self.n = bound;
        index as usize
    }
}

/// `(m (m + 1) ... (m + k - 1), k)` for the largest `k` whose product fits in `u32` (`m` at
/// least 1).
#[inline]
fn chunk_bound(m: u32) -> (u32, u8) {
    const fn product_from(m: u32) -> (u32, u8) {
        let mut product = m;
        let mut next = m + 1;
        loop {
            match product.checked_mul(next) {
                Some(larger) => {
                    product = larger;
                    next += 1;
                }
                None => return (product, (next - m) as u8),
            }
        }
    }
    // The bound at the start of every shuffle past its first two indices, computed once.
    const FROM_2: (u32, u8) = product_from(2);
    if m == 2 { FROM_2 } else { product_from(m) }
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

    /// The first values of every sampler for fixed seeds, written out: a change to a sampler
    /// (or to ChaCha8) that moves any of them moves seeded output, a breaking change.
    mod golden {
        use super::super::*;

        /// The first eight values `draw` gives from the generator of `seed`.
        fn first<T>(seed: u64, mut draw: impl FnMut(&mut MazeRng) -> T) -> Vec<T> {
            let mut rng = rng_from_seed(seed);
            (0..8).map(|_| draw(&mut rng)).collect()
        }

        #[test]
        fn uniform_u32() {
            assert_eq!(first(1, |r| uniform(r, 0..6u32)), [3, 2, 5, 0, 1, 3, 2, 1]);
            assert_eq!(first(2, |r| uniform(r, 0..8u32)), [1, 7, 4, 4, 0, 6, 1, 6]);
            // A large bound: the low half often exceeds 2^32 - bound, drawing a second word.
            assert_eq!(
                first(3, |r| uniform(r, 5..3u32 << 30)),
                [
                    349024010, 2006718665, 261891102, 2950115847, 2575198069, 269416094,
                    1919820536, 961591339
                ]
            );
            assert_eq!(
                first(4, |r| uniform(r, 0..u32::MAX)),
                [
                    4239314721, 2785128111, 2073765873, 3907843655, 1247057885, 267261219,
                    1329497852, 3845734506
                ]
            );
            assert_eq!(
                first(5, |r| uniform_inclusive(r, 0..=u32::MAX)),
                [
                    895581019, 864360894, 1189922807, 3071677029, 2127881826, 3507008617,
                    1104574908, 3724979961
                ]
            );
            assert_eq!(
                first(6, |r| uniform_inclusive(r, 10..=20u32)),
                [13, 14, 15, 15, 11, 13, 13, 18]
            );
        }

        #[test]
        fn uniform_u64() {
            assert_eq!(
                first(7, |r| uniform(r, 0..1000u64)),
                [157, 167, 704, 726, 601, 359, 83, 849]
            );
            assert_eq!(
                first(8, |r| uniform(r, 0..3u64 << 62)),
                [
                    1001477048120996039,
                    11546163177322838995,
                    7737792524854667801,
                    9540890356765196689,
                    5422732842603777086,
                    3764463028393071071,
                    1043418250703955527,
                    8122957968819844896
                ]
            );
            assert_eq!(
                first(9, |r| uniform_inclusive(r, 1..=u64::MAX)),
                [
                    2105193198852477984,
                    6349902271302517851,
                    10808256792868092927,
                    10735318699046401020,
                    17657718702243016979,
                    9346175160577995017,
                    10139144721711538162,
                    16920127924977732612
                ]
            );
            assert_eq!(
                first(10, |r| uniform_inclusive(r, 0..=u64::MAX)),
                [
                    10327788437131784695,
                    155525203423597714,
                    9941609948520864161,
                    15904984693785706839,
                    14003339501430025118,
                    3028376281478965990,
                    15211942631336583090,
                    6012737069981217016
                ]
            );
        }

        #[test]
        fn uniform_usize() {
            assert_eq!(
                first(11, |r| uniform(r, 0..1000usize)),
                [322, 356, 949, 90, 525, 395, 891, 553]
            );
            assert_eq!(
                first(12, |r| uniform_inclusive(r, 3..=7usize)),
                [3, 3, 7, 6, 6, 6, 7, 4]
            );
            assert_eq!(
                first(13, |r| uniform_inclusive(r, 0..=u32::MAX as usize)),
                [
                    960607153, 1451473579, 3010973237, 338987087, 1088045249, 1262289581,
                    3634945945, 1131803940
                ]
            );
        }

        /// Past `u32::MAX`, `usize` draws 64-bit words (possible on 64-bit platforms only).
        #[cfg(target_pointer_width = "64")]
        #[test]
        fn uniform_usize_past_u32() {
            assert_eq!(
                first(14, |r| uniform(r, 0..1usize << 32)),
                [
                    2951795152, 1657824079, 266963610, 4093447435, 2249414209, 537988231,
                    1364008785, 1485209851
                ]
            );
            assert_eq!(
                first(15, |r| uniform_inclusive(r, 0..=usize::MAX)),
                [
                    14639762477205999194,
                    1562774170799664400,
                    6162512855624498681,
                    41116634366863491,
                    6794237116981336109,
                    938938450203126443,
                    11444259345748204748,
                    1913816095842773385
                ]
            );
        }

        #[test]
        fn unit_f64_values() {
            assert_eq!(
                first(16, unit_f64),
                [
                    0.14218688149110326,
                    0.6829677674886515,
                    0.02260083653803946,
                    0.15434569767863948,
                    0.2316557699621482,
                    0.5510795941227313,
                    0.5232511871365517,
                    0.6272891935578161
                ]
            );
        }

        #[test]
        fn bernoulli_values() {
            assert_eq!(first(17, |r| bernoulli(r, 0.0)), [false; 8]);
            assert_eq!(
                first(22, |r| bernoulli(r, 0.3)),
                [false, true, false, true, true, false, false, true]
            );
            assert_eq!(first(17, |r| bernoulli(r, 1.0)), [true; 8]);
            // 0 draws a word, 1 none.
            let mut rng = rng_from_seed(17);
            bernoulli(&mut rng, 0.0);
            assert_eq!(rng.next_u64(), 11973026043633582193);
            let mut rng = rng_from_seed(17);
            bernoulli(&mut rng, 1.0);
            assert_eq!(rng.next_u64(), 13000367650386178473);
        }

        #[test]
        fn choose_and_shuffle() {
            assert_eq!(
                first(18, |r| *choose(r, &[10, 20, 30, 40, 50]).unwrap()),
                [20, 10, 40, 20, 10, 10, 30, 10]
            );
            let mut items: Vec<u32> = (0..10).collect();
            shuffle(&mut rng_from_seed(19), &mut items);
            assert_eq!(items, [0, 7, 9, 4, 6, 1, 8, 3, 5, 2]);
            // A hundred items take indices from chunks of several sizes.
            let mut items: Vec<u32> = (0..100).collect();
            shuffle(&mut rng_from_seed(20), &mut items);
            assert_eq!(
                items[..20],
                [
                    55, 68, 5, 93, 83, 50, 22, 35, 16, 2, 99, 88, 15, 13, 40, 59, 70, 60, 14, 48
                ]
            );
        }
    }

    /// The samplers are copies of rand 0.10's: for many seeds and bounds they give what rand
    /// gives today and leave the generator where rand leaves it, so replacing rand's calls by
    /// them moved no seeded output. If this fails after an update of rand, rand has moved, not
    /// the crate: keep the samplers and change this test to compare with the old values.
    mod same_as_rand {
        use super::super::*;
        use rand::RngExt;
        use rand::seq::{IndexedRandom, SliceRandom};

        /// Bounds small and large, powers of two and not, near the top of `u32`.
        const BOUNDS: [u64; 14] = [
            1,
            2,
            3,
            6,
            7,
            8,
            1000,
            65_537,
            (1 << 31) + 1,
            3 << 30,
            u32::MAX as u64 - 1,
            u32::MAX as u64,
            1 << 32,
            (1 << 40) + 7,
        ];

        /// Runs `ours` and `theirs` on two generators of each seed, 16 draws each, and checks
        /// that they agree and leave the generators at the same place.
        fn agree<T: PartialEq + core::fmt::Debug>(
            what: &str,
            ours: impl Fn(&mut MazeRng) -> T,
            theirs: impl Fn(&mut MazeRng) -> T,
        ) {
            for seed in 0..200 {
                let (mut a, mut b) = (rng_from_seed(seed), rng_from_seed(seed));
                for draw in 0..16 {
                    assert_eq!(
                        ours(&mut a),
                        theirs(&mut b),
                        "{what}, seed {seed}, draw {draw}"
                    );
                }
                assert_eq!(
                    a.next_u64(),
                    b.next_u64(),
                    "{what}, seed {seed}: words used"
                );
            }
        }

        #[test]
        fn ranges() {
            for bound in BOUNDS {
                for low in [0, 1, bound / 2] {
                    let (low, high) = (low.min(bound - 1), bound);
                    if let (Ok(low32), Ok(high32)) = (u32::try_from(low), u32::try_from(high)) {
                        agree(
                            &format!("u32 {low}..{high}"),
                            |r| uniform(r, low32..high32),
                            |r| r.random_range(low32..high32),
                        );
                        agree(
                            &format!("u32 {low}..={high}"),
                            |r| uniform_inclusive(r, low32..=high32),
                            |r| r.random_range(low32..=high32),
                        );
                    }
                    agree(
                        &format!("u64 {low}..{high}"),
                        |r| uniform(r, low..high),
                        |r| r.random_range(low..high),
                    );
                    agree(
                        &format!("u64 {low}..={high}"),
                        |r| uniform_inclusive(r, low..=high),
                        |r| r.random_range(low..=high),
                    );
                    if let (Ok(low), Ok(high)) = (usize::try_from(low), usize::try_from(high)) {
                        agree(
                            &format!("usize {low}..{high}"),
                            |r| uniform(r, low..high),
                            |r| r.random_range(low..high),
                        );
                        agree(
                            &format!("usize {low}..={high}"),
                            |r| uniform_inclusive(r, low..=high),
                            |r| r.random_range(low..=high),
                        );
                    }
                }
            }
            agree(
                "u32 whole",
                |r| uniform_inclusive(r, 0..=u32::MAX),
                |r| r.random_range(0..=u32::MAX),
            );
            agree(
                "u64 whole",
                |r| uniform_inclusive(r, 0..=u64::MAX),
                |r| r.random_range(0..=u64::MAX),
            );
            agree(
                "usize whole",
                |r| uniform_inclusive(r, 0..=usize::MAX),
                |r| r.random_range(0..=usize::MAX),
            );
        }

        #[test]
        fn fractions_and_coins() {
            agree(
                "f64",
                |r| unit_f64(r).to_bits(),
                |r| r.random::<f64>().to_bits(),
            );
            for p in [0.0, 1e-12, 0.1, 0.3, 0.5, 0.75, 1.0 - 1e-12, 1.0] {
                agree(
                    &format!("bernoulli {p}"),
                    |r| bernoulli(r, p),
                    |r| r.random_bool(p),
                );
            }
        }

        #[test]
        fn choices_and_orders() {
            for len in [0, 1, 2, 3, 5, 13, 100, 1000] {
                let items: Vec<u32> = (0..len).collect();
                agree(
                    &format!("choose of {len}"),
                    |r| choose(r, &items).copied(),
                    |r| items.choose(r).copied(),
                );
            }
            for len in [0, 1, 2, 3, 12, 13, 14, 100, 5000, 70_000] {
                agree(
                    &format!("shuffle of {len}"),
                    |r| {
                        let mut items: Vec<u32> = (0..len).collect();
                        shuffle(r, &mut items);
                        items
                    },
                    |r| {
                        let mut items: Vec<u32> = (0..len).collect();
                        items.shuffle(r);
                        items
                    },
                );
            }
        }
    }
}
