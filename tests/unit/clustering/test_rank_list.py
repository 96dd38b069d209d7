"""RankList: a class's member ranks stored as runs, behaving as the list of ints it replaces."""
from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from extrap_segmented.clustering.ranks import RankList, format_ranks

_ranks = st.lists(st.integers(min_value=-3, max_value=40), max_size=60)
_wide = st.lists(st.integers(min_value=-2 ** 40, max_value=2 ** 40), max_size=20)


@settings(max_examples=300, deadline=None)
@given(st.one_of(_ranks, _wide))
def test_behaves_as_the_list_of_ints(ranks):
    stored = RankList(ranks)
    assert list(stored) == ranks and stored.tolist() == ranks
    assert stored == ranks and stored == tuple(ranks) and not stored != ranks
    assert len(stored) == len(ranks) and bool(stored) == bool(ranks)
    assert [stored[i] for i in range(-len(ranks), len(ranks))] == ranks + ranks
    assert all(type(r) is int for r in stored)
    assert stored[1:-1] == ranks[1:-1] and stored[::2] == ranks[::2]
    assert np.asarray(stored).tolist() == ranks and np.asarray(stored).dtype == np.int64
    assert RankList.from_runs(stored.runs()) == stored
    assert pickle.loads(pickle.dumps(stored)) == stored
    assert RankList(np.asarray(ranks, dtype=np.int64)) == stored
    for i in (len(ranks), -len(ranks) - 1):
        with pytest.raises(IndexError):
            stored[i]


@settings(max_examples=100, deadline=None)
@given(_ranks, _ranks)
def test_equality_is_the_lists_equality(a, b):
    assert (RankList(a) == RankList(b)) == (a == b)
    assert (RankList(a) == b) == (a == b)


def test_runs_of_consecutive_ranks_in_their_order():
    assert RankList([5, 6, 7, 1, 1, 2, 9]).runs() == [[5, 7], [1, 1], [1, 2], [9, 9]]
    assert RankList(range(16384)).runs() == [[0, 16383]]
    assert RankList().runs() == [] and RankList() == [] and not RankList()


def test_a_contiguous_class_costs_the_same_at_any_number_of_ranks():
    assert RankList(range(1024)).nbytes == RankList(range(1 << 20)).nbytes <= 16
    # a scattered class: at most 8 bytes a rank (int32 runs), against 36 for a list of Python ints
    scattered = RankList(range(0, 2 * 16384, 2))
    assert scattered.nbytes <= 8 * 16384 + 4
    assert len(pickle.dumps(RankList(range(4096)))) < 400


def test_rank_text_takes_the_stored_form():
    assert format_ranks(RankList([9, 8, 1, 0])) == "ranks 0-1,8-9"
    assert format_ranks(RankList(range(4096))) == "ranks 0-4095"


def test_bad_runs_are_refused():
    with pytest.raises(ValueError, match="ends before it starts"):
        RankList.from_runs([[4, 2]])
