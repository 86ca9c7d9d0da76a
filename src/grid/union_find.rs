//! Disjoint sets over `u32` ids, for generators that join regions (Kruskal, parallel seeds).

use super::{Result, bytes_for, filled_vec};

/// Disjoint sets of the ids `0..len` (fewer than 2^31) with path halving and union by size: near
/// constant time per operation, in one array of four bytes per id.
///
/// Each entry holds either the parent of a non-root id or, with [`ROOT`] set, the size of a
/// root's set, so finding a root and reading its size touch the same memory.
#[derive(Debug)]
pub(crate) struct UnionFind {
    parent: Vec<u32>,
}

/// Marks an entry as a root holding its set's size in the other bits.
const ROOT: u32 = 1 << 31;

impl UnionFind {
    /// `len` singleton sets, as scratch space of a maze `extent` cells across and down (for
    /// the error message if the memory is refused).
    pub(crate) fn new(extent: (u32, u32), len: usize) -> Result<Self> {
        debug_assert!(len < ROOT as usize);
        Ok(Self {
            parent: filled_vec(extent.0, extent.1, len, ROOT | 1)?,
        })
    }

    /// `len` singleton sets, for a few ids (no maze's worth).
    pub(crate) fn of(len: usize) -> Self {
        debug_assert!(len < ROOT as usize);
        Self {
            parent: vec![ROOT | 1; len],
        }
    }

    /// The memory the sets of `len` ids take.
    pub(crate) const fn bytes(len: u64) -> u64 {
        bytes_for::<u32>(len)
    }

    /// The root of `id`'s set, halving the path on the way.
    #[inline]
    pub(crate) fn find(&mut self, mut id: u32) -> u32 {
        loop {
            let parent = self.parent[id as usize];
            if parent & ROOT != 0 {
                return id;
            }
            let grandparent = self.parent[parent as usize];
            if grandparent & ROOT != 0 {
                return parent;
            }
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
        let (size_a, size_b) = (
            self.parent[a as usize] & !ROOT,
            self.parent[b as usize] & !ROOT,
        );
        let (child, root) = if size_a < size_b { (a, b) } else { (b, a) };
        self.parent[child as usize] = root;
        self.parent[root as usize] = ROOT | (size_a + size_b);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unions_join_sets_once() {
        let mut sets = UnionFind::new((3, 3), 9).unwrap();
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
        let root = sets.find(4);
        assert_eq!(sets.parent[root as usize], ROOT | 9);
    }

    #[test]
    fn trees_stay_shallow() {
        // Linking the first set's root under the second's would make a chain of every id here;
        // union by size keeps each set of 2^k ids at most k links deep.
        let n = 1 << 12;
        let mut sets = UnionFind::new((n, 1), n as usize).unwrap();
        for id in 1..n {
            assert!(sets.union(0, id));
        }
        let depth = |sets: &UnionFind, mut id: u32| {
            let mut links = 0;
            while sets.parent[id as usize] & ROOT == 0 {
                id = sets.parent[id as usize];
                links += 1;
            }
            links
        };
        assert!((0..n).all(|id| depth(&sets, id) <= 12));
    }
}
