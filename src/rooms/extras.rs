//! Step 2: extra connections (Erdos-Renyi). Every candidate pair `i < j`, in lexicographic
//! order, is tried with probability `p`; `try_connect` refuses pairs already connected and rooms
//! without a free door.
//!
//! Trying each of the `N` pairs with its own coin flip is O(N), O(n^2) when every pair is a
//! candidate. The same distribution comes from geometric skipping (Batagelj and Brandes,
//! "Efficient generation of large random networks", 2005): the number of pairs passed over
//! before the next tried one is geometric, `floor(ln U / ln(1 - p))` for uniform `U` in (0, 1],
//! so only the tried pairs cost anything: O(n + tried pairs). Non-candidate pairs would always be
//! refused, so skipping over the candidates alone changes nothing either.

use super::candidates::CandidatePairs;
use super::graph::GraphBuilder;
use crate::rng::{MazeRng, unit_f64};

/// Tries every candidate pair with probability `p` in order, adding the extra edges that
/// `allowed` and `try_connect` allow to `graph`. A pair `allowed` refuses still takes its draw:
/// without a door limit the edges are the unfiltered ones less the refused.
pub(crate) fn add_extras(
    graph: &mut GraphBuilder,
    candidates: &CandidatePairs,
    p: f64,
    allowed: impl Fn(u32, u32) -> bool,
    rng: &mut MazeRng,
) {
    let mut walker = candidates.walker();
    for k in BernoulliIndices::new(candidates.len(), p, rng) {
        let (a, b) = walker.pair(k);
        if allowed(a, b) {
            graph.try_connect_extra(a, b);
        }
    }
}

/// The numbers in `0..len`, each chosen independently with probability `p`, in increasing
/// order, in O(1) work per chosen number.
///
/// The logarithms come from `libm` (a portable implementation, the same bits on every
/// platform), not the platform's math library, so that seeded output is byte-identical
/// everywhere.
#[derive(Debug)]
pub(crate) struct BernoulliIndices<'r> {
    rng: &'r mut MazeRng,
    next: u64,
    len: u64,
    /// `ln(1 - p)`; 0 when `p` is 0 (nothing is chosen).
    log_q: f64,
}

impl<'r> BernoulliIndices<'r> {
    /// The chosen numbers below `len` for probability `p` (0 to 1).
    pub(crate) fn new(len: u64, p: f64, rng: &'r mut MazeRng) -> Self {
        debug_assert!((0.0..=1.0).contains(&p));
        Self {
            rng,
            next: if p > 0.0 { 0 } else { len },
            len,
            log_q: libm::log1p(-p),
        }
    }
}

impl Iterator for BernoulliIndices<'_> {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        if self.next >= self.len {
            return None;
        }
        // P(skip >= s) = P(U <= (1-p)^s) = (1-p)^s: s failures before the next success. For
        // p = 1, ln(1-p) is -inf and every skip is 0. The cast floors and saturates.
        let u = 1.0 - unit_f64(self.rng);
        let skip = (libm::log(u) / self.log_q) as u64;
        let chosen = self.next.saturating_add(skip);
        if chosen >= self.len {
            self.next = self.len;
            return None;
        }
        self.next = chosen + 1;
        Some(chosen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_from_seed;

    #[test]
    fn every_number_is_chosen_with_probability_p() {
        let (len, runs, p) = (12u64, 50_000u32, 0.3);
        let mut rng = rng_from_seed(5);
        let mut counts = vec![0u32; len as usize];
        for _ in 0..runs {
            for k in BernoulliIndices::new(len, p, &mut rng) {
                counts[k as usize] += 1;
            }
        }
        let expected = f64::from(runs) * p;
        let sd = (expected * (1.0 - p)).sqrt();
        for (k, &count) in counts.iter().enumerate() {
            // Five sd is 1.6% of the expectation here: an off-by-one skip (first or last
            // number never chosen, or every gap one too long) is far outside it.
            assert!(
                (f64::from(count) - expected).abs() < 5.0 * sd,
                "number {k}: {count} of {runs}, expected {expected}"
            );
        }
    }

    #[test]
    fn choices_are_independent() {
        // Pairs of neighbours are chosen together with probability p^2.
        let (len, runs, p) = (2u64, 100_000u32, 0.4);
        let mut rng = rng_from_seed(6);
        let both = (0..runs)
            .filter(|_| BernoulliIndices::new(len, p, &mut rng).count() == 2)
            .count();
        let expected = f64::from(runs) * p * p;
        let sd = (expected * (1.0 - p * p)).sqrt();
        assert!((both as f64 - expected).abs() < 5.0 * sd, "{both}");
    }

    #[test]
    fn extreme_probabilities() {
        let mut rng = rng_from_seed(7);
        assert_eq!(BernoulliIndices::new(5, 0.0, &mut rng).count(), 0);
        assert!(BernoulliIndices::new(5, 1.0, &mut rng).eq(0..5));
        assert_eq!(BernoulliIndices::new(0, 1.0, &mut rng).count(), 0);
        // A tiny p over a huge range ends without overflow.
        assert!(BernoulliIndices::new(u64::MAX, 1e-300, &mut rng).count() < 2);
    }
}
