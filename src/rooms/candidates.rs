//! Which pairs of rooms may be connected: every pair, or a listed set such as the Delaunay
//! triangulation of the room centres.

use crate::level::Adjacency;

/// The pairs of rooms that may be connected, numbered in lexicographic order `(i, j)`, `i < j`.
#[derive(Debug, Clone)]
pub(crate) enum CandidatePairs {
    /// Every pair of `count` rooms.
    All {
        /// The number of rooms.
        count: u32,
    },
    /// Only the pairs listed, sorted, each `(i, j)` with `i < j`.
    Listed {
        /// The pairs.
        pairs: Vec<(u32, u32)>,
        /// For every room, its candidate neighbours and the number of the pair to each.
        adjacency: Adjacency<(u32, u32)>,
    },
}

impl CandidatePairs {
    /// The listed `pairs` (sorted, `i < j`) of `count` rooms.
    pub(crate) fn listed(count: u32, pairs: Vec<(u32, u32)>) -> Self {
        debug_assert!(pairs.is_sorted() && pairs.iter().all(|&(i, j)| i < j && j < count));
        let adjacency = Adjacency::new(count, pairs.len(), |k| pairs[k], |b, k| (b, k as u32));
        Self::Listed { pairs, adjacency }
    }

    /// The number of candidate pairs.
    pub(crate) fn len(&self) -> u64 {
        match self {
            Self::All { count } => u64::from(*count) * u64::from(count.saturating_sub(1)) / 2,
            Self::Listed { pairs, .. } => pairs.len() as u64,
        }
    }

    /// Maps increasing pair numbers to pairs, in O(1) amortized per pair.
    pub(crate) fn walker(&self) -> PairWalker<'_> {
        PairWalker {
            candidates: self,
            row: 0,
            row_start: 0,
        }
    }
}

/// Turns pair numbers into pairs; numbers must come in increasing order.
#[derive(Debug)]
pub(crate) struct PairWalker<'a> {
    candidates: &'a CandidatePairs,
    /// For [`CandidatePairs::All`]: the row `i` holding the last pair asked for, and the number
    /// of its first pair `(i, i + 1)`.
    row: u32,
    row_start: u64,
}

impl PairWalker<'_> {
    /// Pair number `k` (at least the last `k` asked for, below [`CandidatePairs::len`]).
    pub(crate) fn pair(&mut self, k: u64) -> (u32, u32) {
        match self.candidates {
            CandidatePairs::All { count } => {
                // Row i holds the pairs (i, i+1) ..= (i, count-1).
                let mut row_len = u64::from(count - 1 - self.row);
                while k >= self.row_start + row_len {
                    self.row_start += row_len;
                    self.row += 1;
                    row_len -= 1;
                }
                (self.row, self.row + 1 + (k - self.row_start) as u32)
            }
            CandidatePairs::Listed { pairs, .. } => pairs[k as usize],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_pairs_are_numbered_row_by_row() {
        let all = CandidatePairs::All { count: 4 };
        assert_eq!(all.len(), 6);
        let mut walker = all.walker();
        let pairs: Vec<_> = (0..6).map(|k| walker.pair(k)).collect();
        assert_eq!(pairs, [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
        // Skipping ahead crosses several rows at once.
        let mut walker = all.walker();
        assert_eq!(walker.pair(0), (0, 1));
        assert_eq!(walker.pair(5), (2, 3));
        assert_eq!(CandidatePairs::All { count: 1 }.len(), 0);
    }

    #[test]
    fn listed_pairs_keep_their_numbers() {
        let listed = CandidatePairs::listed(3, vec![(0, 1), (1, 2)]);
        assert_eq!(listed.len(), 2);
        assert_eq!(listed.walker().pair(1), (1, 2));
    }
}
