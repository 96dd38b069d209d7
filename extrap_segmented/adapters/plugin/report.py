"""Plugin sections in ``extrap --print all``: the one Extra-P function this package replaces.

Extra-P's text report (``extrap.fileio.io_helper.format_all``, used by ``--print all``,
``all-python`` and ``all-latex``) has no extension point. :func:`install_report_sections`, called
by the plugin registration (never by importing a module), wraps it once; the wrapper asks every
plugin's ``extrap_segmented_kernel_report(experiment, model, parameters)`` hook for a ``(title, text)``
section per kernel and prints it, indented, below the kernel's block. When no plugin returns a
section, the report is Extra-P's, byte for byte.
"""
from __future__ import annotations

from typing import Callable

from extrap_segmented.adapters.plugin import extrap_internals
from extrap_segmented.adapters.plugin.host import PluginHost

HOOK = "extrap_segmented_kernel_report"


def kernel_sections(host: PluginHost, experiment, model) -> list[tuple[str, str]]:
    """The ``(title, text)`` sections the plugins print under one kernel (none for a None model).

    A plugin returning anything but None or a pair of strings loses that section, with a warning
    naming it; the other plugins' sections are printed.
    """
    if model is None:
        return []
    sections = []
    for plugin, section in host.call_each(HOOK, experiment=experiment, model=model,
                                          parameters=experiment.parameters):
        if isinstance(section, tuple) and len(section) == 2 and all(isinstance(s, str) for s in section):
            if section[1]:
                sections.append(section)
        else:
            host.record_failure(plugin, f"hook {HOOK}",
                                TypeError(f"returned {section!r}, expected (title, text) or None"))
    return sections


def insert_sections(text: str, experiment, host: PluginHost) -> str:
    """Inserts every kernel's plugin sections below its block in Extra-P's ``--print all`` text.

    Extra-P prints one block per (call path, metric), each starting with a ``\\tMetric:`` line,
    in the order call paths x metrics. If the text does not have that shape, the sections are
    appended at the end instead, naming their kernel, so nothing is lost.
    """
    if not experiment.modelers:
        return text
    models = experiment.modelers[0].models
    pairs = [(cp, mt) for cp in experiment.callpaths for mt in experiment.metrics]
    sections = [kernel_sections(host, experiment, models.get(pair)) for pair in pairs]
    if not any(sections):
        return text
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith("\tMetric: ")]
    if len(starts) != len(pairs):
        extra = [_title(f"{title} of {cp} / {mt}", "") + _indent(body)
                 for (cp, mt), kernel in zip(pairs, sections) for title, body in kernel]
        return text + "".join(extra)
    ends = [next((k for k in range(start + 1, len(lines)) if not lines[k].startswith("\t\t")), len(lines))
            for start in starts]
    for end, kernel in sorted(zip(ends, sections), key=lambda item: -item[0]):
        for title, body in reversed(kernel):
            lines.insert(end, _title(title) + _indent(body))
    return "".join(lines)


def _title(title: str, indent: str = "\t\t") -> str:
    """A section's title line; like the sections, as the terminal's encoding can show it (a
    ``PYTHONIOENCODING=ascii`` console gets ``d`` for ``δ``, never a lost report)."""
    from extrap_segmented.adapters.console import for_stream
    return for_stream(f"{indent}{title}:\n")


def _indent(body: str) -> str:
    from extrap_segmented.adapters.console import for_stream
    return for_stream("".join(f"\t\t\t{line}\n" for line in body.splitlines()))


def install_report_sections(host: PluginHost) -> None:
    """Wraps Extra-P's ``format_all`` once so that it prints the plugins' kernel sections."""
    def make_wrapper(original: Callable) -> Callable:
        def format_all(experiment, format=None):
            """Extra-P's ``format_all`` (every segment of multi-segment models included) plus the
            plugins' kernel sections."""
            from extrap_segmented.adapters.segmentation.printing import multi_segment_placeholders
            with multi_segment_placeholders(experiment, format) as fill:
                text = fill(original(experiment, format))
            return insert_sections(text, experiment, host)
        return format_all

    extrap_internals.wrap_format_all(make_wrapper)


def uninstall_report_sections() -> None:
    """Restores Extra-P's own ``format_all`` (no-op when it is not wrapped)."""
    extrap_internals.unwrap_format_all()
