"""One test per Extra-P internal this package relies on (extrap_segmented/adapters/plugin/extrap_internals.py).

Each fails with the internal's name when an Extra-P release changes it; then the accessor in
extrap_internals.py (and only it) needs adapting.
"""
from __future__ import annotations

import ast
import functools
import inspect
import re
import textwrap
from pathlib import Path

import numpy as np
import pytest

from extrap_segmented.adapters.plugin import extrap_internals


@pytest.fixture(autouse=True, scope="module")
def _plugin_active():
    """The internals are used once the plugin is active, as in ``extrap``: registries read, schemas prepared."""
    from extrap_segmented.adapters.plugin.registration import activate
    activate()


# -- the list of internals, derived from the code ------------------------------------------------

PACKAGE = Path(extrap_internals.__file__).resolve().parents[2]
INTERNALS_MODULE = Path(extrap_internals.__file__).resolve()


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _private_names_defined_in(tree: ast.AST) -> set[str]:
    """Private names a class or module of Extra-P defines: methods, class attributes, ``x._y = …``."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and _is_private(node.name):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _is_private(node.attr):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and _is_private(node.id):
            names.add(node.id)
    return names


@functools.lru_cache(maxsize=None)
def _extrap_private_names() -> frozenset[str]:
    """Every private name Extra-P's source defines anywhere."""
    import extrap
    names = set()
    for path in Path(extrap.__file__).parent.rglob("*.py"):
        try:
            names |= _private_names_defined_in(ast.parse(path.read_text(encoding="utf-8")))
        except (SyntaxError, UnicodeDecodeError):
            continue
    return frozenset(names)


def _inherited_extrap_privates(cls: type) -> set[str]:
    """Private names ``cls`` inherits from Extra-P classes (not those a third-party base, e.g.
    marshmallow's ``Field._serialize``, defines as its own extension point)."""
    from_extrap, elsewhere = set(), set()
    for base in cls.__mro__[1:]:
        module = getattr(base, "__module__", "") or ""
        if module.startswith("extrap."):
            try:
                from_extrap |= _private_names_defined_in(ast.parse(textwrap.dedent(inspect.getsource(base))))
            except (OSError, TypeError):
                from_extrap |= {n for n in vars(base) if _is_private(n)}
        elif not module.startswith("extrap_segmented"):
            elsewhere |= {n for n in vars(base) if _is_private(n)}
    return from_extrap - elsewhere


def _extrap_bindings(tree: ast.AST) -> set[str]:
    """Names a module binds to Extra-P modules or objects (``import extrap.x as y``, ``from extrap.x import Y``)."""
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bound |= {(a.asname or a.name).split(".")[0] for a in node.names
                      if a.name == "extrap" or a.name.startswith("extrap.")}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "extrap":
            bound |= {a.asname or a.name for a in node.names}
    return bound


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)


def extrap_internal_uses(path: Path) -> list[tuple[int, str, str, str | None]]:
    """Where the module at ``path`` reaches into Extra-P beyond its public surface, as
    ``(line, enclosing top-level definition, what, name)``, ``name`` set for the uses that count
    only where no class of the package defines that name itself:

    - importing a private name of Extra-P (``from extrap.x import _y``, ``extrap.x._y``);
    - ``self._y``/``super()._y``/a ``_y`` method or class attribute in a class of the package
      where an Extra-P base class defines ``_y`` (overriding or reading its internals);
    - ``obj._y`` (or ``getattr``/``setattr`` with ``"_y"``) on any other object, where Extra-P
      defines ``_y`` and no class of this package does;
    - assigning to or deleting an attribute of an Extra-P module or class (replacing it).
    """
    import importlib
    tree = ast.parse(path.read_text(encoding="utf-8"))
    extrap_names = _extrap_bindings(tree)
    extrap_privates = _extrap_private_names()
    module = None
    uses = []

    def own_class(name):
        nonlocal module
        if module is None:
            module = importlib.import_module(_module_name(path))
        return getattr(module, name, None)

    def check(node, where, inherited):
        for child in ast.walk(node):
            line = getattr(child, "lineno", 0)
            if isinstance(child, ast.ImportFrom) and (child.module or "").split(".")[0] == "extrap":
                parts = [*(child.module or "").split("."), *(a.name for a in child.names)]
                uses.extend((line, where, f"import {child.module}.{p}", None) for p in parts if _is_private(p))
            elif isinstance(child, ast.Import):
                uses.extend([(line, where, f"import {a.name}", None) for a in child.names
                            if a.name.split(".")[0] == "extrap" and any(map(_is_private, a.name.split(".")))])
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and child.name in inherited:
                uses.append((line, where, f"overrides {child.name}", None))
            elif isinstance(child, ast.Attribute) and _is_private(child.attr):
                receiver = child.value
                on_self = (isinstance(receiver, ast.Name) and receiver.id in ("self", "cls")) or (
                    isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name)
                    and receiver.func.id == "super")
                if child.attr in inherited and on_self:
                    uses.append((line, where, f"self.{child.attr}", None))
                elif not on_self and child.attr in extrap_privates:
                    uses.append((line, where, f"{ast.unparse(receiver)}.{child.attr}", child.attr))
            elif (isinstance(child, ast.Call) and isinstance(child.func, ast.Name)
                  and child.func.id in ("getattr", "setattr", "delattr", "hasattr") and len(child.args) > 1
                  and isinstance(child.args[1], ast.Constant) and isinstance(child.args[1].value, str)
                  and child.args[1].value in extrap_privates):
                uses.append((line, where, f"{child.func.id}(…, {child.args[1].value!r})", child.args[1].value))
            if isinstance(child, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
                targets = child.targets if isinstance(child, (ast.Assign, ast.Delete)) else [child.target]
                for target in targets:
                    for part in ast.walk(target):
                        if (isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name)
                                and part.value.id in extrap_names):
                            uses.append((line, where, f"replaces {ast.unparse(part)}", None))
            if (isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and child.func.id in ("setattr", "delattr")
                    and child.args and isinstance(child.args[0], ast.Name) and child.args[0].id in extrap_names):
                uses.append((line, where, f"replaces {ast.unparse(child)}", None))

    for top in tree.body:
        where = getattr(top, "name", None) or next(
            (t.id for t in getattr(top, "targets", []) if isinstance(t, ast.Name)), "<module>")
        if isinstance(top, ast.ClassDef):
            cls = own_class(top.name)
            inherited = _inherited_extrap_privates(cls) if isinstance(cls, type) else set()
            # the class body's own names (class attributes, methods) override the inherited ones too
            for statement in top.body:
                names = ([t.id for t in statement.targets if isinstance(t, ast.Name)] if isinstance(statement, ast.Assign)
                         else [statement.target.id] if isinstance(statement, ast.AnnAssign)
                         and isinstance(statement.target, ast.Name) else [])
                uses += [(statement.lineno, where, f"class attribute {n}", None) for n in names if n in inherited]
            check(top, where, inherited)
        else:
            check(top, where, set())
    return uses


@functools.lru_cache(maxsize=None)
def _uses_by_module() -> dict[Path, list[tuple[int, str, str]]]:
    """:func:`extrap_internal_uses` of every module, less ``obj._name`` where ``_name`` is the
    package's own: a method or class of it, or set on ``self`` where no Extra-P base defines it."""
    paths = sorted(PACKAGE.rglob("*.py"))
    raw = {path: extrap_internal_uses(path) for path in paths}
    own = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and _is_private(node.name):
                own.add(node.name)
            elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _is_private(node.attr)
                  and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                own.add(node.attr)
    own -= {what.split(".", 1)[1] for path, uses in raw.items() if path != INTERNALS_MODULE
            for _, _, what, _ in uses if what.startswith("self.")}
    return {path: [(line, where, what) for line, where, what, name in uses if name is None or name not in own]
            for path, uses in raw.items()}


def test_no_module_but_extrap_internals_reaches_into_extrap():
    """Every use of an Extra-P internal goes through extrap_internals.py (derived from the code:
    a private Extra-P name or a replaced Extra-P attribute anywhere else fails here)."""
    hooks = set(extrap_internals.OPTIONS_WIDGET_HOOKS)  # overridden where the panels are (adapters/gui)
    outside = [f"{path.relative_to(PACKAGE.parent)}:{line} ({where}): {what}"
               for path, uses in _uses_by_module().items() if path != INTERNALS_MODULE
               for line, where, what in uses if what.split()[-1].split(".")[-1] not in hooks]
    assert not outside, "Extra-P internals used outside extrap_internals.py (add an accessor there, " \
                        "list it in INTERNALS and test it here):\n" + "\n".join(outside)


def test_every_definition_of_extrap_internals_that_uses_an_internal_is_listed():
    """INTERNALS names every function/class of extrap_internals.py that touches an Extra-P internal."""
    listed = {accessor: name for name, accessors in extrap_internals.INTERNALS.items() for accessor in accessors}
    missing = sorted({f"{where} (line {line}: {what})" for line, where, what in _uses_by_module()[INTERNALS_MODULE]
                      if where not in listed})
    assert not missing, "uses of Extra-P internals not listed in extrap_internals.INTERNALS:\n" + "\n".join(missing)
    gone = sorted(accessor for accessor in listed if not hasattr(extrap_internals, accessor))
    assert not gone, f"INTERNALS lists what extrap_internals.py does not define: {gone}"


def _slug(name: str) -> str:
    return re.sub(r"[\W_]+", "_", name).strip("_")


def test_every_internal_has_a_test_here():
    """One ``test_internal_<name>…`` per internal; every such test belongs to a listed internal."""
    tests = [name for name in globals() if name.startswith("test_internal_")]
    slugs = {_slug(name): name for name in extrap_internals.INTERNALS}
    untested = [name for slug, name in slugs.items()
                if not any(t == f"test_internal_{slug}" or t.startswith(f"test_internal_{slug}_") for t in tests)]
    assert not untested, f"internals without a test_internal_… test: {untested}"
    orphans = [t for t in tests if not any(t == f"test_internal_{s}" or t.startswith(f"test_internal_{s}_")
                                           for s in slugs)]
    assert not orphans, f"tests of internals that INTERNALS does not list: {orphans}"


def test_internal_CaseInsensitiveStringDict_keeps_its_state_in_instance_attributes():
    registry_type = extrap_internals.registry_type()
    registry = registry_type()
    registry["Segmented"] = int
    assert set(vars(registry)) == {"case_mapping", "data"}, "CaseInsensitiveStringDict changed its state"
    assert extrap_internals.registry_key(registry, "segmented") == "Segmented"
    assert extrap_internals.registry_key(registry, "missing") is None
    from extrap.modelers import single_parameter, multi_parameter
    from extrap.fileio import file_reader
    for registry in (single_parameter.all_modelers, multi_parameter.all_modelers, file_reader.all_readers):
        assert isinstance(registry, registry_type), "an Extra-P registry is no CaseInsensitiveStringDict"


def test_internal_ModelerSchema_subclasses_lists_modeler_schemas_by_class_name():
    names = extrap_internals.modeler_class_names()
    assert "SingleParameterModeler" in names, "ModelerSchema._subclasses changed"
    schema = extrap_internals.modeler_schema_class("SingleParameterModeler")
    assert type(schema().create_object()).__name__ == "SingleParameterModeler"


def test_internal_io_helper_format_all_is_looked_up_at_call_time(monkeypatch):
    import extrap.fileio.io_helper as io_helper
    source = inspect.getsource(io_helper.format_output)
    assert "format_all(experiment)" in source, "io_helper.format_output no longer calls format_all"
    assert list(inspect.signature(io_helper.format_all).parameters) == ["experiment", "format"], \
        "io_helper.format_all changed its signature"


def test_internal_hypothesis_cost_fields_are_what_the_public_properties_return():
    from extrap.entities.functions import SingleParameterFunction
    from extrap.entities.hypotheses import SingleParameterHypothesis
    from extrap.entities.measurement import Measure
    from extrap.entities.terms import CompoundTerm
    hypothesis = SingleParameterHypothesis(SingleParameterFunction(CompoundTerm.create(1, 1, 0)), Measure.MEAN)
    extrap_internals.set_hypothesis_costs(hypothesis, rss=1.0, nrss=2.0, rrss=3.0, re=4.0, smape=5.0, ar2=0.5)
    got = (hypothesis.RSS, hypothesis.nRSS, hypothesis.rRSS, hypothesis.RE, hypothesis.SMAPE, hypothesis.AR2)
    assert got == (1.0, 2.0, 3.0, 4.0, 5.0, 0.5), "hypothesis cost fields (_RSS … _AR2) changed"
    # Extra-P's cost properties raise while _costs_are_calculated is False: reading them above
    # proves the flag was set
    assert extrap_internals.stored_ar2(hypothesis) == 0.5, "hypothesis cost fields: _AR2 is not where AR2 reads"


def test_internal_hypothesis_cost_fields_AR2_is_saved_by_the_mixin_where_the_constant_schema_fixes_it():
    from extrap.entities.hypotheses import ConstantHypothesis, ConstantHypothesisSchema
    from extrap.entities.measurement import Measure
    from extrap.entities.functions import ConstantFunction
    hypothesis = ConstantHypothesis(ConstantFunction(2.0), Measure.MEAN)
    extrap_internals.set_hypothesis_costs(hypothesis, rss=1.0, nrss=2.0, rrss=3.0, re=4.0, smape=5.0, ar2=0.25)
    stock = ConstantHypothesisSchema().dump(hypothesis)
    assert "AR2" not in stock and ConstantHypothesisSchema().load({**stock, "AR2": 0.25}).AR2 == 1, \
        "hypothesis cost fields: Extra-P's constant schema saves AR2 now (the mixin may go)"

    class Schema(extrap_internals.stored_ar2_schema_mixin(), ConstantHypothesisSchema):
        pass
    assert Schema().dump(hypothesis)["AR2"] == 0.25
    assert extrap_internals.stored_ar2(Schema().load(Schema().dump(hypothesis))) == 0.25, \
        "hypothesis cost fields: the mixin no longer keeps the saved AR2"


def test_internal_hypothesis_instance_state_is_copied_by_retype_hypothesis():
    from extrap.entities.hypotheses import ConstantHypothesis
    from extrap.entities.measurement import Measure
    from extrap.entities.functions import ConstantFunction

    class Retyped(ConstantHypothesis):
        pass
    hypothesis = ConstantHypothesis(ConstantFunction(2.0), Measure.MEDIAN)
    extrap_internals.set_hypothesis_costs(hypothesis, rss=1.0, nrss=2.0, rrss=3.0, re=4.0, smape=5.0, ar2=0.25)
    retyped = extrap_internals.retype_hypothesis(hypothesis, Retyped)
    assert type(retyped) is Retyped and type(hypothesis) is ConstantHypothesis
    assert (retyped.function is hypothesis.function and retyped.RSS == 1.0 and retyped.SMAPE == 5.0), \
        "hypothesis instance state: function and costs are no longer instance attributes"
    fresh = ConstantHypothesis(ConstantFunction(2.0), Measure.MEDIAN)
    assert set(vars(retyped)) == set(vars(fresh)), "hypothesis instance state: the hypothesis keeps state elsewhere"
    assert "_use_measure" in vars(fresh), "hypothesis instance state: _use_measure moved"


def test_internal_SegmentedModel_measurements_is_what_the_property_returns():
    from extrap.entities.model import Model, SegmentedModel
    model = SegmentedModel(None, [Model(None), Model(None)], [])
    extrap_internals.store_segmented_measurements(model, ["stored"])
    assert model.measurements == ["stored"], "SegmentedModel._measurements: the measurements property reads elsewhere"
    assert isinstance(inspect.getattr_static(SegmentedModel, "measurements"), property)


def test_internal_CubeFileReader2_call_path_helpers_exist_with_their_signatures():
    from extrap.fileio.file_reader.cube_file_reader2 import CubeFileReader2
    expected = {"_determine_and_add_common_callpaths": ["experiment", "num_points", "pbar"],
                "_merge_callpaths_into_existing_calltree": ["experiment", "to_merge", "pbar"],
                "_delete_callpaths_from_experiment": ["experiment", "to_merge", "pbar"]}
    for name, parameters in expected.items():
        function = getattr(CubeFileReader2, name, None)
        assert function is not None, f"CubeFileReader2.{name} is gone"
        assert len(inspect.signature(function).parameters) == len(parameters), f"CubeFileReader2.{name} changed"


def test_internal_AbstractDirectoryReader_helpers_find_profiles_and_parse_parameters(tmp_path):
    from extrap.util.progress_bar import DUMMY_PROGRESS
    from extrap_segmented.adapters.cube.reader import CubeRankReader
    for name in ("app.p8.r1", "app.p16.r1"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "profile.cubex").write_bytes(b"")
    reader = CubeRankReader()
    files = extrap_internals.find_files_in_directory(reader, tmp_path, "*/[!.]*.cubex", DUMMY_PROGRESS)
    assert sorted(f.parent.name for f in files) == ["app.p16.r1", "app.p8.r1"], \
        "AbstractDirectoryReader._find_files_in_directory changed"
    names, values = extrap_internals.parameters_from_paths(reader, sorted(files), DUMMY_PROGRESS)
    assert list(names) == ["p"] and sorted(v[0] for v in values) == [8.0, 16.0], \
        "AbstractDirectoryReader._determine_parameters_from_paths changed"


def test_internal_extrap_command_line_flags_are_read_from_extrap_itself():
    flags, dests = extrap_internals.command_line_names()
    for flag in ("--help", "--version", "--log", "--logfile", "--scaling", "--keep-values", "--median", "--measure",
                 "--modeler", "--options", "--help-modeler", "--out", "--print", "--save-experiment",
                 "--model-set-name", "--disable-progress"):
        assert flag in flags, f"extrap command-line flags: {flag} not found in extrapcmd/extrapgui"
    assert {"log_level", "log_file", "scaling_type", "modeler", "print_type", "path"} <= dests
    assert "--cube" not in flags, "reader flags are added from the registry, not constants"


def test_internal_BaseSchema_subclasses_context_is_a_dict_looked_up_through_the_instance():
    import inspect as inspect_
    from extrap.entities.experiment import ExperimentSchema
    from extrap.entities.model import ModelSchema
    from extrap.util.serialization_schema import BaseSchema
    for root, name in ((ExperimentSchema, "RankExperiment"), (ModelSchema, "SegmentedModel")):
        entries = root.__dict__["_subclasses"]
        entries = getattr(entries, "entries", entries)
        assert isinstance(entries, dict) and name in entries, f"{root.__name__}._subclasses changed"
    source = inspect_.getsource(BaseSchema.load.__wrapped__) + inspect_.getsource(BaseSchema.dump.__wrapped__)
    assert "self._subclasses[" in source, "BaseSchema no longer dispatches through self._subclasses"


def test_internal_BaseSchema_dump_load_see_every_polymorphic_object():
    """Every ``$type`` is written by ``BaseSchema.dump`` and read by ``BaseSchema.load``."""
    import inspect as inspect_
    from extrap.util.serialization_schema import BaseSchema
    assert getattr(BaseSchema.dump, "extrap_segmented_io", False), "BaseSchema.dump/load: not wrapped"
    dump_source = inspect_.getsource(BaseSchema.dump.__wrapped__)
    load_source = inspect_.getsource(BaseSchema.load.__wrapped__)
    assert "self.type_field" in dump_source and "self.type_field" in load_source, \
        "BaseSchema.dump/load: $type no longer handled there"
    assert BaseSchema.type_field == "$type", "BaseSchema.dump/load: type field renamed"


def test_internal_BaseSchema_subclasses_context_reaches_rank_experiment_schema(tmp_path):
    from extrap.fileio.experiment_io import read_experiment, write_experiment
    from extrap_segmented.adapters.cube.reader import CubeRankReader
    from extrap_segmented.cube.writer import CubeMetric, make_location_table, write_cubex
    for p in (2, 4, 8, 16, 32):
        path = tmp_path / f"app.p{p}.r1" / "profile.cubex"
        path.parent.mkdir()
        values = {"time": np.arange(p, dtype=float)[None, :] + 1.0}
        write_cubex(path, callpaths=["main"], values=values, locations=make_location_table(p),
                    metrics=[CubeMetric("time")])
    experiment = CubeRankReader().read_experiment(tmp_path)
    target = tmp_path / "saved.extra-p"
    write_experiment(experiment, str(target))
    back = read_experiment(str(target))
    measurement = back.measurements[next(iter(back.measurements))][-1]
    assert type(back).__name__ == "RankExperiment"
    np.testing.assert_array_equal(measurement.values, [np.arange(32) + 1.0],
                                  err_msg="BaseSchema._subclasses context: per-location values lost")


def test_internal_BaseSchema_subclasses_registers_plugins_on_a_miss():
    from extrap.entities.model import ModelSchema
    registry = ModelSchema.__dict__.get("_subclasses")
    registry = getattr(registry, "entries", registry)
    assert isinstance(registry, dict), "BaseSchema._subclasses is no dict on the root schema"
    calls = []
    probe = extrap_internals._SchemaRegistry({"A": 1}, lambda: calls.append(1))
    with pytest.raises(KeyError):
        probe["B"]
    with pytest.raises(KeyError):
        probe["B"]
    assert probe["A"] == 1 and calls == [1]


def test_internal_BaseSchema_subclasses_names_the_stock_schemas():
    from extrap.entities.model import ModelSchema, SegmentedModelSchema
    names = extrap_internals.schema_names(ModelSchema)
    assert names.get(SegmentedModelSchema) == "SegmentedModel", "BaseSchema._subclasses: names changed"


def test_relied_on_public_names_keep_their_signatures():
    """Not internals by the rule of extrap_internals.py, but undocumented: checked all the same."""
    from extrap.fileio import file_reader, io_helper
    from extrap.modelers import loader, multi_parameter, single_parameter
    from extrap.modelers.abstract_modeler import MultiParameterModeler
    assert set(extrap_internals.RELIED_ON_PUBLIC) == {
        "extrap.modelers.loader.create_schema", "extrap.fileio.io_helper.create_call_tree",
        "extrap.fileio.io_helper.validate_experiment", "extrap.modelers.multi_parameter.Default",
        "all_modelers/all_readers"}
    assert list(inspect.signature(loader.create_schema).parameters) == ["cls"], \
        "extrap.modelers.loader.create_schema changed"
    tree_parameters = inspect.signature(io_helper.create_call_tree).parameters
    assert list(tree_parameters)[:2] == ["callpaths", "progress_bar"] and "progress_scale" in tree_parameters, \
        "extrap.fileio.io_helper.create_call_tree changed"
    assert list(inspect.signature(io_helper.validate_experiment).parameters)[:2] == ["experiment", "progress_bar"], \
        "extrap.fileio.io_helper.validate_experiment changed"
    assert issubclass(multi_parameter.Default, MultiParameterModeler), "extrap.modelers.multi_parameter.Default changed"
    for module, name in ((single_parameter, "all_modelers"), (multi_parameter, "all_modelers"),
                         (file_reader, "all_readers")):
        assert hasattr(module, name), f"all_modelers/all_readers: {module.__name__}.{name} is gone"


def test_no_module_of_the_package_imports_pycubexr():
    """extrap_internals.py documents that no pycubexr internal (TarInfoWithoutCheck, ...) is used."""
    import ast
    from pathlib import Path
    root = Path(__file__).resolve().parents[3]
    offenders = []
    for folder in ("extrap_segmented",):
        for path in (root / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
                if any(n == "pycubexr" or n.startswith("pycubexr.") for n in names):
                    offenders.append(f"{path.relative_to(root)}:{node.lineno}")
    assert not offenders, f"pycubexr imported (list it in extrap_internals.py): {offenders}"


def test_internal_experiment_io_write_experiment_is_looked_up_at_call_time():
    """The command line calls ``experiment_io.write_experiment``; the GUI binds it at import."""
    import inspect as inspect_
    from extrap.extrap import extrapcmd
    from extrap.fileio import experiment_io
    from extrap_segmented.adapters.plugin.registration import activate
    activate()
    assert "experiment_io.write_experiment(" in inspect_.getsource(extrapcmd), \
        "experiment_io.write_experiment: the command line no longer looks it up in its module"
    assert getattr(experiment_io.write_experiment, "extrap_segmented_atomic", False), \
        "experiment_io.write_experiment: not replaced"
    assert list(inspect_.signature(experiment_io.write_experiment.__wrapped__).parameters)[:2] == \
        ["experiment", "path"], "experiment_io.write_experiment: signature changed"
    source = Path(inspect_.getsourcefile(experiment_io)).parent.parent / "gui" / "MainWidget.py"
    assert "import read_experiment, write_experiment" in source.read_text(), \
        "experiment_io.write_experiment: the GUI no longer imports it by name"


def test_internal_ModelGenerator_model_all_runs_callbacks_with_the_generator():
    """``model_all`` is where the CLI, GUI and scripts model, and the generator knows the experiment."""
    import inspect as inspect_
    from extrap.modelers.model_generator import ModelGenerator
    seen = []
    extrap_internals.before_model_all(seen.append)
    extrap_internals.before_model_all(seen.append)  # idempotent
    original = getattr(ModelGenerator.model_all, "__wrapped__", ModelGenerator.model_all)
    assert list(inspect_.signature(original).parameters) == ["self", "progress_bar"], \
        "ModelGenerator.model_all: signature changed"
    assert "self._modeler.model(" in inspect_.getsource(original), "ModelGenerator.model_all: no longer models"
    from extrap.fileio.text_file_reader import read_text_file
    from pathlib import Path
    series = Path(__file__).resolve().parents[3] / "fixtures" / "series" / "mpi_collectives.txt"
    generator = ModelGenerator(read_text_file(str(series)))
    generator.model_all()
    assert seen == [generator]
    ModelGenerator.model_all.extrap_segmented_callbacks.remove(seen.append)


def test_internal_io_helper_create_call_tree_while_loading_is_looked_up_at_call_time():
    import inspect as inspect_
    from extrap.entities.experiment import ExperimentSchema
    from extrap.fileio import io_helper
    assert "io_helper.create_call_tree(" in inspect_.getsource(ExperimentSchema.postprocess_object), \
        "io_helper.create_call_tree while loading: no longer called through its module"
    original = io_helper.create_call_tree
    with extrap_internals.call_tree_builder(lambda callpaths: ("built", len(callpaths))):
        assert io_helper.create_call_tree([1, 2, 3]) == ("built", 3)
    assert io_helper.create_call_tree is original


def _saved(path) -> tuple[dict, dict, list]:
    """Members (name -> bytes) of a saved experiment, the experiment read back, and its values in kernel order."""
    import zipfile
    from extrap.fileio.experiment_io import read_experiment
    with zipfile.ZipFile(path) as file:
        members = {name: file.read(name) for name in file.namelist()}
    experiment = read_experiment(str(path))
    values = [(key, m.coordinate.as_tuple(), m.values) for key, ms in experiment.measurements.items() for m in ms]
    return members, experiment, values


def test_internal_experiment_io_file_layout_is_what_write_experiment_streaming_writes(tmp_path):
    """Saving with values streamed in writes what Extra-P's ``write_experiment`` writes (same members, same
    bytes with Extra-P's 1 GiB buffer); with a small buffer the values are split into more members and read
    back the same."""
    import warnings
    from extrap.fileio import experiment_io
    from extrap.fileio.values_io import ValueWriter
    from extrap_segmented.adapters.cube.reader import CubeRankReader

    fixtures = Path(__file__).resolve().parents[3] / "fixtures" / "cube"
    reader = CubeRankReader()
    reader.scaling_type = "weak"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        experiment = reader.read_experiment(fixtures / "gather-switch-p")
    stock = tmp_path / "stock.extra-p"
    experiment_io.write_experiment(experiment, str(stock))
    assert ValueWriter(None).max_memory_size == 1 << 30, "experiment_io file layout: ValueWriter's buffer changed"

    def streamed(buffer_bytes: int):
        pairs = []
        for measurements in experiment.measurements.values():
            for m in measurements:
                pairs.append((m, m.values))
                m.values = None
        path = tmp_path / f"streamed{buffer_bytes}.extra-p"
        try:
            extrap_internals.write_experiment_streaming(experiment, str(path), iter(pairs), buffer_bytes)
            assert all(m.values is None for m, _ in pairs), "the measurements' values were not detached again"
        finally:
            for m, values in pairs:
                m.values = values
        return _saved(path)

    stock_members, stock_experiment, stock_values = _saved(stock)
    members, _, values = streamed(1 << 30)
    assert members == stock_members, "experiment_io file layout: write_experiment writes other members or bytes"
    small_members, small_experiment, small_values = streamed(4096)
    assert len([n for n in small_members if n.endswith(".vals")]) > 3 > len([n for n in members if n.endswith(".vals")])
    assert type(small_experiment).__name__ == "RankExperiment"
    assert small_experiment.location_tables == stock_experiment.location_tables
    assert len(small_values) == len(stock_values) > 50
    for (key, point, got), (stock_key, stock_point, expected) in zip(small_values, stock_values):
        assert (key, point) == (stock_key, stock_point) and got.dtype == expected.dtype
        np.testing.assert_array_equal(got, expected)


@pytest.mark.gui
def test_internal_ModelerWidget_ModelerOptionsWidget_is_looked_up_at_call_time():
    import extrap.gui.ModelerWidget as modeler_widget
    from extrap.gui.ModelerOptionsWidget import ModelerOptionsWidget
    assert modeler_widget.ModelerOptionsWidget is ModelerOptionsWidget or getattr(
        modeler_widget.ModelerOptionsWidget, "extrap_segmented_gui", False)
    # a global name read when a modeler is selected (not bound elsewhere), called (parent, modeler)
    assert "ModelerOptionsWidget" in modeler_widget.ModelerWidget._modeler_selected.__code__.co_names, \
        "ModelerWidget._modeler_selected no longer builds the panel through the module name ModelerOptionsWidget"
    assert list(inspect.signature(ModelerOptionsWidget.__init__).parameters)[:3] == ["self", "parent", "modeler"]


@pytest.mark.gui
def test_internal_MainWidget_ImportOptionsDialog_is_looked_up_at_call_time():
    import extrap.gui.MainWidget as main_widget
    from extrap.gui.ImportOptionsDialog import ImportOptionsDialog
    assert main_widget.ImportOptionsDialog is ImportOptionsDialog or getattr(
        main_widget.ImportOptionsDialog, "extrap_segmented_gui", False)
    # a global name read when a reader's import runs (the nested functions of _make_import_func)
    # and when the strong-scaling conversion re-reads, called (parent, reader, path)
    source = inspect.getsource(main_widget.MainWidget._make_import_func)
    assert "ImportOptionsDialog(self, reader, path)" in source, \
        "MainWidget._make_import_func no longer builds the dialog through the module name ImportOptionsDialog"
    assert "ImportOptionsDialog(self, reader, path)" in inspect.getsource(main_widget.MainWidget._check_and_convert_scaling)
    # what the main window uses of the dialog, which our dialog provides
    for used in ("dialog.exec()", "dialog.experiment"):
        assert used in source, f"MainWidget._make_import_func no longer uses {used}"
    assert list(inspect.signature(ImportOptionsDialog.__init__).parameters) == ["self", "parent", "reader", "path"]


@pytest.mark.gui
def test_internal_GraphWidget_create_context_menu_returns_the_menu():
    from extrap.gui.GraphWidget import GraphWidget
    method = inspect.unwrap(GraphWidget.create_context_menu)
    assert list(inspect.signature(method).parameters) == ["self"], "GraphWidget.create_context_menu changed"
    assert "QMenu" in str(inspect.signature(method).return_annotation), "create_context_menu no longer returns a QMenu"
    assert "create_context_menu" in inspect.getsource(GraphWidget), "GraphWidget no longer builds its menu there"


@pytest.mark.gui
def test_internal_DynamicOptionsWidget_hooks_keep_their_signatures():
    base = extrap_internals.options_widget_base()
    for name, parameters in extrap_internals.OPTIONS_WIDGET_HOOKS.items():
        method = getattr(base, name, None)
        assert method is not None, f"DynamicOptionsWidget.{name} is gone"
        names = [p for p in inspect.signature(method).parameters if p != "self"]
        assert tuple(names) == parameters, f"DynamicOptionsWidget.{name}{tuple(names)} changed"
    form = base.__mro__[1]
    assert form is extrap_internals.reader_options_widget_base(), "ModelerOptionsWidget is no DynamicOptionsWidget"
    for caller, called in (("_create_options", "_determine_label"), ("_create_options", "_determine_field"),
                           ("_determine_field", "_check_and_apply"), ("init_ui", "reset_options")):
        assert called in inspect.getsource(getattr(form, caller)), f"DynamicOptionsWidget.{caller} no longer calls {called}"


def test_internal_io_helper_validate_experiment_is_every_reader_s_last_step_looked_up_at_call_time():
    """Extra-P's readers call ``io_helper.validate_experiment`` (looked up in its module) on the
    experiment they built; the plugin checks the parameter values there first."""
    import inspect as inspect_
    from extrap.fileio import io_helper
    from extrap.fileio.file_reader import all_readers
    assert getattr(io_helper.validate_experiment, "extrap_segmented_checked", False), \
        "io_helper.validate_experiment: not replaced"
    assert list(inspect_.signature(io_helper.validate_experiment.__wrapped__).parameters)[:1] == ["experiment"]
    stock = [r for r in dict(all_readers).values() if r.__module__.startswith("extrap.")]
    assert {r.NAME for r in stock} >= {"text", "json", "cube", "talpas"}
    for reader in stock:
        if reader.NAME == "jsonlines":
            continue  # its module-level function does it: checked below
        source = inspect_.getsource(inspect_.getmodule(reader))
        assert "io_helper.validate_experiment(" in source, f"{reader.NAME}: no longer calls validate_experiment"


def test_internal_reader_read_experiment_is_wrapped_once_for_every_reader(tmp_path):
    from extrap.fileio.experiment_io import ExperimentReader
    from extrap.fileio.file_reader import all_readers
    from extrap.util.exceptions import InvalidExperimentError
    for reader in [*dict(all_readers).values(), ExperimentReader]:
        method = reader.read_experiment
        assert getattr(method, "extrap_segmented_checked", False), f"{reader.__name__}.read_experiment not wrapped"
        assert not getattr(method.__wrapped__, "extrap_segmented_checked", False), "wrapped twice"
        assert list(inspect.signature(method.__wrapped__).parameters)[:2] == ["self", "path"], reader.__name__
    data = tmp_path / "strings.json"
    data.write_text('{"parameters": ["p"], "measurements": {"a": {"time": [{"point": ["8"], "values": [1.0]}]}}}')
    with pytest.raises(InvalidExperimentError, match=rf"^{tmp_path}/strings.json: parameter p has the text '8'"):
        all_readers["json"]().read_experiment(str(data))


def test_internal_ValueWriter_write_values_reference_is_the_chunk_the_array_is_written_in(tmp_path, monkeypatch):
    """Saved per-rank values beyond Extra-P's chunk size read back as saved (Extra-P 4.2.5 gives the array
    that fills a chunk the next chunk's number: it then reads another measurement's values)."""
    import warnings
    from extrap.fileio import experiment_io
    from extrap.fileio.values_io import ValueWriter
    from extrap_segmented.adapters.cube.reader import CubeRankReader

    original_init = ValueWriter.__init__

    def small_chunks(self, *args, **kwargs):  # a chunk every ~3 arrays instead of every GiB
        original_init(self, *args, **kwargs)
        self.max_memory_size = 3 * (128 + 16 * 8)

    monkeypatch.setattr(ValueWriter, "__init__", small_chunks)
    assert getattr(ValueWriter.write_values, "extrap_segmented_fixed", False), "ValueWriter.write_values: not fixed"
    fixtures = Path(__file__).resolve().parents[3] / "fixtures" / "cube"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        experiment = CubeRankReader().read_experiment(fixtures / "gather-switch-p")
    saved = {(key, m.coordinate.as_tuple()): m.values.copy() for key, ms in experiment.measurements.items()
             for m in ms}
    target = tmp_path / "saved.extra-p"
    experiment_io.write_experiment(experiment, str(target))
    back = experiment_io.read_experiment(str(target))
    read = {(key, m.coordinate.as_tuple()): m.values for key, ms in back.measurements.items() for m in ms}
    assert read.keys() == saved.keys()
    wrong = [key for key in saved if not np.array_equal(read[key], saved[key])]
    assert not wrong, f"{len(wrong)} of {len(saved)} arrays read back other values, e.g. {wrong[:2]}"

    # Extra-P's own method, for the record: the array that fills a chunk gets the next chunk's number
    writer = ValueWriter.__new__(ValueWriter)
    small_chunks(writer, None)
    writer.write_to_file = lambda: None
    references = [ValueWriter.write_values.__wrapped__(writer, np.zeros(16)) for _ in range(3)]
    assert references[-1] == (1, 2), "ValueWriter.write_values: Extra-P changed its references (fixed upstream?)"
