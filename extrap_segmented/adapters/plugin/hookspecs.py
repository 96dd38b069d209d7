"""Hook specifications of the ``extrap.plugins`` entry-point group.

A plugin is a module (or object) named by an entry point in the group ``extrap.plugins``;
it implements any of the hooks below, marked with :data:`hookimpl`::

    # pyproject.toml of a third-party package
    [project.entry-points."extrap.plugins"]
    my-plugin = "my_package.extrap_plugin"

    # my_package/extrap_plugin.py
    from extrap_segmented import hookimpl

    @hookimpl
    def extrap_segmented_single_parameter_modelers(extrap_version):
        from my_package.modeler import MyModeler
        return [MyModeler]

Import the classes inside the hook, not at module level: hooks are called when Extra-P first
reads the registry in question, and importing Extra-P modules earlier slows every start.

Every hook is called through pluggy with keyword arguments; an implementation may accept fewer
of them (pluggy passes only the ones it names), so specifications can grow without breaking
plugins. Each plugin's implementation is called and checked on its own: a plugin that raises or
returns something unusable loses its own contributions only, with a warning naming it.
"""
from typing import Optional, Sequence

import pluggy

PROJECT_NAME = "extrap_segmented"
ENTRY_POINT_GROUP = "extrap.plugins"

hookspec = pluggy.HookspecMarker(PROJECT_NAME)
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)


@hookspec
def extrap_segmented_single_parameter_modelers(extrap_version: str) -> Sequence[type]:
    """Return a sequence of modeler classes for Extra-P's single-parameter registry.

    Each class subclasses ``extrap.modelers.abstract_modeler.AbstractModeler``, is decorated with
    ``@modeler_options``, has a unique class name and a ``NAME`` users type after ``--modeler``.
    ``NAME`` must not be taken already: only this package's own plugin replaces an Extra-P
    built-in (``Segmented``; the built-in stays reachable as ``Segmented-Classic``), and
    ``Default`` is never replaced.

    Args:
        extrap_version: version of the running Extra-P, e.g. ``"4.2.5"``.
    """


@hookspec
def extrap_segmented_multi_parameter_modelers(extrap_version: str) -> Sequence[type]:
    """Return a sequence of modeler classes for Extra-P's multi-parameter registry (see above)."""


@hookspec
def extrap_segmented_file_readers(extrap_version: str) -> Sequence[type]:
    """Return a sequence of ``extrap.fileio.file_reader.FileReader`` subclasses.

    ``NAME`` becomes an argparse destination (letters, digits and underscores only) and
    ``CMD_ARGUMENT`` a flag of ``extrap``; neither may collide with an existing one.
    """


@hookspec
def extrap_segmented_describe() -> str:
    """Return a one-line description of the plugin, shown by ``extrap-segmented --version``."""


@hookspec
def extrap_segmented_kernel_report(experiment, model, parameters) -> Optional[tuple[str, str]]:
    """Return ``(title, text)`` to print under a kernel's model in ``extrap --print all``, or None.

    Args:
        experiment: the Extra-P ``Experiment`` being printed.
        model: the kernel's Extra-P ``Model`` (of the experiment's first model set); its
            ``callpath`` and ``metric`` name the kernel.
        parameters: the experiment's ``Parameter`` list.

    The host prints ``title:`` and the indented ``text`` below the kernel's block; reports in
    which no plugin returns a section are Extra-P's, byte for byte.
    """
