"""``--save-experiment`` of ``extrap-segmented run``: the file ``extrap --cube-ranks`` saves, written by the
client while the per-rank values stream in from the workers a bounded batch at a time.

What a per-rank experiment saves (docs/cube.md): every measurement's aggregates and its values as read
(repetitions x locations), the location table of every point (a ``RankExperiment``), and the models.
The client holds the aggregates and the models anyway; the values stay on the workers that read
them (:attr:`~.tasks.PointBlock.saved`) until they are written: the client asks for the values of a
batch of kernels at every point (:func:`~.tasks.saved_values`, one flat array per point, about
:data:`BATCH_BYTES` per batch; the next batch is cut out on the workers while one is written), hands
each array to Extra-P's value writer, flushes the writer into the file at the end of the batch and
drops the batch. So the client holds about one batch of values at once, whatever the number of ranks; the location
tables (one per point, about 120 bytes per location as Python lists while the experiment is
serialised) are the only per-rank data it holds whole.
"""
from __future__ import annotations

from typing import Iterable, Iterator, Optional

import numpy as np

#: Bytes of per-rank values fetched per batch, and pending in Extra-P's value writer before it flushes.
BATCH_BYTES = 8 << 20


def save_rank_experiment(client, experiment, path: str, blocks: dict, n_locations: dict, progress_bar) -> int:
    """Writes ``experiment`` (a ``RankExperiment``) to ``path`` atomically, with its per-rank values and
    location tables fetched from the workers holding the point ``blocks`` (coordinate tuple -> future of a
    :class:`~.tasks.PointBlock` read with ``keep_values``); ``n_locations``: coordinate tuple -> locations.
    Returns the bytes of per-rank values streamed through the client."""
    from extrap.entities.coordinate import Coordinate

    from extrap_segmented.adapters.distributed import tasks
    from extrap_segmented.adapters.plugin import extrap_internals
    from extrap_segmented.adapters.plugin.atomic_save import make_atomic

    points = list(blocks)
    tables = client.gather([client.submit(tasks.location_table, blocks[p], pure=False) for p in points])
    experiment.location_tables = {Coordinate(p): table for p, table in zip(points, tables)}
    kernels = [measurements for measurements in experiment.measurements.values() if measurements]
    progress_bar.total += sum(len(ms) for ms in kernels)
    write = make_atomic(extrap_internals.write_experiment_streaming)
    streamed = [0]
    try:
        write(experiment, path, _values(client, kernels, blocks, n_locations, progress_bar, streamed), BATCH_BYTES,
              progress_bar)
    finally:
        experiment.location_tables = {}  # the client keeps no per-rank data after saving
    return streamed[0]


def _batches(kernels: list, n_locations: dict) -> Iterator[list]:
    """Consecutive kernels whose values (8 bytes a value) add up to about :data:`BATCH_BYTES`."""
    batch, size = [], 0
    for measurements in kernels:
        batch.append(measurements)
        size += sum(8 * max(1, int(m.repetitions or 1)) * n_locations[m.coordinate.as_tuple()] for m in measurements)
        if size >= BATCH_BYTES:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


def _values(client, kernels: list, blocks: dict, n_locations: dict, progress_bar, streamed: list) -> Iterable[Optional[tuple]]:
    """``(measurement, values)`` in kernel order; batch ``i + 1`` is read out on the workers while the client
    writes batch ``i``."""
    from extrap_segmented.adapters.distributed import tasks

    def submit(batch: list) -> tuple[list, dict]:
        keys: dict = {}
        for measurements in batch:
            for m in measurements:
                keys.setdefault(m.coordinate.as_tuple(), []).append((m.callpath.name, m.metric.name))
        return batch, {p: client.submit(tasks.saved_values, blocks[p], k, pure=False) for p, k in keys.items()}

    pending = []
    batches = _batches(kernels, n_locations)
    for batch in batches:
        pending.append(submit(batch))
        if len(pending) < 2:
            continue
        yield from _written(client, *pending.pop(0), progress_bar, streamed)
    while pending:
        yield from _written(client, *pending.pop(0), progress_bar, streamed)


def _written(client, batch: list, futures: dict, progress_bar, streamed: list) -> Iterator[Optional[tuple]]:
    points = list(futures)
    arrays = {}
    for p, (flat, shapes) in zip(points, client.gather([futures[p] for p in points])):
        ends = np.cumsum([int(np.prod(shape)) for shape in shapes])
        arrays[p] = iter([part.reshape(shape) for part, shape in zip(np.split(flat, ends[:-1]), shapes)])
    del futures
    for measurements in batch:
        for m in measurements:
            values = next(arrays[m.coordinate.as_tuple()])
            streamed[0] += values.nbytes
            yield m, values
            progress_bar.update()
    yield None  # written out now: the batch's arrays (views of one array per point) are dropped together

