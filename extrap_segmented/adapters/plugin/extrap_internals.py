"""Every Extra-P internal this package relies on, in one place.

Rule: Extra-P's *public* surface is what its own extension points document and its own plugins
use — subclassing ``AbstractModeler``/``FileReader``/``Model``/``Annotation`` and their schemas,
``modeler_options``, the entity classes and their public methods, and the module-level names
without a leading underscore that Extra-P's own modelers and readers call in the same way
(:data:`RELIED_ON_PUBLIC`). Everything else is an *internal*: a private (underscore) attribute or
method, the type of a registry object, a function replaced at run time, a class attribute
replaced at run time, the source of a module read as data. Each internal is reached only through
a function of this module (call sites never touch it directly), and
``tests/adapters/plugin/test_extrap_internals.py`` has one test per internal that fails, naming
it, when an Extra-P release changes it (and one for the relied-on public names, whose
undocumented signatures could change too). docs/plugins.md lists what Extra-P would need
upstream so that this module could be empty.

pycubexr: no internal is used any more. The Cube reader of ``extrap_segmented/cube`` reads the
tar archive itself (its own ``tarfile.TarInfo`` subclass instead of pycubexr's
``TarInfoWithoutCheck``); the core may not import adapters, so a test checks that no module of
the package imports pycubexr at all.

Pinned: ``extrap>=4.2.5,<4.3`` (pyproject.toml).
"""
from __future__ import annotations

import ast
import contextlib
import functools
import importlib.util
import json
import sys
from pathlib import Path
from typing import Callable, Iterable, Optional

#: Internals, by the name the tests and messages use, each with the functions, classes and constants
#: of this module that reach it. tests/adapters/plugin/test_extrap_internals.py derives from the code
#: which of them touch Extra-P's private names or replace its attributes, fails when one of those is
#: not listed here (or when any other module of the package does so), and needs one test named
#: ``test_internal_<name>…`` per internal.
INTERNALS = {
    # type of Extra-P's registries, made lazy at start-up
    "CaseInsensitiveStringDict": ("registry_type", "registry_key"),
    # schema registry: class names already taken
    "ModelerSchema._subclasses": ("modeler_class_names", "modeler_schema_class"),
    # the one patched function: report sections
    "io_helper.format_all": ("wrap_format_all", "unwrap_format_all"),
    # _RSS … _AR2, _costs_are_calculated
    "hypothesis cost fields": ("HYPOTHESIS_COST_FIELDS", "set_hypothesis_costs", "stored_ar2",
                               "stored_ar2_schema_mixin"),
    # a hypothesis's whole state (function, _use_measure, costs) is its instance dict
    "hypothesis instance state": ("retype_hypothesis",),
    # where SegmentedModel's measurements property keeps its value (our setter reassigns segments)
    "SegmentedModel._measurements": ("store_segmented_measurements",),
    # common call paths of all points, as --cube does
    "CubeFileReader2 call-path helpers": ("common_callpaths", "merge_callpaths", "delete_callpaths"),
    # file search and parameter parsing of directory names
    "AbstractDirectoryReader helpers": ("find_files_in_directory", "parameters_from_paths"),
    # argparse flags/dests, read from extrapcmd/extrapgui
    "extrap command-line flags": ("COMMAND_LINE_MODULES", "command_line_names", "_add_argument_calls"),
    # sub-schemas get the dispatching schema's context
    "BaseSchema._subclasses context": ("_ContextPassingSubclasses", "_BoundSubclasses", "pass_schema_context"),
    # schema registries: plugins registered on a miss, names of the stock schemas
    "BaseSchema._subclasses": ("_SchemaRegistry", "on_missing_schema", "registered_schema", "schema_names",
                               "schema_root"),
    # plugin types saved beside their nearest stock type
    "BaseSchema.dump/load": ("wrap_schema_io", "unwrap_schema_io"),
    # saving made atomic (CLI and GUI call sites)
    "experiment_io.write_experiment": ("wrap_write_experiment",),
    # modelers learn the experiment's parameter names first
    "ModelGenerator.model_all": ("before_model_all",),
    # linear call tree for saved deep experiments
    "io_helper.create_call_tree while loading": ("call_tree_builder",),
    # saving with values streamed in (extrap-segmented run)
    "experiment_io file layout": ("_References", "write_experiment_streaming"),
    # saved per-rank values: the flushing array's reference fixed
    "ValueWriter.write_values reference": ("fix_value_writer_references",),
    # GUI: the options panel class the modeler dock creates
    "ModelerWidget.ModelerOptionsWidget": ("replace_modeler_options_widget",),
    # GUI: the import dialog class of readers with options
    "MainWidget.ImportOptionsDialog": ("replace_import_options_dialog",),
    # GUI: the plot's context menu, extended by our kernel plot
    "GraphWidget.create_context_menu": ("extend_graph_context_menu",),
    # GUI: _create_options/_determine_label/_determine_field/_check_and_apply/reset_options,
    # overridden by the panels of adapters/gui (the only Extra-P names used outside this module)
    "DynamicOptionsWidget hooks": ("OPTIONS_WIDGET_HOOKS", "options_widget_base", "reader_options_widget_base"),
    # every reader's last step: parameter values checked first
    "io_helper.validate_experiment": ("wrap_validate_experiment",),
    # readers' errors from those checks name the file
    "reader read_experiment": ("wrap_readers",),
}

#: Public by the rule above (no underscore; Extra-P's own modelers and readers call them the same
#: way) but undocumented; used directly by the call sites, their signatures tested all the same.
RELIED_ON_PUBLIC = (
    "extrap.modelers.loader.create_schema",            # schema of a modeler's options (modelers)
    "extrap.fileio.io_helper.create_call_tree",        # call tree of a read experiment (Cube reader)
    "extrap.fileio.io_helper.validate_experiment",     # Extra-P's checks of a read experiment (Cube reader)
    "extrap.modelers.multi_parameter.Default",         # Extra-P's multi-parameter modeler (clustering)
    "all_modelers/all_readers",                        # the registries as module attributes
)


# -- registries ------------------------------------------------------------------------------

def registry_type() -> type:
    """Extra-P's registry class (``extrap.util.extension_loader.CaseInsensitiveStringDict``).

    Its instances are made lazy by changing their class to a subclass (no other state), which
    relies on the class keeping its data in ``data``/``case_mapping`` instance attributes.
    """
    from extrap.util.extension_loader import CaseInsensitiveStringDict
    return CaseInsensitiveStringDict


def registry_key(registry, name: str) -> Optional[str]:
    """The key under which ``registry`` stores ``name`` (case-insensitively), or None."""
    try:
        return registry.resolve_key(name)
    except KeyError:
        return None


class _SchemaRegistry(dict):
    """A ``BaseSchema._subclasses`` dict that, on a miss, registers the plugins and looks again."""

    def __init__(self, entries, on_miss):
        super().__init__(entries)
        self.on_miss = on_miss

    def __missing__(self, key):
        on_miss, self.on_miss = self.on_miss, None  # once: a second miss is a real one
        if on_miss is not None:
            on_miss()
            if dict.__contains__(self, key):
                return dict.__getitem__(self, key)
        raise KeyError(key)


def on_missing_schema(callback: Callable[[], None]) -> None:
    """Makes Extra-P's polymorphic schema registries call ``callback`` on their first miss.

    ``BaseSchema.load`` looks the saved ``$type`` up in ``<root schema>._subclasses`` (one dict
    per direct ``BaseSchema`` subclass: models, modelers, functions, annotations, experiments).
    Opening a saved experiment reads no plugin registry, so the classes (and schemas) of the
    plugins may not be imported yet; ``callback`` imports them. Roots defined later are wrapped
    by a later call.
    """
    from extrap.util.serialization_schema import BaseSchema
    for root in BaseSchema.__subclasses__():
        holder = root.__dict__.get("_subclasses")
        descriptor = holder if isinstance(holder, _ContextPassingSubclasses) else None
        registry = descriptor.entries if descriptor else holder
        if isinstance(registry, dict) and not isinstance(registry, _SchemaRegistry):
            wrapped = _SchemaRegistry(registry, callback)
            if descriptor:
                descriptor.entries = wrapped
            else:
                root._subclasses = wrapped


def modeler_class_names() -> frozenset[str]:
    """Class names that already have a modeler schema (saved experiments key schemas by them)."""
    from extrap.modelers.abstract_modeler import ModelerSchema
    return frozenset(ModelerSchema._subclasses)


def modeler_schema_class(class_name: str) -> Optional[type]:
    """The modeler schema registered for ``class_name``, or None."""
    from extrap.modelers.abstract_modeler import ModelerSchema
    return ModelerSchema._subclasses.get(class_name)


# -- text report -----------------------------------------------------------------------------

def wrap_format_all(make_wrapper: Callable[[Callable], Callable]) -> None:
    """Replaces ``extrap.fileio.io_helper.format_all`` by ``make_wrapper(original)`` (idempotent).

    ``io_helper.format_output`` looks ``format_all`` up in its module at call time, which is
    what makes ``--print all`` (and all-python, all-latex) pick the wrapper up. The wrapper is
    marked so that wrapping again does nothing.
    """
    import extrap.fileio.io_helper as io_helper
    function = io_helper.format_all
    while function is not None:
        if getattr(function, "extrap_segmented_report", False):
            return
        function = getattr(function, "__wrapped__", None)
    original = io_helper.format_all
    wrapper = make_wrapper(original)
    wrapper.extrap_segmented_report = True
    wrapper.__wrapped__ = original
    io_helper.format_all = wrapper


def unwrap_format_all() -> None:
    """Restores Extra-P's own ``format_all`` (no-op when it is not wrapped)."""
    import extrap.fileio.io_helper as io_helper
    if getattr(io_helper.format_all, "extrap_segmented_report", False):
        io_helper.format_all = io_helper.format_all.__wrapped__


# -- saving ------------------------------------------------------------------------------------

def fix_value_writer_references() -> None:
    """Makes ``extrap.fileio.values_io.ValueWriter.write_values`` return the right reference (idempotent).

    Extra-P 4.2.5's writer keeps arrays until 1 GiB is pending, then writes them as one chunk; the
    array whose write triggers that flush is written in the chunk being closed, but its reference
    carries the next chunk's number. So an experiment with more than 1 GiB of kept values (per-rank
    Cube data) saved one array per GiB that reads back another measurement's values, or cannot be
    read at all. The reference is taken before the write: the chunk the array goes into.
    """
    from extrap.fileio.values_io import ValueWriter
    original = ValueWriter.write_values
    if getattr(original, "extrap_segmented_fixed", False):
        return

    def write_values(self, values):
        chunk = self.chunk_index
        _, index = original(self, values)
        return chunk, index

    write_values.extrap_segmented_fixed = True
    write_values.__wrapped__ = original
    ValueWriter.write_values = write_values

def wrap_write_experiment(make_wrapper: Callable[[Callable], Callable]) -> None:
    """Replaces ``extrap.fileio.experiment_io.write_experiment`` by ``make_wrapper(original)``
    (idempotent), where the command line looks it up (in its module, at call time) and where the
    GUI does (``extrap.gui.MainWidget`` binds the name at import: replaced once that is imported).
    Importing ``experiment_io`` here could run into Extra-P's own import cycles, so only an
    imported module is changed; registries call this again at their first read.
    """
    experiment_io = sys.modules.get("extrap.fileio.experiment_io")
    current = getattr(experiment_io, "write_experiment", None)
    if current is None:  # not (fully) imported yet: a later call, at a registry's first read, does it
        return
    if not getattr(current, "extrap_segmented_atomic", False):
        wrapper = make_wrapper(current)
        wrapper.extrap_segmented_atomic = True
        wrapper.__wrapped__ = current
        experiment_io.write_experiment = current = wrapper
    main_widget = sys.modules.get("extrap.gui.MainWidget")
    bound = getattr(main_widget, "write_experiment", None)
    if bound is not None and not getattr(bound, "extrap_segmented_atomic", False):
        main_widget.write_experiment = current


class _References:
    """The value writer the schema sees once the values are written: each measurement's ``values``
    already is its (chunk, index) reference."""

    @staticmethod
    def write_values(reference):
        return reference


def write_experiment_streaming(experiment, path, measurement_values: Iterable, buffer_bytes: int,
                               progress_bar=None) -> None:
    """Extra-P's ``write_experiment``, with the measurements' values taken from an iterable.

    ``measurement_values`` yields ``(measurement, values)`` pairs (ndarrays; the measurements' own
    ``values`` stay None), and None where the arrays so far may be written out: each array is handed
    to Extra-P's ``ValueWriter`` when it arrives, and the writer is flushed to the file at each None
    and whenever ``buffer_bytes`` are pending, so no more than that (plus the
    caller's own batch) is in memory, where Extra-P's writer buffers up to 1 GiB and needs every array
    in memory beforehand. (Its own flush at 1 GiB gives the array that triggers it a wrong reference:
    see ``tests/adapters/plugin/test_extrap_internals.py``.) Then the experiment is serialised by Extra-P's ``ExperimentSchema`` with each
    measurement's reference into the value files. Internal: the layout of Extra-P's
    ``write_experiment`` (a zip of ``EXPERIMENT_DATA_FILE`` and the ``ValueWriter``'s members, its
    compression settings, ``ValueWriter.max_memory_size``), replicated here. Errors as Extra-P's:
    ``FileFormatError`` for an unserialisable experiment, ``RecoverableError`` for I/O.
    """
    import zipfile

    from marshmallow import ValidationError

    from extrap.entities.experiment import ExperimentSchema
    from extrap.fileio.experiment_io import EXPERIMENT_DATA_FILE
    from extrap.fileio.values_io import ValueWriter
    from extrap.util.exceptions import FileFormatError, RecoverableError
    from extrap.util.progress_bar import DUMMY_PROGRESS

    progress_bar = progress_bar or DUMMY_PROGRESS
    references = []
    try:
        with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1,
                             allowZip64=True) as file:
            writer = ValueWriter(file)
            # flushed here, never inside write_values: Extra-P 4.2.5's writer returns the *next* chunk's
            # number for the array whose write triggers a flush (its reference then reads another array)
            writer.max_memory_size = float("inf")
            pending = 0
            for item in measurement_values:
                if item is None:  # the caller's batch is complete: its arrays need not stay in memory
                    writer.flush()
                    pending = 0
                    continue
                measurement, values = item
                references.append((measurement, writer.write_values(values)))
                pending += values.nbytes
                if pending >= buffer_bytes:
                    writer.flush()
                    pending = 0
                progress_bar.update(0)
            writer.flush()
            for measurement, reference in references:
                measurement.values = reference
            schema = ExperimentSchema()
            schema.set_progress_bar(progress_bar)
            schema.set_value_io(_References())
            try:
                data = schema.dump(experiment)
            except ValidationError as error:
                raise FileFormatError(str(error)) from error
            # the text schema.dumps would return (json.dumps, default separators), written one top-level
            # entry at a time: never the whole text at once, and json's C encoder (json.dump's is Python)
            with file.open(EXPERIMENT_DATA_FILE, "w") as member:
                for n, (key, value) in enumerate(data.items()):
                    member.write(f"{'{' if n == 0 else ', '}{json.dumps(key)}: {json.dumps(value)}".encode())
                member.write(b"}" if data else b"{}")
    except (IOError, zipfile.BadZipFile) as error:
        raise RecoverableError(str(error)) from error
    finally:
        for measurement, _ in references:
            measurement.values = None


# -- reading ------------------------------------------------------------------------------------

def wrap_validate_experiment(make_wrapper: Callable[[Callable], Callable]) -> None:
    """Replaces ``extrap.fileio.io_helper.validate_experiment``, which every reader of Extra-P
    4.2.5 calls (looked up in its module at call time) on the experiment it built, by
    ``make_wrapper(original)`` (idempotent)."""
    from extrap.fileio import io_helper
    current = io_helper.validate_experiment
    if not getattr(current, "extrap_segmented_checked", False):
        wrapper = functools.wraps(current)(make_wrapper(current))
        wrapper.extrap_segmented_checked = True
        io_helper.validate_experiment = wrapper


def wrap_readers(make_wrapper: Callable[[Callable], Callable]) -> None:
    """Replaces ``read_experiment`` of every reader class in Extra-P's reader registry (and of
    ``ExperimentReader``, ``--experiment``) by ``make_wrapper(original)``, called as a method;
    idempotent, and a method a reader inherits from a wrapped one is not wrapped twice."""
    from extrap.fileio.experiment_io import ExperimentReader
    from extrap.fileio.file_reader import all_readers
    for reader in [*dict(all_readers).values(), ExperimentReader]:
        current = getattr(reader, "read_experiment", None)
        if current is None or getattr(current, "extrap_segmented_checked", False):
            continue
        wrapper = functools.wraps(current)(make_wrapper(current))
        wrapper.extrap_segmented_checked = True
        reader.read_experiment = wrapper


# -- call trees ---------------------------------------------------------------------------------

@contextlib.contextmanager
def call_tree_builder(build: Callable[[list], object]):
    """While the block runs, ``io_helper.create_call_tree(callpaths, …)`` is ``build(callpaths)``.

    ``ExperimentSchema.postprocess_object`` (loading a saved experiment) looks the function up in
    its module at call time; Extra-P's is recursive and cubic in the call-tree depth.
    """
    from extrap.fileio import io_helper
    original = io_helper.create_call_tree
    io_helper.create_call_tree = lambda callpaths, *args, **kwargs: build(callpaths)
    try:
        yield
    finally:
        io_helper.create_call_tree = original


# -- modeling ----------------------------------------------------------------------------------

def before_model_all(callback: Callable[[object], None]) -> None:
    """Runs ``callback(model_generator)`` at the start of every ``ModelGenerator.model_all``
    (idempotent per callback). Extra-P gives a modeler measurements only; the generator knows the
    experiment (parameter names), and ``model_all`` is what the CLI, the GUI and scripts call."""
    from extrap.modelers.model_generator import ModelGenerator
    current = ModelGenerator.model_all
    callbacks = getattr(current, "extrap_segmented_callbacks", None)
    if callbacks is None:
        original = current
        callbacks = []

        @functools.wraps(original)
        def model_all(self, *args, **kwargs):
            for before in callbacks:
                before(self)
            return original(self, *args, **kwargs)
        model_all.extrap_segmented_callbacks = callbacks
        ModelGenerator.model_all = model_all
    if callback not in callbacks:
        callbacks.append(callback)


# -- hypotheses ------------------------------------------------------------------------------

HYPOTHESIS_COST_FIELDS = ("_RSS", "_nRSS", "_rRSS", "_RE", "_SMAPE", "_AR2", "_costs_are_calculated")


def set_hypothesis_costs(hypothesis, *, rss: float, nrss: float, rrss: float, re: float, smape: float,
                         ar2: float) -> None:
    """Stores costs computed elsewhere on an Extra-P hypothesis (it has no public setter).

    Extra-P computes them in ``compute_cost``; the vectorized search already has them, and
    ``_costs_are_calculated`` keeps Extra-P from computing them again.
    """
    hypothesis._RSS, hypothesis._nRSS, hypothesis._rRSS = rss, nrss, rrss
    hypothesis._RE, hypothesis._SMAPE, hypothesis._AR2 = re, smape, ar2
    hypothesis._costs_are_calculated = True


def stored_ar2(hypothesis) -> float:
    """The adjusted R² stored on ``hypothesis`` (``_AR2``), which a subclass's ``AR2`` may return
    where Extra-P's class returns a constant."""
    return hypothesis._AR2


@functools.lru_cache(maxsize=None)
def stored_ar2_schema_mixin() -> type:
    """A mixin for a hypothesis schema (put before the Extra-P schema among the bases) that saves
    and loads the stored adjusted R² (``_AR2``), which ``ConstantHypothesisSchema`` reads back as 1."""
    from extrap.util.serialization_schema import NumberField

    class StoredAR2:
        _AR2 = NumberField(data_key="AR2")
    return StoredAR2


def retype_hypothesis(hypothesis, cls: type):
    """A hypothesis of class ``cls`` (a subclass of ``hypothesis``'s) with the same state.

    Extra-P's hypotheses keep all of it (function, ``_use_measure``, the cost fields) in the
    instance dict; ``hypothesis`` is left unchanged (the dict is copied, its values shared).
    """
    result = cls.__new__(cls)
    result.__dict__.update(hypothesis.__dict__)
    return result


# -- models --------------------------------------------------------------------------------------

def store_segmented_measurements(model, measurements) -> None:
    """Stores ``measurements`` where the getter of ``SegmentedModel.measurements`` reads them
    (``_measurements``), for a subclass that replaces only the setter."""
    model._measurements = measurements


# -- Cube directory reading ------------------------------------------------------------------

def find_files_in_directory(reader, path, pattern: str, progress_bar) -> list:
    """``AbstractDirectoryReader._find_files_in_directory``: the profiles below ``path``."""
    return reader._find_files_in_directory(path, pattern, progress_bar)


def parameters_from_paths(reader, files, progress_bar) -> tuple[list, list]:
    """``AbstractDirectoryReader._determine_parameters_from_paths``: parameter names and values."""
    return reader._determine_parameters_from_paths(files, progress_bar)


def common_callpaths(experiment, points: int, progress_bar):
    """``CubeFileReader2._determine_and_add_common_callpaths``: call paths missing at some points."""
    from extrap.fileio.file_reader.cube_file_reader2 import CubeFileReader2
    return CubeFileReader2._determine_and_add_common_callpaths(experiment, points, progress_bar)


def merge_callpaths(experiment, to_merge, progress_bar) -> None:
    """``CubeFileReader2._merge_callpaths_into_existing_calltree`` (exclusive values)."""
    from extrap.fileio.file_reader.cube_file_reader2 import CubeFileReader2
    CubeFileReader2._merge_callpaths_into_existing_calltree(experiment, to_merge, progress_bar)


def delete_callpaths(experiment, to_merge, progress_bar) -> None:
    """``CubeFileReader2._delete_callpaths_from_experiment`` (inclusive values)."""
    from extrap.fileio.file_reader.cube_file_reader2 import CubeFileReader2
    CubeFileReader2._delete_callpaths_from_experiment(experiment, to_merge, progress_bar)


# -- command line ----------------------------------------------------------------------------

COMMAND_LINE_MODULES = ("extrap.extrap.extrapcmd", "extrap.extrap.extrapgui")


@functools.lru_cache(maxsize=None)
def command_line_names() -> tuple[frozenset[str], frozenset[str]]:
    """Flags and argparse destinations ``extrap`` and ``extrap-gui`` define besides the readers.

    Extra-P builds its parsers inside ``main()``, so they are read from the two modules' source
    (``add_argument`` calls with constant strings); the reader flags, which Extra-P adds from the
    registry, are not constants and so not included.

    Returns:
        ``(flags, destinations)``.
    """
    flags, dests = set(), set()
    for module in COMMAND_LINE_MODULES:
        origin = importlib.util.find_spec(module).origin
        for call in _add_argument_calls(ast.parse(Path(origin).read_text(encoding="utf-8"))):
            names = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            flags.update(n for n in names if n.startswith("-"))
            dest = next((k.value.value for k in call.keywords if k.arg == "dest"
                         and isinstance(k.value, ast.Constant)), None)
            if dest is None and names:
                long = next((n for n in names if n.startswith("--")), names[0])
                dest = long.lstrip("-").replace("-", "_")
            if dest:
                dests.add(dest)
    return frozenset(flags), frozenset(dests)


def _add_argument_calls(tree: ast.AST) -> Iterable[ast.Call]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_argument":
            yield node


# -- schemas of saved experiments -------------------------------------------------------------

class _ContextPassingSubclasses:
    """Descriptor for ``<root schema>._subclasses``: looked up through a schema instance, it
    hands out sub-schemas that share that instance's ``context``.

    Extra-P's ``BaseSchema.load``/``dump`` create the sub-schema of a saved ``$type`` with
    ``self._subclasses[name]()`` and pass no context on, but per-location values are written and
    read through ``context['value_io']`` — by the experiment's measurements and by measurements
    nested in models (the change points of segmented models). Looked up on the class
    (``__init_subclass__`` registering a schema) it is the plain registry.
    """

    def __init__(self, entries: dict):
        self.entries = entries

    def __get__(self, instance, owner):
        if instance is None:
            return self.entries
        return _BoundSubclasses(self.entries, instance)


class _BoundSubclasses:
    """``_subclasses`` as seen from one schema instance (see :class:`_ContextPassingSubclasses`)."""

    def __init__(self, entries: dict, schema):
        self._entries = entries
        self._schema = schema

    def __getitem__(self, name: str) -> Callable[[], object]:
        schema_class = self._entries[name]
        context = self._schema.context

        def create():
            schema = schema_class()
            schema.context = context  # the same dict: value I/O and progress bar of the caller
            return schema
        return create

    def __contains__(self, name) -> bool:
        return name in self._entries

    def __iter__(self):
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


def pass_schema_context() -> None:
    """Makes every polymorphic root schema give its context to the sub-schemas it dispatches to
    (idempotent; roots defined later are handled by a later call)."""
    from extrap.util.serialization_schema import BaseSchema
    for root in BaseSchema.__subclasses__():
        registry = root.__dict__.get("_subclasses")
        if isinstance(registry, dict):
            root._subclasses = _ContextPassingSubclasses(registry)


def schema_root(schema_class: type) -> Optional[type]:
    """The direct ``BaseSchema`` subclass ``schema_class`` belongs to (None for other schemas)."""
    from extrap.util.serialization_schema import BaseSchema
    for cls in schema_class.__mro__:
        if BaseSchema in cls.__bases__:
            return cls
    return None


def schema_names(root: type) -> dict[type, str]:
    """The ``$type`` name of every schema class registered under ``root`` (the plain registry)."""
    return {cls: name for name, cls in root._subclasses.items()}


def registered_schema(root: type, name: str) -> Optional[type]:
    """The schema class saved files name ``name`` under ``root`` (registering plugins on a miss)."""
    try:
        return root._subclasses[name]
    except KeyError:
        return None


def wrap_schema_io(on_dump: Callable, on_load: Callable) -> None:
    """Routes every polymorphic schema's ``dump`` result through ``on_dump(schema, result)`` and
    its ``load`` input through ``on_load(schema, data)`` (idempotent).

    ``BaseSchema.dump``/``load`` are where Extra-P writes and reads ``$type``; they run for the
    experiment, every model, hypothesis, function, annotation and modeler, nested or not.
    """
    from extrap.util.serialization_schema import BaseSchema
    if getattr(BaseSchema.dump, "extrap_segmented_io", False):
        return
    original_dump, original_load = BaseSchema.dump, BaseSchema.load

    @functools.wraps(original_dump)
    def dump(self, obj, **kwargs):
        return on_dump(self, original_dump(self, obj, **kwargs))

    @functools.wraps(original_load)
    def load(self, data, **kwargs):
        return original_load(self, on_load(self, data), **kwargs)

    dump.extrap_segmented_io = load.extrap_segmented_io = True
    BaseSchema.dump, BaseSchema.load = dump, load


def unwrap_schema_io() -> None:
    """Restores Extra-P's own ``BaseSchema.dump``/``load`` (no-op when they are not wrapped)."""
    from extrap.util.serialization_schema import BaseSchema
    if getattr(BaseSchema.dump, "extrap_segmented_io", False):
        BaseSchema.dump, BaseSchema.load = BaseSchema.dump.__wrapped__, BaseSchema.load.__wrapped__


# -- GUI -------------------------------------------------------------------------------------

#: Methods of Extra-P's options form that our panel overrides (all take ``self`` and the names
#: below): laying out the options, the label and the input of one option, applying a value.
OPTIONS_WIDGET_HOOKS = {
    "init_ui": ("layout", "has_parent_options"),
    "_create_options": ("layout", "options"),
    "_determine_label": ("option",),
    "_determine_field": ("option",),
    "_check_and_apply": ("option", "value"),
    "reset_options": (),  # the "Reset options to defaults" button (connected in init_ui)
}


def options_widget_base() -> type:
    """Extra-P's ``ModelerOptionsWidget``, whose :data:`OPTIONS_WIDGET_HOOKS` our panel overrides
    (Extra-P offers no other way to add tooltips, enabling rules or collapsible groups)."""
    from extrap.gui.ModelerOptionsWidget import ModelerOptionsWidget
    return ModelerOptionsWidget


def reader_options_widget_base() -> type:
    """Extra-P's ``DynamicOptionsWidget`` (the form of a reader's options in its import dialog),
    whose :data:`OPTIONS_WIDGET_HOOKS` our import dialog's form overrides."""
    from extrap.gui.components.dynamic_options import DynamicOptionsWidget
    return DynamicOptionsWidget


def replace_modeler_options_widget(make_factory: Callable[[type], Callable]) -> None:
    """Replaces the name ``ModelerOptionsWidget`` in ``extrap.gui.ModelerWidget`` (idempotent).

    ``ModelerWidget._modeler_selected`` looks that name up at call time to build the options
    panel of the selected modeler; the factory returns our panel for our modelers and Extra-P's
    own for every other.
    """
    import extrap.gui.ModelerWidget as modeler_widget
    current = modeler_widget.ModelerOptionsWidget
    if getattr(current, "extrap_segmented_gui", False):
        return
    modeler_widget.ModelerOptionsWidget = make_factory(current)


def replace_import_options_dialog(make_factory: Callable[[type], Callable]) -> None:
    """Replaces the name ``ImportOptionsDialog`` in ``extrap.gui.MainWidget`` (idempotent).

    ``MainWidget._make_import_func`` and ``_check_and_convert_scaling`` look that name up at call
    time to build the import dialog of a reader with options, ``(parent, reader, path)``; the
    factory returns our dialog for our readers and Extra-P's own for every other.
    """
    import extrap.gui.MainWidget as main_widget
    current = main_widget.ImportOptionsDialog
    if getattr(current, "extrap_segmented_gui", False):
        return
    main_widget.ImportOptionsDialog = make_factory(current)


def extend_graph_context_menu(add_actions: Callable[[object, object], None]) -> None:
    """Wraps ``GraphWidget.create_context_menu`` so that ``add_actions(graph, menu)`` adds entries
    (idempotent). Extra-P builds the plot's right-click menu there and returns it."""
    from extrap.gui.GraphWidget import GraphWidget
    original = GraphWidget.create_context_menu
    if getattr(original, "extrap_segmented_gui", False):
        return

    @functools.wraps(original)
    def create_context_menu(self):
        menu = original(self)
        if menu is not None:
            add_actions(self, menu)
        return menu
    create_context_menu.extrap_segmented_gui = True
    GraphWidget.create_context_menu = create_context_menu
