"""``extrap --print all`` with clusters: a ``Clusters:`` block under every clustered kernel's model.

Extra-P's text report has no extension point, so :func:`install_cluster_printing` wraps
``extrap.fileio.io_helper.format_all`` (which ``--print all``, ``all-python`` and ``all-latex``
call). The wrapper returns Extra-P's text unchanged, byte for byte, when no kernel carries a
:class:`~extrap_segmented.adapters.clustering.models.ClusterAnnotation`. Installing is idempotent;
:mod:`extrap_segmented.adapters.clustering.modeler` installs it when imported (which the plugin
registration does), and :func:`uninstall_cluster_printing` restores Extra-P's function.
"""
from __future__ import annotations

from extrap_segmented.adapters.clustering.models import ClusterAnnotation

_MARK = "_extrap_segmented_clusters"


def _kernel_summary(model, parameters) -> str:
    for annotation in getattr(model, "annotations", ()):
        if isinstance(annotation, ClusterAnnotation):
            return annotation.content(parameters=parameters)
    return ""


def insert_cluster_summaries(text: str, experiment) -> str:
    """Inserts every clustered kernel's summary below its block in Extra-P's ``--print all`` text.

    Extra-P prints one block per (call path, metric), each starting with a ``\tMetric:`` line, in
    the order call paths x metrics. If the text does not have that shape, the summaries are
    appended at the end instead, so nothing is lost.
    """
    if not experiment.modelers:
        return text
    models = experiment.modelers[0].models
    pairs = [(cp, mt) for cp in experiment.callpaths for mt in experiment.metrics]
    summaries = [_kernel_summary(models.get(pair), experiment.parameters) for pair in pairs]
    if not any(summaries):
        return text
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith("\tMetric: ")]
    if len(starts) != len(pairs):
        extra = [f"Clusters of {cp} / {mt}:\n" + _indent(s) for (cp, mt), s in zip(pairs, summaries) if s]
        return text + "".join(extra)
    ends = [next((k for k in range(start + 1, len(lines)) if not lines[k].startswith("\t\t")), len(lines))
            for start in starts]
    for end, summary in sorted(zip(ends, summaries), key=lambda item: -item[0]):
        if summary:
            lines.insert(end, "\t\tClusters:\n" + _indent(summary))
    return "".join(lines)


def _indent(summary: str) -> str:
    return "".join(f"\t\t\t{line}\n" for line in summary.splitlines())


def _installed(function) -> bool:
    """True if ``function`` is our wrapper or wraps it (another tool may have wrapped ours)."""
    while function is not None:
        if getattr(function, _MARK, False):
            return True
        function = getattr(function, "__wrapped__", None)
    return False


def install_cluster_printing() -> None:
    """Makes ``extrap --print all`` (and all-python, all-latex) include the cluster summaries.

    Extra-P's text report has no extension point, so its ``format_all`` is wrapped once
    (calling this again does nothing); reports of experiments without clustered models are
    unchanged byte for byte.
    """
    import extrap.fileio.io_helper as io_helper

    original = io_helper.format_all
    if _installed(original):
        return

    def format_all(experiment, format=None):
        return insert_cluster_summaries(original(experiment, format), experiment)

    setattr(format_all, _MARK, True)
    format_all.__wrapped__ = original
    io_helper.format_all = format_all


def uninstall_cluster_printing() -> None:
    """Restores Extra-P's own ``format_all`` (no-op when the wrapper is not installed)."""
    import extrap.fileio.io_helper as io_helper

    if getattr(io_helper.format_all, _MARK, False):
        io_helper.format_all = io_helper.format_all.__wrapped__
