"""Hook specifications of the ``extrap.plugins`` entry-point group.

A plugin is a module (or object) named by an entry point in the group ``extrap.plugins``;
it implements any of the hooks below, marked with :data:`hookimpl`::

    # pyproject.toml of a third-party package
    [project.entry-points."extrap.plugins"]
    my-plugin = "my_package.extrap_plugin"

    # my_package/extrap_plugin.py
    from extrap_segmented.adapters.plugin.hookspecs import hookimpl

    @hookimpl
    def extrap_segmented_single_parameter_modelers():
        from my_package.modeler import MyModeler
        return [MyModeler]

Import the classes inside the hook, not at module level: hooks are called right after Extra-P
built the registry in question, and importing Extra-P modules earlier slows every start.
"""
import pluggy

PROJECT_NAME = "extrap_segmented"
ENTRY_POINT_GROUP = "extrap.plugins"

hookspec = pluggy.HookspecMarker(PROJECT_NAME)
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)


@hookspec
def extrap_segmented_single_parameter_modelers():
    """Return a sequence of modeler classes for Extra-P's single-parameter registry.

    Each class subclasses ``extrap.modelers.abstract_modeler.AbstractModeler``, is decorated with
    ``@modeler_options``, has a unique class name and a ``NAME`` users type after ``--modeler``.
    A ``NAME`` already used by an Extra-P built-in replaces it; the built-in stays reachable as
    ``<NAME>-Classic``.
    """


@hookspec
def extrap_segmented_multi_parameter_modelers():
    """Return a sequence of modeler classes for Extra-P's multi-parameter registry (see above)."""


@hookspec
def extrap_segmented_file_readers():
    """Return a sequence of ``extrap.fileio.file_reader.FileReader`` subclasses.

    ``NAME`` becomes an argparse destination (letters, digits and underscores only) and
    ``CMD_ARGUMENT`` a flag of ``extrap``; neither may collide with an existing one.
    """


@hookspec
def extrap_segmented_describe():
    """Return a one-line description of the plugin, shown by ``extrap-segmented --version``."""
