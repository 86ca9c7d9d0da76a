//! Disjoint sets over `u32` ids, for generators that join regions (Kruskal, parallel seeds).

use crate::error::Result;
use crate::grid::{empty_vec, zeroed_bytes};

/// Disjoint sets of the ids `0..len` with path halving and union by rank: near-constant time per
/// operation and five bytes per id.
#[derive(Debug)]
pub(crate) struct UnionFind {
    parent: Vec<u32>,
    rank: Vec<u8>,
}

impl UnionFind {
    /// `len` singleton sets, as scratch space of a `width x height` maze (for the error message
    /// if the memory is refused). `len` is at most 2^32.
    pub(crate) fn new(width: u32, height: u32, len: usize) -> Result<Self> {
        let mut parent = empty_vec(width, height, len)?;
        parent.extend((0..len).map(|id| id as u32));
        let rank = zeroed_bytes(width, height, len)?;
        Ok(Self { parent, rank })
    }

    /// The representative of `id`'s set, halving the path on the way.
    #[inline]
    pub(crate) fn find(&mut self, mut id: u32) -> u32 {
        loop {
            let parent = self.parent[id as usize];
            if parent == id {
                return id;
            }
            let grandparent = self.parent[parent as usize];
            self.parent[id as usize] = grandparent;
            id = grandparent;
        }
    }

    /// Joins the sets of `a` and `b`; false if they were one set already.
    #[inline]
    pub(crate) fn union(&mut self, a: u32, b: u32) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        let (rank_a, rank_b) = (self.rank[a as usize], self.rank[b as usize]);
        let (child, root) = if rank_a < rank_b { (a, b) } else { (b, a) };
        self.parent[child as usize] = root;
        if rank_a == rank_b {
            self.rank[root as usize] += 1;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unions_join_sets_once() {
        let mut sets = UnionFind::new(3, 3, 9).unwrap();
        assert!(sets.union(0, 1));
        assert!(sets.union(2, 1));
        assert!(!sets.union(0, 2));
        assert_eq!(sets.find(0), sets.find(2));
        assert_ne!(sets.find(0), sets.find(3));
        for id in 3..8 {
            assert!(sets.union(id, id + 1));
        }
        assert!(sets.union(8, 0));
        assert!((0..9).all(|id| sets.find(id) == sets.find(4)));
    }

    #[test]
    fn ranks_stay_logarithmic() {
        // Joining equal-rank trees pairwise: 2^10 ids reach rank 10 at most.
        let mut sets = UnionFind::new(1 << 10, 1, 1 << 10).unwrap();
        let mut step = 1;
        while step < 1 << 10 {
            for id in (0..1 << 10).step_by(2 * step) {
                assert!(sets.union(id, id + step as u32));
            }
            step *= 2;
        }
        assert!(sets.rank.iter().all(|&rank| rank <= 10));
    }
}
