//! The nodes a query matched, as one bit per node id: what the explorer marks rows with and
//! steps through. A bit set rather than a list, so a query that matches every node of a
//! 100-million-node log holds 12.5 MB, not 800, and "is this row a match" is one load.

/// A set of node ids, and how many it holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchSet {
    words: Vec<u64>,
    count: u64,
}

impl MatchSet {
    /// Adds `id` (each node is offered once, as it closes).
    pub fn insert(&mut self, id: u64) {
        let (word, bit) = ((id / 64) as usize, id % 64);
        if self.words.len() <= word {
            self.words.resize(word + 1, 0);
        }
        if self.words[word] & (1 << bit) == 0 {
            self.words[word] |= 1 << bit;
            self.count += 1;
        }
    }

    /// How many ids it holds.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Whether it holds `id`.
    pub fn contains(&self, id: u64) -> bool {
        self.words
            .get((id / 64) as usize)
            .is_some_and(|w| w & (1 << (id % 64)) != 0)
    }

    /// The smallest id above `id` (from the start when `None`).
    pub fn next_after(&self, id: Option<u64>) -> Option<u64> {
        let start = id.map_or(0, |i| i + 1);
        let mut word = (start / 64) as usize;
        let mut bits = *self.words.get(word)? & (u64::MAX << (start % 64));
        loop {
            if bits != 0 {
                return Some(word as u64 * 64 + u64::from(bits.trailing_zeros()));
            }
            word += 1;
            bits = *self.words.get(word)?;
        }
    }

    /// The largest id below `id` (from the end when `None`).
    pub fn prev_before(&self, id: Option<u64>) -> Option<u64> {
        let end = id.unwrap_or(self.words.len() as u64 * 64);
        if end == 0 {
            return None;
        }
        let last = end - 1;
        let mut word = ((last / 64) as usize).min(self.words.len().checked_sub(1)?);
        let keep = if (last / 64) as usize > word {
            u64::MAX
        } else {
            u64::MAX >> (63 - last % 64)
        };
        let mut bits = self.words[word] & keep;
        loop {
            if bits != 0 {
                return Some(word as u64 * 64 + 63 - u64::from(bits.leading_zeros()));
            }
            word = word.checked_sub(1)?;
            bits = self.words[word];
        }
    }

    /// How many ids are at or below `id`: a match's 1-based place in id order.
    pub fn rank(&self, id: u64) -> u64 {
        let word = (id / 64) as usize;
        let below: u64 = self
            .words
            .iter()
            .take(word)
            .map(|w| u64::from(w.count_ones()))
            .sum();
        let own = self
            .words
            .get(word)
            .map_or(0, |w| (w & (u64::MAX >> (63 - id % 64))).count_ones());
        below + u64::from(own)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_and_ranks_agree_with_a_sorted_list() {
        let ids = [0u64, 3, 63, 64, 65, 200, 1000];
        let mut set = MatchSet::default();
        for &id in ids.iter().rev() {
            set.insert(id);
        }
        set.insert(64);
        assert_eq!(set.count(), ids.len() as u64);
        for probe in 0..1100u64 {
            let next = ids.iter().copied().find(|&i| i > probe);
            let prev = ids.iter().rev().copied().find(|&i| i < probe);
            assert_eq!(set.next_after(Some(probe)), next, "after {probe}");
            assert_eq!(set.prev_before(Some(probe)), prev, "before {probe}");
            assert_eq!(set.contains(probe), ids.contains(&probe));
            let rank = ids.iter().filter(|&&i| i <= probe).count() as u64;
            assert_eq!(set.rank(probe), rank, "rank {probe}");
        }
        assert_eq!(set.next_after(None), Some(0));
        assert_eq!(set.prev_before(None), Some(1000));
        assert_eq!(MatchSet::default().next_after(None), None);
        assert_eq!(MatchSet::default().prev_before(None), None);
    }
}
