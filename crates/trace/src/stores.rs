//! `StoreHistory`: the values a table entry took over a search, as `(event index, value)` pairs
//! per key, so "the entry after the first n events" is one binary search. Killer rows, mate
//! killers and countermoves are all replayed this way: their store events carry the new value,
//! so no rule has to be re-run.

/// Per key (a ply, a killer row, a countermove key): every stored value with the index of the
/// event that stored it, in event order.
#[derive(Clone, Debug)]
pub struct StoreHistory<T> {
    per_key: Vec<Vec<(u32, T)>>,
}

impl<T> Default for StoreHistory<T> {
    fn default() -> Self {
        StoreHistory {
            per_key: Vec::new(),
        }
    }
}

impl<T: Copy> StoreHistory<T> {
    /// Records that event `event` set `key` to `value`; events arrive in order.
    pub fn push(&mut self, key: usize, event: u32, value: T) {
        if self.per_key.len() <= key {
            self.per_key.resize_with(key + 1, Vec::new);
        }
        self.per_key[key].push((event, value));
    }

    /// The value of `key` after the first `n` events, with the index of the event that stored
    /// it; `None` before its first store.
    pub fn at(&self, key: usize, n: usize) -> Option<(usize, T)> {
        let stores = self.per_key.get(key)?;
        let k = stores.partition_point(|&(i, _)| (i as usize) < n);
        let (event, value) = *stores.get(k.checked_sub(1)?)?;
        Some((event as usize, value))
    }

    /// One more than the largest key ever stored: the keys worth asking about.
    pub fn key_count(&self) -> usize {
        self.per_key.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_follow_the_event_index() {
        let mut h = StoreHistory::default();
        h.push(3, 10, 'a');
        h.push(3, 20, 'b');
        h.push(1, 15, 'x');
        assert_eq!(h.at(3, 10), None, "event 10 is not among the first 10");
        assert_eq!(h.at(3, 11), Some((10, 'a')));
        assert_eq!(h.at(3, 100), Some((20, 'b')));
        assert_eq!(h.at(1, 16), Some((15, 'x')));
        assert_eq!(h.at(2, 100), None);
        assert_eq!(h.at(9, 100), None);
        assert_eq!(h.key_count(), 4);
    }
}
