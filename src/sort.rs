//! Stable sorting with one compiled copy of the sort.
//!
//! `slice::sort_by` and friends are generic over the element and the comparison, so every call
//! site compiles its own copy of the standard library's stable sort (~4 KiB of wasm each, ~30
//! of them in the page). These functions sort a list of positions instead, through one
//! non-generic function taking the comparison as a `dyn` closure, then move the elements into
//! that order: the same result as `slice::sort_by` (a stable sort's result is fully determined
//! by the comparison), with one copy of the sort in the binary.

use std::cmp::Ordering;

/// Sorts `v` stably by `cmp`, as `v.sort_by(cmp)`.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let items: &[T] = v;
    let order = sorted_positions(items.len(), &mut |a, b| cmp(&items[a], &items[b]));
    permute(v, order);
}

/// Sorts `v` stably by the key `f` gives, as `v.sort_by_key(f)`.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut f: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| f(a).cmp(&f(b)));
}

/// Sorts `v` stably in ascending order, as `v.sort()`.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// `0..n` sorted stably by `cmp` on the positions: the only instance of the standard sort.
fn sorted_positions(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

/// Rearranges `v` so that the new `v[i]` is the old `v[order[i]]`, following each cycle of
/// the permutation with swaps.
fn permute<T>(v: &mut [T], mut order: Vec<usize>) {
    for start in 0..order.len() {
        let mut at = start;
        while order[at] != start {
            let next = order[at];
            v.swap(at, next);
            order[at] = at;
            at = next;
        }
        order[at] = at;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Compared with `slice::sort_by` itself, on purpose.
    #[allow(clippy::unnecessary_sort_by)]
    #[test]
    fn same_as_the_standard_stable_sort() {
        // Pairs sorted by the first field only: equal keys keep their order.
        let mut seed = 7u64;
        for len in 0..60 {
            let v: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ((seed >> 59) as u8, i)
                })
                .collect();
            let mut ours = v.clone();
            let mut expected = v.clone();
            sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
            expected.sort_by(|a, b| a.0.cmp(&b.0));
            assert_eq!(ours, expected);
            let (mut ours, mut expected) = (v.clone(), v.clone());
            sort_by_key(&mut ours, |p| std::cmp::Reverse(p.0));
            expected.sort_by_key(|p| std::cmp::Reverse(p.0));
            assert_eq!(ours, expected);
            let (mut ours, mut expected) = (v.clone(), v);
            sort(&mut ours);
            expected.sort();
            assert_eq!(ours, expected);
        }
    }

    #[test]
    fn moves_owned_values() {
        let mut v = vec!["delta".to_string(), "alpha".into(), "charlie".into(), "bravo".into()];
        sort(&mut v);
        assert_eq!(v, ["alpha", "bravo", "charlie", "delta"]);
    }
}
