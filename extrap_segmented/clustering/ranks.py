"""Rank lists: compact storage (:class:`RankList`, runs of consecutive ranks) and compact text
(``ranks 0-1,8-9``: sorted, consecutive runs as ranges)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Iterable, Union

import numpy as np

_INT32 = np.iinfo(np.int32)


class RankList(Sequence):
    """Rank numbers in their given order (duplicates kept), stored as runs of consecutive numbers.

    A class of a kernel names its member ranks; as a list of Python ints that costs 36 bytes a rank
    per class and kernel (1,600 kernels x 4,096 ranks: 235 MB), more than the kernels' own values
    once they are reduced. Stored as runs (first rank and start position of every run of ``r, r+1,
    ...``), a class of contiguous ranks costs the same at any number of ranks; a scattered class at
    most 8 bytes a rank (int32 where the numbers fit). Behaves as a read-only list of ints:
    ``len``, indexing, slicing, iteration, ``==`` with any sequence of ints, truth value;
    ``numpy.asarray(ranks)`` gives the int64 array.
    """

    __slots__ = ("_firsts", "_offsets")

    def __init__(self, ranks: Union[Iterable[int], np.ndarray] = ()):
        if isinstance(ranks, RankList):
            self._firsts, self._offsets = ranks._firsts, ranks._offsets
            return
        if isinstance(ranks, np.ndarray):
            values = ranks.astype(np.int64, copy=False).ravel()
        else:
            values = np.fromiter((int(r) for r in ranks), dtype=np.int64)
        starts = np.concatenate(([0], np.flatnonzero(np.diff(values) != 1) + 1)) if values.size else \
            np.zeros(0, dtype=np.int64)
        self._set(values[starts], np.append(starts, values.size))

    def _set(self, firsts: np.ndarray, offsets: np.ndarray) -> None:
        # int32 where every number fits: 8 bytes per run instead of 16
        small = not firsts.size or (_INT32.min <= firsts.min() and firsts.max() + (offsets[-1] if offsets.size else 0)
                                    <= _INT32.max)
        self._firsts = firsts.astype(np.int32 if small else np.int64)
        self._offsets = offsets.astype(np.int32 if offsets[-1] <= _INT32.max else np.int64)

    @classmethod
    def from_runs(cls, runs: Iterable[Sequence[int]]) -> "RankList":
        """The list whose runs are ``[[first, last], ...]`` (as :meth:`runs` returns them)."""
        pairs = np.asarray([(int(a), int(b)) for a, b in runs], dtype=np.int64).reshape(-1, 2)
        if np.any(pairs[:, 1] < pairs[:, 0]):
            raise ValueError(f"a run of ranks ends before it starts: {pairs[pairs[:, 1] < pairs[:, 0]][0].tolist()}")
        out = cls.__new__(cls)
        out._set(pairs[:, 0], np.concatenate(([0], np.cumsum(pairs[:, 1] - pairs[:, 0] + 1))))
        return out

    def runs(self) -> list[list[int]]:
        """``[[first, last], ...]``: the runs of consecutive ranks, in order (``[[0, 4095]]`` for 0..4095)."""
        lengths = np.diff(self._offsets.astype(np.int64))
        firsts = self._firsts.astype(np.int64)
        return np.stack([firsts, firsts + lengths - 1], axis=1).tolist()

    def __array__(self, dtype=None, copy=None):
        lengths = np.diff(self._offsets.astype(np.int64))
        out = np.repeat(self._firsts.astype(np.int64) - self._offsets[:-1].astype(np.int64), lengths) + \
            np.arange(int(self._offsets[-1]), dtype=np.int64)
        return out if dtype is None else out.astype(dtype)

    def tolist(self) -> list[int]:
        """The ranks as a list of Python ints."""
        return np.asarray(self).tolist()

    def __len__(self) -> int:
        return int(self._offsets[-1])

    def __getitem__(self, index):
        if isinstance(index, slice):
            return RankList(np.asarray(self)[index])
        n = len(self)
        position = int(index) + n if int(index) < 0 else int(index)
        if not 0 <= position < n:
            raise IndexError("rank index out of range")
        run = int(np.searchsorted(self._offsets, position, side="right")) - 1
        return int(self._firsts[run]) + position - int(self._offsets[run])

    def __iter__(self):
        for first, start, stop in zip(self._firsts.tolist(), self._offsets[:-1].tolist(), self._offsets[1:].tolist()):
            yield from range(first, first + stop - start)

    def __eq__(self, other):
        if isinstance(other, RankList):
            return np.array_equal(self._firsts, other._firsts) and np.array_equal(self._offsets, other._offsets)
        if isinstance(other, (list, tuple, range)):
            return len(other) == len(self) and list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"RankList.from_runs({self.runs()})"

    @property
    def nbytes(self) -> int:
        """Bytes of the stored runs."""
        return self._firsts.nbytes + self._offsets.nbytes


def _unique_ranks(ranks: Iterable[int]) -> np.ndarray:
    """Sorted distinct ranks as int64. An integer array is taken as it is: ``list()`` of a
    1,024-rank array makes 1,024 numpy scalars, a cost paid per class and kernel in ``--print all``."""
    if isinstance(ranks, RankList):
        ranks = np.asarray(ranks)
    if isinstance(ranks, np.ndarray) and ranks.dtype.kind in "iu":
        return np.unique(ranks.astype(np.int64, copy=False).ravel())
    return np.unique(np.asarray(list(ranks), dtype=np.int64))


def rank_ranges(ranks: Iterable[int]) -> str:
    """``0-1,8-9,63`` for the ranks 0, 1, 8, 9, 63 (any order, duplicates ignored)."""
    values = _unique_ranks(ranks)
    if values.size == 0:
        return ""
    breaks = np.flatnonzero(np.diff(values) != 1) + 1
    # first and last rank of every run at once, as Python ints (same text as numpy's int64 scalars):
    # scattered ranks make hundreds of runs, and np.split would make an array of each
    firsts = values[np.concatenate(([0], breaks))].tolist()
    lasts = values[np.concatenate((breaks - 1, [values.size - 1]))].tolist()
    return ",".join(str(a) if a == b else f"{a}-{b}" for a, b in zip(firsts, lasts))


def format_ranks(ranks: Iterable[int], limit: int = 48) -> str:
    """``ranks 0-1,8-9`` / ``rank 5``; longer lists are cut at ``limit`` characters with the count.

    Example: ``ranks 9-14,17-22,25-30,... (196 ranks)``.
    """
    values = _unique_ranks(ranks)
    text = rank_ranges(values)
    if values.size == 1:
        return f"rank {text}"
    if len(text) > limit:
        cut = text[:limit].rsplit(",", 1)[0]
        return f"ranks {cut},... ({values.size} ranks)"
    return f"ranks {text}"
