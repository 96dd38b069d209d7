"""Runs a per-kernel function over all kernels of a modeling run, on ``jobs`` loky worker processes.

Output does not depend on ``jobs``: the kernels are split into contiguous chunks, each chunk is
modeled in one worker, and the results come back in kernel order. Workers are started only when
the kernels are worth it: the first 1/32 are modeled in this process and timed, and the rest go
to workers only if they would take at least ``MIN_PARALLEL_SECONDS`` here and at least
``MIN_IDLE_CORES`` cores are idle (other processes' load taken off). Warnings a kernel raises in a
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
import time
import warnings
from typing import Any, Callable, Sequence

from extrap_segmented.exceptions import InvalidInputError, OptionWarning

# Fewest kernels per chunk: below this the pickling and the round trip cost more than they save.
MIN_CHUNK = 16
# Chunks per worker: a few, so that a slow chunk (large kernels) does not leave the others idle.
CHUNKS_PER_WORKER = 4
# Estimated in-process seconds of the kernels left after the probe from which worker processes are
# used. Starting loky workers with Extra-P imported takes 1-3 s and every kernel is pickled to them:
# at 1,024 ranks x 2,000 call paths Segmented's 4 s of modeling took 5.6 s on 2 warm workers and
# 7.6 s with their start (benchmarks/scale/scale.py, docs/scale.md), while Clustered's ~20 s gain.
MIN_PARALLEL_SECONDS = 8.0
# The probe: this fraction (1/32) of the kernels, modeled in process before deciding.
PROBE_FRACTION = 32
# Idle cores (available cores minus the load of other processes) needed for workers to pay off with
# the default threshold: on the shared 2-core machine, with another process using one core (load
# average 2.1-2.6), Clustered at 1,024 x 2,000 took 12.4 s on 2 warm workers and 8.5 s in process.
MIN_IDLE_CORES = 1.5

JOBS_HELP = ("Worker processes modeling kernels in parallel (joblib/loky); 0: every core this process may use. "
             "Results do not depend on it")


def jobs_option():
    """The ``jobs`` option of a modeler (in a ``@modeler_options`` class body). Ungrouped: Extra-P's
    CLI parser accepts an option shared by a single- and a multi-parameter modeler of one NAME only
    then."""
    from extrap.modelers.modeler_options import modeler_options
    return modeler_options.add(0, int, JOBS_HELP, name="Jobs")


def available_cores() -> int:
    """Cores this process may run on (its CPU affinity where the OS reports it, else all)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # macOS and Windows have no affinity call
        return max(1, os.cpu_count() or 1)


def resolve_jobs(jobs: Any, option: str = "jobs") -> int:
    """The number of worker processes ``jobs`` asks for (0 or None: every available core; -k: all but k-1),
    at most the available cores: more processes than cores only compete for them (``jobs=1000`` on
    2 cores started 21 processes), so larger values are capped, with a warning naming the option.

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
    cores = available_cores()
    if value > cores:
        warnings.warn(f"option {option}={value} asks for more worker processes than the {cores} cores this process "
                      f"may use; {cores} are used", OptionWarning, stacklevel=3)
        return cores
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


def parallel_threshold() -> float:
    """Seconds of estimated in-process work below which no worker processes are started
    (:data:`MIN_PARALLEL_SECONDS`; the environment variable ``EXTRAP_SEGMENTED_MIN_PARALLEL_SECONDS``
    overrides it, e.g. 0 to always use workers)."""
    value = os.environ.get("EXTRAP_SEGMENTED_MIN_PARALLEL_SECONDS", "")
    try:
        return max(0.0, float(value)) if value.strip() else MIN_PARALLEL_SECONDS
    except ValueError:
        return MIN_PARALLEL_SECONDS


def idle_cores() -> float:
    """Cores this process may use minus the load of other processes (the 1-minute load average
    less this busy process); all available cores where the OS reports no load average."""
    try:
        others = max(0.0, os.getloadavg()[0] - 1.0)
    except (AttributeError, OSError):
        return float(available_cores())
    return available_cores() - others


def probe_size(n_items: int, min_chunk: int = MIN_CHUNK) -> int:
    """Kernels modeled in this process first to estimate the cost of all: 1/32 of them, at least
    ``min_chunk``."""
    return min(n_items, max(min_chunk, math.ceil(n_items / PROBE_FRACTION)))


def map_kernels(function: Callable, items: Sequence, jobs: Any = 1, progress_bar=None,
                min_chunk: int = MIN_CHUNK, min_parallel_seconds: float | None = None) -> list:
    """``[function(item) for item in items]``, on ``jobs`` processes (see :func:`resolve_jobs`).

    With more than one job the first kernels (:func:`probe_size`) are modeled in this process and
    timed; worker processes are started only when the others would take at least
    ``min_parallel_seconds`` here (default :func:`parallel_threshold`): below that, starting
    workers and sending them the kernels costs more than it saves. Results do not depend on it.

    Args:
        function: picklable, pure per-kernel function.
        items: the kernels (picklable).
        jobs: worker processes; 1 runs in this process.
        progress_bar: Extra-P progress bar; advanced by one per item (its ``total`` is raised here).
        min_chunk: fewest items per chunk (tests lower it to force worker processes on small inputs).
        min_parallel_seconds: estimated in-process seconds of the remaining kernels from which
            workers are used; 0 always uses them.

    Returns:
        The results in the order of ``items``; warnings are re-emitted in the same order.
    """
    items = list(items)
    jobs = resolve_jobs(jobs)
    threshold = parallel_threshold() if min_parallel_seconds is None else max(0.0, float(min_parallel_seconds))
    # the automatic decision (no threshold given, none in the environment) also asks for idle cores
    automatic = min_parallel_seconds is None and not os.environ.get("EXTRAP_SEGMENTED_MIN_PARALLEL_SECONDS", "").strip()
    if progress_bar is not None:
        progress_bar.total += len(items)
    results: list = []
    # A progress bar that tracks the kernel being modeled (modeling/runs.py) learns whose warnings follow.
    announce = getattr(progress_bar, "announce_kernel", None)
    for chunk_results, records in _chunk_outputs(function, items, jobs, min_chunk, threshold, automatic):
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


def _chunk_outputs(function: Callable, items: list, jobs: int, min_chunk: int, threshold: float,
                   check_idle: bool = False):
    """``(results, warning records)`` of consecutive chunks covering ``items``, in order; with
    ``check_idle`` workers are used only if at least :data:`MIN_IDLE_CORES` cores are idle."""
    if len(plan_chunks(len(items), jobs, min_chunk)) <= 1:
        if items:
            yield _run_chunk(function, items)
        return
    start = 0
    if threshold > 0:
        start = probe_size(len(items), min_chunk)
        # the first kernel also pays one-time costs (lazy imports, caches): it is not timed
        yield _run_chunk(function, items[:1])
        began = time.perf_counter()
        yield _run_chunk(function, items[1:start])
        estimate = (time.perf_counter() - began) / max(1, start - 1) * (len(items) - start)
        chunks = plan_chunks(len(items) - start, jobs, min_chunk)
        if estimate < threshold or len(chunks) <= 1 or (check_idle and idle_cores() < MIN_IDLE_CORES):
            if start < len(items):
                yield _run_chunk(function, items[start:])
            return
    from joblib import Parallel, delayed
    chunks = plan_chunks(len(items) - start, jobs, min_chunk)
    parallel = Parallel(n_jobs=min(jobs, len(chunks)), backend="loky", return_as="generator")
    yield from parallel(delayed(_run_chunk)(function, items[start + a:start + b]) for a, b in chunks)


def plot_selected(pattern: str, measurements: Sequence) -> bool:
    """Whether a kernel matches the ``plot_kernels`` glob (its call path, or ``call path/metric``)."""
    if not measurements:
        return False
    callpath, metric = str(measurements[0].callpath), str(measurements[0].metric)
    return fnmatch.fnmatchcase(callpath, pattern) or fnmatch.fnmatchcase(f"{callpath}/{metric}", pattern)
