"""Runs a per-kernel function over all kernels of a modeling run, on ``jobs`` loky worker processes.

Output does not depend on ``jobs``: the kernels are split into contiguous chunks, each chunk is
modeled in one worker, and the results come back in kernel order. Warnings a kernel raises in a
worker are recorded there and re-emitted in the calling process in kernel order; so that the text
is the same for every ``jobs``, the in-process path (``jobs=1``, or too few kernels to be worth
the start of worker processes) records and re-emits them the same way.

The function must be picklable (a module-level function or a bound method of a picklable modeler)
and a pure function of its kernel: workers are reused between chunks and runs.
"""
from __future__ import annotations

import fnmatch
import math
import os
import warnings
from typing import Any, Callable, Sequence

from extrap_segmented.exceptions import InvalidInputError

# Fewest kernels per chunk: below this the pickling and the round trip cost more than they save.
MIN_CHUNK = 16
# Chunks per worker: a few, so that a slow chunk (large kernels) does not leave the others idle.
CHUNKS_PER_WORKER = 4

JOBS_HELP = ("Worker processes modeling kernels in parallel (joblib/loky); 0: every core this process may use. "
             "Results do not depend on it")


def available_cores() -> int:
    """Cores this process may run on (its CPU affinity where the OS reports it, else all)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # macOS and Windows have no affinity call
        return max(1, os.cpu_count() or 1)


def resolve_jobs(jobs: Any, option: str = "jobs") -> int:
    """The number of worker processes ``jobs`` asks for (0 or None: every available core; -k: all but k-1).

    Raises:
        InvalidInputError: not an integer, or asks for fewer than one process; names the option.
    """
    if jobs is None:
        return available_cores()
    try:
        value = int(jobs)
        if value != float(jobs):
            raise ValueError
    except (TypeError, ValueError):
        raise InvalidInputError(f"option {option} must be an integer number of processes, got {jobs!r}") from None
    if value == 0:
        return available_cores()
    if value < 0:
        resolved = available_cores() + 1 + value
        if resolved < 1:
            raise InvalidInputError(f"option {option}={value} leaves no process on the "
                                    f"{available_cores()} available cores")
        return resolved
    return value


def plan_chunks(n_items: int, jobs: int, min_chunk: int = MIN_CHUNK) -> list[tuple[int, int]]:
    """Contiguous ``(start, stop)`` ranges covering ``range(n_items)``; one range if not worth splitting."""
    if n_items == 0:
        return []
    n_chunks = min(jobs * CHUNKS_PER_WORKER, n_items // max(1, min_chunk))
    if jobs <= 1 or n_chunks <= 1:
        return [(0, n_items)]
    size = math.ceil(n_items / n_chunks)
    return [(a, min(a + size, n_items)) for a in range(0, n_items, size)]


def _run_chunk(function: Callable, items: Sequence) -> tuple[list, list]:
    """Results of ``function`` on ``items`` and, per item, the warnings it raised, as
    ``(message, category, filename, lineno)``."""
    results, records = [], []
    for item in items:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            results.append(function(item))
        records.append([(str(w.message), w.category, w.filename, w.lineno) for w in caught])
    return results, records


# Per source file, the registry a module's ``__warningregistry__`` would be: with it the "default"
# action shows a warning once per (text, category, line), as it did when kernels ran in the loop.
_REGISTRIES: dict[str, dict] = {}


def reemit_warnings(records) -> None:
    for message, category, filename, lineno in records:
        warnings.warn_explicit(message, category, filename, lineno, registry=_REGISTRIES.setdefault(filename, {}))


def map_kernels(function: Callable, items: Sequence, jobs: Any = 1, progress_bar=None,
                min_chunk: int = MIN_CHUNK) -> list:
    """``[function(item) for item in items]``, on ``jobs`` processes (see :func:`resolve_jobs`).

    Args:
        function: picklable, pure per-kernel function.
        items: the kernels (picklable).
        jobs: worker processes; 1 runs in this process.
        progress_bar: Extra-P progress bar; advanced by one per item (its ``total`` is raised here).
        min_chunk: fewest items per chunk (tests lower it to force worker processes on small inputs).

    Returns:
        The results in the order of ``items``; warnings are re-emitted in the same order.
    """
    items = list(items)
    jobs = resolve_jobs(jobs)
    chunks = plan_chunks(len(items), jobs, min_chunk)
    if progress_bar is not None:
        progress_bar.total += len(items)
    results: list = []
    if len(chunks) <= 1:
        outputs = (_run_chunk(function, items),) if items else ()
    else:
        from joblib import Parallel, delayed
        parallel = Parallel(n_jobs=min(jobs, len(chunks)), backend="loky", return_as="generator")
        outputs = parallel(delayed(_run_chunk)(function, items[a:b]) for a, b in chunks)
    # A progress bar that tracks the kernel being modeled (kernel_runs) learns whose warnings follow.
    announce = getattr(progress_bar, "announce_kernel", None)
    for chunk_results, records in outputs:
        for item, item_records in zip(items[len(results):], records):
            if announce is not None:
                announce(item)
            reemit_warnings(item_records)
        if announce is not None:
            announce(None)
        results.extend(chunk_results)
        if progress_bar is not None:
            progress_bar.update(len(chunk_results))
    return results


def plot_selected(pattern: str, measurements: Sequence) -> bool:
    """Whether a kernel matches the ``plot_kernels`` glob (its call path, or ``call path/metric``)."""
    if not measurements:
        return False
    callpath, metric = str(measurements[0].callpath), str(measurements[0].metric)
    return fnmatch.fnmatchcase(callpath, pattern) or fnmatch.fnmatchcase(f"{callpath}/{metric}", pattern)
