"""``extrap-segmented run``: model a Cube experiment on a Dask cluster; the client never holds per-rank values.

Workers read the Cube files of one point each and reduce the per-rank values where they are read to
what the modeler needs (:func:`~.tasks.kernel_reduction`); the client gathers only the measurements'
aggregates, builds the experiment exactly as ``extrap --cube-ranks`` does, and lets Extra-P's model
generator call the modeler, whose kernels are modeled in chunks on the workers (each chunk gets the
reduced values of its kernels from the workers holding them). Printing and saving are Extra-P's own.

``--scheduler local`` starts a LocalCluster of ``--workers`` processes; an address (``tcp://host:8786``)
connects to a running scheduler, e.g. one started by dask-jobqueue on Slurm or PBS.
"""
from __future__ import annotations

import argparse
import copy
import math
import os
import pickle
import sys
import time
from itertools import groupby
from operator import itemgetter
from typing import Sequence

from extrap_segmented.adapters.parallel.runner import reemit_warnings, available_cores

PER_RANK_READER, STOCK_READER = "cube_ranks", "cube"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``run``: ``extrap``'s input, modeling and output options for Cube directories, plus Dask's."""
    from extrap.entities.measurement import Measure
    from extrap.entities.scaling_type import ScalingType
    from extrap.util.options_parser import ModelerOptionsAction

    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--cube-ranks", action="store_const", const=PER_RANK_READER, dest="reader",
                        help="directory of Cube profiles; the modeler sees per-rank values (as extrap --cube-ranks)")
    source.add_argument("--cube", action="store_const", const=STOCK_READER, dest="reader",
                        help="directory of Cube profiles; the modeler sees aggregates only (as extrap --cube)")
    parser.add_argument("path", metavar="DIRECTORY", help="the experiment directory (<app>.<params>.r<rep>/*.cubex)")
    parser.add_argument("--scaling", dest="scaling_type", default=ScalingType.WEAK, type=ScalingType,
                        choices=ScalingType, help="weak or strong scaling (default: %(default)s)")
    parser.add_argument("--inclusive", action="store_true", help="model inclusive values")
    parser.add_argument("--measure", default=Measure.MEAN.name.lower(),
                        choices=[m.name.lower() for m in Measure.choices()], help="measure the models are fitted to")
    parser.add_argument("--modeler", default="default", type=str.lower,
                        help="modeler, as extrap --modeler (default: %(default)s)")
    parser.add_argument("--options", dest="modeler_options", default={}, nargs="+", metavar="KEY=VALUE",
                        action=ModelerOptionsAction, help="options of the modeler (after --modeler)")
    parser.add_argument("--print", dest="print_type", default="all",
                        help="what to print, as extrap --print (default: %(default)s)")
    parser.add_argument("--save-experiment", metavar="EXPERIMENT_PATH",
                        help="save the experiment with its models ('.extra-p' appended without an extension)")
    parser.add_argument("--model-set-name", dest="model_name", default="New model", help="name of the model set")
    parser.add_argument("--disable-progress", action="store_true", help="no progress bars")
    parser.add_argument("--scheduler", default="local",
                        help="'local' (a LocalCluster on this machine) or the address of a running Dask scheduler")
    parser.add_argument("--connect-timeout", type=_seconds, default=10.0, metavar="SECONDS",
                        help="how long to try to reach a --scheduler address (default: %(default)s s)")
    parser.add_argument("--workers", type=int, default=None,
                        help="worker processes of the LocalCluster (default: the cores this process may use)")
    parser.add_argument("--kernels-per-task", type=int, default=0,
                        help="kernels modeled per task (default: about four tasks per worker)")
    parser.add_argument("--stats", action="store_true",
                        help="report on stderr the per-rank bytes read by the workers, the bytes sent to the client and "
                             "the peak memory of the client and of each worker")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r} must be more than 0 and at most 3600 seconds")
    return value


def command(argv: Sequence[str]) -> int:
    """``extrap-segmented run ARGV``: parses (after registering the plugins' modelers) and runs."""
    from extrap_segmented.adapters.plugin.registration import activate

    activate()
    parser = argparse.ArgumentParser(prog="extrap-segmented run", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return main(parser.parse_args(argv))


def main(arguments: argparse.Namespace) -> int:
    """Runs the command; returns the exit code (1 with a message on stderr for unusable input)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("extrap-segmented run needs Dask: pip install 'extrap-segmented[dask]'", file=sys.stderr)
        return 1
    from extrap.util.exceptions import RecoverableError
    from extrap_segmented.exceptions import ExtrapSegmentedError

    if not os.path.isdir(arguments.path):
        print(f"extrap-segmented run: {arguments.path} is not a directory", file=sys.stderr)
        return 1
    workers = arguments.workers or available_cores()
    if workers < 1:
        print(f"extrap-segmented run: --workers must be >= 1, got {workers}", file=sys.stderr)
        return 1
    if workers > available_cores() and arguments.scheduler == "local":
        print(f"extrap-segmented run: --workers {workers} asks for more worker processes than the "
              f"{available_cores()} cores of this machine; {available_cores()} are started", file=sys.stderr)
        workers = available_cores()
    if arguments.scheduler == "local":
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        cluster = None
        try:
            client = Client(arguments.scheduler, timeout=arguments.connect_timeout)
        except Exception as error:  # noqa: BLE001 - unreachable (OSError), or not a Dask scheduler (garbage)
            reason = str(error).splitlines()[0] if str(error) else type(error).__name__
            if isinstance(error, (ValueError, TypeError)):
                reason = f"not an address such as tcp://host:8786 ({reason[:200]})"
            elif not isinstance(error, (OSError, TimeoutError)):
                reason = f"it does not answer as a Dask scheduler ({type(error).__name__}: {reason[:200]})"
            print(f"extrap-segmented run: cannot connect to the Dask scheduler at {arguments.scheduler!r} "
                  f"(--connect-timeout {arguments.connect_timeout:g} s): {reason}", file=sys.stderr)
            return 1
    try:
        with client:
            return _run(client, arguments)
    except (RecoverableError, ExtrapSegmentedError, ValueError) as error:
        print(f"extrap-segmented run: {error}", file=sys.stderr)
        return 1
    finally:
        if cluster is not None:
            cluster.close()


def _modeler(experiment, arguments):
    """Extra-P's model generator for the experiment, with ``--modeler`` and ``--options`` applied as extrap does."""
    from extrap.entities.measurement import Measure
    from extrap.modelers import single_parameter
    from extrap.modelers.abstract_modeler import MultiParameterModeler
    from extrap.modelers.model_generator import ModelGenerator
    from extrap.util.options_parser import SINGLE_PARAMETER_MODELER_KEY, SINGLE_PARAMETER_OPTIONS_KEY

    generator = ModelGenerator(experiment, modeler=arguments.modeler, name=arguments.model_name,
                               use_measure=Measure.from_str(arguments.measure))
    modeler = generator.modeler
    options = arguments.modeler_options
    if isinstance(modeler, MultiParameterModeler) and options:
        single = options.get(SINGLE_PARAMETER_MODELER_KEY)
        if single is not None:
            modeler.single_parameter_modeler = single_parameter.all_modelers[single]()
        for name, value in (options.get(SINGLE_PARAMETER_OPTIONS_KEY) or {}).items():
            if value is not None and modeler.single_parameter_modeler is not None:
                setattr(modeler.single_parameter_modeler, name, value)
    for name, value in options.items():
        if value is not None and name not in (SINGLE_PARAMETER_MODELER_KEY, SINGLE_PARAMETER_OPTIONS_KEY):
            setattr(modeler, name, value)
    return generator


def _run(client, arguments) -> int:
    from extrap.entities.coordinate import Coordinate
    from extrap.entities.experiment import Experiment
    from extrap.entities.metric import Metric
    from extrap.entities.parameter import Parameter
    from extrap.fileio import experiment_io
    from extrap.fileio.output import format_output
    from extrap.util.progress_bar import ProgressBar

    from extrap_segmented.adapters.cube.experiment import RankExperiment
    from extrap_segmented.adapters.cube.reader import CubeRankReader, complete_points_and_metrics, finish_experiment
    from extrap_segmented.adapters.distributed import save, tasks
    from extrap_segmented.adapters.plugin import extrap_internals

    started = time.perf_counter()
    progress = dict(disable=arguments.disable_progress)
    reader = CubeRankReader()
    reader.scaling_type = arguments.scaling_type
    with ProgressBar(desc="Listing files", **progress) as bar:
        files = extrap_internals.find_files_in_directory(reader, arguments.path, "*/[!.]*.cubex", bar)
        names, values = extrap_internals.parameters_from_paths(reader, files, bar)
    # the grouping and repetition order of the in-process readers (the mean depends on the order)
    ordered = sorted(zip(files, values), key=itemgetter(1))
    groups = [(tuple(v), [str(f) for f, _ in grp]) for v, grp in groupby(ordered, key=itemgetter(1))]

    per_rank = arguments.reader == PER_RANK_READER
    # as extrap --cube-ranks: a RankExperiment, saved with its location tables (fetched only for saving)
    experiment = RankExperiment() if per_rank else Experiment()
    experiment.scaling = arguments.scaling_type
    for name in names:
        experiment.add_parameter(Parameter(name))
    generator = _modeler(experiment, arguments)
    reduction = tasks.kernel_reduction(generator.modeler, per_rank)
    # the values as read stay on the workers until the client writes them into the saved file
    keep_values = per_rank and bool(arguments.save_experiment)

    blocks = [client.submit(tasks.read_point, point, group_files, names, arguments.scaling_type.value,
                            arguments.inclusive, reduction, keep_values, pure=False) for point, group_files in groups]
    summaries = client.gather([client.submit(tasks.summarize, b, pure=False) for b in blocks])
    received = sum(len(pickle.dumps(s, protocol=pickle.HIGHEST_PROTOCOL)) for s in summaries)

    metric_order: dict[str, None] = {}
    for summary in summaries:
        metric_order.update(dict.fromkeys(summary.metrics))
    readable = [s for s in summaries if s.metrics]
    for summary in summaries:
        reemit_warnings(summary.warnings)
    presence = {name: {i for i, s in enumerate(readable) if name in s.measurements} for name in metric_order}
    kept_points, kept_metrics = complete_points_and_metrics(presence, [s.point for s in readable], names)
    present = [s for i, s in enumerate(readable) if i in kept_points]
    for summary in present:
        coordinate = Coordinate(summary.point)
        experiment.add_coordinate(coordinate)
        for name in kept_metrics:
            metric = Metric(name)
            for m in summary.measurements[name]:
                m.metric = metric
                experiment.add_measurement(m)
    if not present:
        raise ValueError(f"no readable Cube profile below {arguments.path}")
    with ProgressBar(desc="Reading", **progress) as bar:
        finish_experiment(experiment, len(present), arguments.inclusive, bar)

    modeler = generator.modeler
    remote = copy.copy(modeler)
    if hasattr(remote, "jobs"):
        remote.jobs = 1  # a Dask worker is one process; its parallelism is the cluster's
    point_blocks = [b for b, s in zip(blocks, summaries) if any(s is kept for kept in present)]
    state = {"received": received}
    modeler.model = lambda kernels, progress_bar=None: _model_on_workers(
        client, remote, kernels, point_blocks, reduction is not None, arguments.kernels_per_task, progress_bar,
        state)
    try:
        with ProgressBar(desc="Generating models", **progress) as bar:
            generator.model_all(bar)
    finally:
        del modeler.model

    if arguments.save_experiment:
        path = arguments.save_experiment
        if not os.path.splitext(path)[1]:
            path += ".extra-p"
        with ProgressBar(desc="Saving experiment", **progress) as bar:
            if per_rank:
                state["streamed"] = save.save_rank_experiment(client, experiment, path,
                                                              {s.point: b for b, s in zip(point_blocks, present)},
                                                              {s.point: s.n_locations for s in present}, bar)
            else:
                experiment_io.write_experiment(experiment, path, bar)
    del blocks, point_blocks
    print(format_output(experiment, arguments.print_type))
    if arguments.stats:
        raw = sum(s.raw_bytes for s in summaries)
        kept = sum(s.kept_bytes for s in summaries)
        worker_peaks = sorted(client.run(_peak_rss).values())
        print(f"extrap-segmented run: {len(summaries)} points, {len(files)} files read by "
              f"{len(client.scheduler_info()['workers'])} workers in {time.perf_counter() - started:.2f} s; "
              f"per-rank values read: {raw} bytes; kept for the modeler: {kept} bytes (on the workers); "
              f"sent to the client: {state['received']} bytes; streamed through the client into the saved file: "
              f"{state.get('streamed', 0)} bytes; client peak memory: {_peak_rss()} bytes; "
              f"worker peak memory: {', '.join(map(str, worker_peaks))} bytes", file=sys.stderr)
    return 0


def _peak_rss() -> int:
    """Peak resident memory of this process in bytes (run on the workers too).

    Linux: ``VmHWM``, the high-water mark of this program's own memory. ``ru_maxrss`` would not do: it
    also counts the memory of the process that started this one, as it was when forked (a client started
    by a 240 MB pytest process reported 240 MB whatever it did). Elsewhere ``ru_maxrss`` (macOS: bytes).
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    import resource
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def _chunks(kernels, kernels_per_task: int, workers: int) -> list[list[int]]:
    """Kernel indices in chunks of whole call paths (a Clustered kernel's extra metrics are its siblings)."""
    by_callpath: dict = {}
    for i, measurements in enumerate(kernels):
        by_callpath.setdefault(measurements[0].callpath.name if measurements else None, []).append(i)
    size = kernels_per_task or max(1, math.ceil(len(kernels) / (4 * max(1, workers))))
    chunks, current = [], []
    for indices in by_callpath.values():
        current.extend(indices)
        if len(current) >= size:
            chunks.append(current)
            current = []
    if current:
        chunks.append(current)
    return chunks


def _model_on_workers(client, modeler, kernels, blocks, with_values: bool, kernels_per_task: int, progress_bar,
                      state: dict) -> list:
    """The modeler's ``model`` for Extra-P's model generator: chunks modeled on the workers, results in order."""
    from distributed import as_completed

    from extrap_segmented.adapters.distributed import tasks

    kernels = [list(ms) for ms in kernels]
    chunks = _chunks(kernels, kernels_per_task, len(client.scheduler_info()["workers"]))
    if progress_bar is not None:
        progress_bar.total += len(kernels)
    futures = []
    for chunk in chunks:
        chunk_kernels = [kernels[i] for i in chunk]
        slices = []
        if with_values:
            keys = [(ms[0].callpath.name, ms[0].metric.name) for ms in chunk_kernels if ms]
            slices = [client.submit(tasks.slice_values, block, keys, pure=False) for block in blocks]
        futures.append(client.submit(tasks.model_chunk, modeler, chunk_kernels, *slices, pure=False))
    index = {future.key: n for n, future in enumerate(futures)}
    results: list = [None] * len(futures)
    for future, result in as_completed(futures, with_results=True):
        results[index[future.key]] = result
        state["received"] += len(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
        if progress_bar is not None:
            progress_bar.update(len(chunks[index[future.key]]))
    models: list = [None] * len(kernels)
    for chunk, (chunk_models, records) in zip(chunks, results):
        reemit_warnings(records)
        for i, model in zip(chunk, chunk_models):
            models[i] = model
    return models
