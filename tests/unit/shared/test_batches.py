"""Series grouped for batch calls: bit-identical x (and equal keys) share a group, in order of first appearance."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from extrap_segmented.batches import same_x_groups


def test_groups_by_exact_x_and_key_in_order_of_first_appearance():
    a, b = np.array([1.0, 2.0, 4.0]), np.array([1.0, 2.0, 4.0 + 2 ** -50])  # b differs in the last bits
    groups = same_x_groups([a, b, None, a.copy(), b.copy(), np.array([1.0, 2.0])])
    assert [members for _, members in groups] == [[0, 3], [1, 4], [5]]
    assert groups[0][0] is a and groups[1][0] is b  # the first member's x
    keyed = same_x_groups([a, a, a], keys=["O(p)", "O(1)", "O(p)"])
    assert [members for _, members in keyed] == [[0, 2], [1]]
    # the same bytes in another shape are other coordinates
    assert len(same_x_groups([np.zeros(4), np.zeros((2, 2))])) == 2
    assert same_x_groups([None, None]) == []


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 3), max_size=12))
def test_every_given_series_is_in_exactly_one_group_with_its_equals(choices):
    pool = [np.arange(k + 2, dtype=float) for k in range(4)]
    xs = [pool[c].copy() for c in choices]
    groups = same_x_groups(xs)
    assert sorted(i for _, members in groups for i in members) == list(range(len(xs)))
    for x, members in groups:
        assert members == sorted(members)
        assert all(np.array_equal(xs[i], x) for i in members)
    assert len(groups) == len(set(choices))
