//! Compressed adjacency lists (CSR): every room's neighbours in one `Vec`, no per-room allocation.

use std::ops::Range;

/// The neighbours of every room of an undirected graph, one entry of type `T` per edge end.
#[derive(Debug, Clone)]
pub(crate) struct Adjacency<T> {
    offsets: Vec<usize>,
    entries: Vec<T>,
}

impl<T: Copy + Default> Adjacency<T> {
    /// Builds the lists of `rooms` rooms from `edges` pairs, `pair(k)` giving the two rooms of
    /// pair `k` and `entry(neighbour, k)` what room `a` stores for its neighbour `b` along
    /// pair `k`. Each room's entries keep the order of the pairs.
    pub(crate) fn new(
        rooms: u32,
        edges: usize,
        pair: impl Fn(usize) -> (u32, u32),
        entry: impl Fn(u32, usize) -> T,
    ) -> Self {
        let mut offsets = vec![0usize; rooms as usize + 1];
        for k in 0..edges {
            let (a, b) = pair(k);
            offsets[a as usize + 1] += 1;
            offsets[b as usize + 1] += 1;
        }
        for room in 0..rooms as usize {
            offsets[room + 1] += offsets[room];
        }
        let mut next = offsets.clone();
        let mut entries = vec![T::default(); 2 * edges];
        for k in 0..edges {
            let (a, b) = pair(k);
            entries[next[a as usize]] = entry(b, k);
            next[a as usize] += 1;
            entries[next[b as usize]] = entry(a, k);
            next[b as usize] += 1;
        }
        Self { offsets, entries }
    }

    /// Number of rooms.
    pub(crate) fn rooms(&self) -> u32 {
        (self.offsets.len() - 1) as u32
    }

    /// The entries of `room`.
    pub(crate) fn of(&self, room: u32) -> &[T] {
        &self.entries[self.range(room)]
    }

    /// The number of entries of all rooms: twice the number of edges.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    fn range(&self, room: u32) -> Range<usize> {
        self.offsets[room as usize]..self.offsets[room as usize + 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_neighbours_in_pair_order() {
        let pairs = [(0u32, 2u32), (1, 2), (0, 1)];
        let adjacency = Adjacency::new(4, pairs.len(), |k| pairs[k], |b, k| (b, k as u32));
        assert_eq!(adjacency.rooms(), 4);
        assert_eq!(adjacency.len(), 6);
        assert_eq!(adjacency.of(0), [(2, 0), (1, 2)]);
        assert_eq!(adjacency.of(2), [(0, 0), (1, 1)]);
        assert!(adjacency.of(3).is_empty());
    }
}
