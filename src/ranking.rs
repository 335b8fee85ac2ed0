//! Sorting by packed integer keys. Every sort the engine runs while it plays (the root's moves,
//! MCTS's report; Amazons' move selection, its best few: [`smallest`]) is [`sort`] of a
//! `[u128]`: the caller packs what it sorts by into the key's high 96 bits and the item's index
//! into the low 32, so the keys are distinct, the one sort is stable and orders the items as
//! `sort_by` would. The standard
//! sorts are generic over the element and the comparison, and each call site of its own type
//! put another copy of them (3-7 KB each) into the wasm (README, "Measured": session 14).

/// `x` as a 32-bit key part that sorts largest first.
pub fn descending_i32(x: i32) -> u128 {
    (i32::MAX as i64 - x as i64) as u128
}

/// The key of the item at `index` whose own key part is `part` (at most 96 bits): the index
/// fills the low 32 bits.
pub fn key(part: u128, index: usize) -> u128 {
    part << 32 | index as u128
}

/// The item index a key holds.
pub fn index(key: u128) -> usize {
    key as u32 as usize
}

/// `items` sorted by `part` ascending (at most 96 bits), equal parts in their order: as
/// `sort_by_key` sorts, through the shared sort of `u128` keys.
pub fn sorted_by<T>(items: Vec<T>, part: impl Fn(&T) -> u128) -> Vec<T> {
    let mut keys: Vec<u128> = items
        .iter()
        .enumerate()
        .map(|(i, item)| key(part(item), i))
        .collect();
    sort(&mut keys);
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    keys.iter()
        .filter_map(|&k| slots[index(k)].take())
        .collect()
}

/// Sorts `keys` ascending. Keys made by [`key`] are distinct, so every correct sort leaves
/// them in the same order: natively the standard library's, in wasm a heapsort.
#[cfg(not(target_arch = "wasm32"))]
pub fn sort(keys: &mut [u128]) {
    keys.sort_unstable();
}

/// Sorts `keys` ascending: in wasm a heapsort ([`heap_smallest`] of every key), a few hundred
/// bytes where the standard sort of `u128` took 4.5 KB (README, "Measured": session 14). Keys
/// made by [`key`] are distinct, so it leaves them in the order the native build's standard sort
/// does.
#[cfg(target_arch = "wasm32")]
pub fn sort(keys: &mut [u128]) {
    heap_smallest(keys, keys.len());
}

/// The `k` smallest of `keys` (all of them when `k` is larger), ascending, at the front of
/// `keys`, which it returns; the rest of `keys` is left in no particular order. For a caller that
/// takes only the best few of many items (Amazons' move selection): less work than [`sort`].
/// Keys made by [`key`] are distinct, so the front is the same however it is found: natively the
/// standard library's selection and sort, in wasm a bounded heap ([`heap_smallest`]).
#[cfg(not(target_arch = "wasm32"))]
pub fn smallest(keys: &mut [u128], k: usize) -> &[u128] {
    let k = k.min(keys.len());
    if k > 0 && k < keys.len() {
        keys.select_nth_unstable(k - 1);
    }
    keys[..k].sort_unstable();
    &keys[..k]
}

/// [`smallest`] in wasm: a bounded heap ([`heap_smallest`]), which the heapsort shares.
#[cfg(target_arch = "wasm32")]
pub fn smallest(keys: &mut [u128], k: usize) -> &[u128] {
    let k = k.min(keys.len());
    heap_smallest(keys, k);
    &keys[..k]
}

/// Puts the `k` smallest keys (`k <= keys.len()`) at the front, ascending: a max-heap of the
/// first `k` keys takes in each later key smaller than its top, then gives them up largest first
/// to the end of the front. With `k = keys.len()` this is Williams' heapsort (1964).
#[cfg(any(target_arch = "wasm32", test))]
fn heap_smallest(keys: &mut [u128], k: usize) {
    if k == 0 {
        return;
    }
    for root in (0..k / 2).rev() {
        sift_down(keys, root, k);
    }
    for i in k..keys.len() {
        if keys[i] < keys[0] {
            keys.swap(0, i);
            sift_down(keys, 0, k);
        }
    }
    for end in (1..k).rev() {
        keys.swap(0, end);
        sift_down(keys, 0, end);
    }
}

/// Moves `keys[root]` down the heap in `keys[..end]` until both its children are smaller.
#[cfg(any(target_arch = "wasm32", test))]
fn sift_down(keys: &mut [u128], mut root: usize, end: usize) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && keys[child] < keys[child + 1] {
            child += 1;
        }
        if keys[root] >= keys[child] {
            return;
        }
        keys.swap(root, child);
        root = child;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_by_keeps_equal_items_in_their_order() {
        let items = vec![(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd'), (1, 'e')];
        let mut expected = items.clone();
        expected.sort_by_key(|&(n, _)| std::cmp::Reverse(n));
        assert_eq!(sorted_by(items, |&(n, _)| descending_i32(n)), expected);
    }

    #[test]
    fn descending_i32_reverses_the_whole_range() {
        let xs = [i32::MIN, -100_001, -1, 0, 1, 100_001, i32::MAX];
        for w in xs.windows(2) {
            assert!(descending_i32(w[0]) > descending_i32(w[1]), "{w:?}");
        }
        assert!(descending_i32(i32::MIN) <= u32::MAX as u128);
    }

    #[test]
    fn the_heap_finds_the_smallest_keys_as_the_standard_sort_orders_them() {
        let mut state = 7u64;
        for n in [0, 1, 2, 3, 8, 31, 256] {
            let keys: Vec<u128> = (0..n)
                .map(|i| {
                    state = crate::rng::splitmix(state);
                    key((state % 5) as u128, i)
                })
                .collect();
            let mut expected = keys.clone();
            expected.sort_unstable();
            for k in [0, 1, 2, 8, 24, n] {
                let k = k.min(n);
                let mut heaped = keys.clone();
                heap_smallest(&mut heaped, k);
                assert_eq!(heaped[..k], expected[..k], "{k} smallest of {n} keys");
                let mut selected = keys.clone();
                assert_eq!(smallest(&mut selected, k), &expected[..k], "{k} of {n}");
                heaped.sort_unstable();
                assert_eq!(heaped, expected, "{k} of {n}: a key lost or made up");
            }
        }
    }
}
