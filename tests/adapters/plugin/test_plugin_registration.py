"""The plugin mechanism, exercised the way users meet it: fresh interpreters with the start-up hook."""
from __future__ import annotations

import itertools
import json
import textwrap
from pathlib import Path

import pytest

from conftest import run_python

DUMMY_PLUGIN = '''
from extrap_segmented import hookimpl


@hookimpl
def extrap_segmented_single_parameter_modelers(extrap_version):
    from extrap.modelers.modeler_options import modeler_options
    from extrap.modelers.single_parameter.basic import SingleParameterModeler
    assert extrap_version.startswith("4.")

    @modeler_options
    class DummyPluginRefiningModeler(SingleParameterModeler):
        NAME = "Dummy-Refining"
        DESCRIPTION = "test plugin modeler"
        dummy_threshold = modeler_options.add(0.25, float, "a test option")

    def thief(name):
        @modeler_options
        class Thief(SingleParameterModeler):
            NAME = name
        Thief.__name__ = Thief.__qualname__ = f"Thief{name}Modeler"
        return Thief

    @modeler_options
    class OptedInAdaptiveModeler(SingleParameterModeler):
        NAME = "Adaptive"
        EXTRAP_REPLACES_BUILTIN = True  # explicit opt-in: Extra-P's stays as Adaptive-Classic

    # A bad entry among good ones costs only itself; names of Extra-P and of other plugins stay.
    return [42, DummyPluginRefiningModeler, thief("Default"), thief("Segmented"), thief("Refining"),
            OptedInAdaptiveModeler]


@hookimpl
def extrap_segmented_file_readers():
    from extrap.fileio.file_reader.text_file_reader import TextFileReader

    class DummyPluginTextReader(TextFileReader):
        NAME = "dummy_text"
        CMD_ARGUMENT = "--dummy-text"
        GUI_ACTION = "Open &dummy text file"
        DESCRIPTION = "test plugin reader"

    class CollidingReader(TextFileReader):
        NAME = "colliding"
        CMD_ARGUMENT = "--text"
        GUI_ACTION = "never shown"

    return [DummyPluginTextReader, CollidingReader]
'''

BROKEN_PLUGIN = "raise ImportError('this plugin is broken on purpose')\n"

# Loads, but its hooks return garbage or raise: it must cost nothing but its own contributions.
BAD_HOOKS_PLUGIN = '''
from extrap_segmented import hookimpl


@hookimpl
def extrap_segmented_single_parameter_modelers():
    return 42


@hookimpl
def extrap_segmented_multi_parameter_modelers():
    raise RuntimeError("multi-parameter hook broken on purpose")


@hookimpl
def extrap_segmented_file_readers():
    return "not a list"
'''


def make_distribution(root: Path, dist_name: str, module_name: str, source: str) -> Path:
    """A second, test-only distribution: a module plus dist-info declaring an extrap.plugins entry point."""
    (root / f"{module_name}.py").write_text(source)
    dist_info = root / f"{dist_name}-1.0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist_name}\nVersion: 1.0\n")
    (dist_info / "entry_points.txt").write_text(f"[extrap.plugins]\n{dist_name} = {module_name}\n")
    return root


@pytest.fixture
def plugin_dists(tmp_path):
    make_distribution(tmp_path, "dummy-extrap-plugin", "dummy_extrap_plugin", DUMMY_PLUGIN)
    make_distribution(tmp_path, "broken-extrap-plugin", "broken_extrap_plugin", BROKEN_PLUGIN)
    make_distribution(tmp_path, "aaa-bad-hooks-plugin", "aaa_bad_hooks_plugin", BAD_HOOKS_PLUGIN)
    return tmp_path


def extrap_help(pythonpath=None, env_extra=None):
    return run_python("import sys; from extrap.extrap import extrapcmd; sys.argv = ['extrap']; "
                      "extrapcmd.main(['--help'])", pythonpath=pythonpath, env_extra=env_extra)


def test_interpreter_start_imports_neither_numpy_nor_extrap():
    result = run_python("import sys; print(json.dumps([m in sys.modules for m in "
                        "('numpy', 'extrap', 'pluggy', 'extrap_segmented.adapters.plugin.autoload')]))".replace(
                            "import sys;", "import sys, json;"))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [False, False, False, True]


def test_second_distribution_is_discovered_and_broken_one_only_warns(plugin_dists):
    result = extrap_help(pythonpath=[plugin_dists])
    assert result.returncode == 0, result.stderr
    assert "--dummy-text" in result.stdout and "--cube-ranks" in result.stdout
    assert "dummy-refining" in result.stdout and "refining-classic" not in result.stdout
    assert "broken-extrap-plugin" in result.stderr and "broken on purpose" in result.stderr
    # The reader whose flag collides with Extra-P's --text is refused with a message, not registered.
    assert "'--text' collides" in result.stderr
    assert "never shown" not in result.stdout


def test_plugins_take_no_name_they_must_not_and_bad_hooks_cost_only_their_own(plugin_dists):
    code = textwrap.dedent("""
        import json, warnings
        warnings.simplefilter("always")
        with warnings.catch_warnings(record=True) as caught:
            from extrap.modelers import single_parameter, multi_parameter
            from extrap.modelers.abstract_modeler import ModelerSchema
            from extrap.fileio.file_reader import all_readers
            names = [k.lower() for k in single_parameter.all_modelers]
            list(multi_parameter.all_modelers), list(all_readers)  # registration happens on first read
        modelers = single_parameter.all_modelers
        print(json.dumps({
            "dummy": modelers["dummy-refining"].__name__,
            "default": modelers["default"].__module__,
            "segmented": modelers["segmented"].__module__,
            "refining": modelers["refining"].__name__,
            "classic": modelers["Segmented-Classic"].__name__,
            "adaptive": [modelers["adaptive"].__name__, modelers["Adaptive-Classic"].__name__],
            "ours": ["Clustered" in multi_parameter.all_modelers, "cube_ranks" in all_readers],
            "duplicates": len(names) != len(set(names)),
            "schema": "DummyPluginRefiningModeler" in ModelerSchema._subclasses,
            "options": sorted(modelers["dummy-refining"].OPTIONS),
            "warnings": [str(w.message) for w in caught if "extrap-segmented" in str(w.message)],
        }))
    """)
    result = run_python(code, pythonpath=[plugin_dists])
    assert result.returncode == 0, result.stderr
    info = json.loads(result.stdout.strip().splitlines()[-1])
    assert info["dummy"] == "DummyPluginRefiningModeler"
    assert info["default"] == "extrap.modelers.single_parameter.basic"
    assert info["segmented"] == "extrap_segmented.adapters.segmentation.modeler"
    assert info["refining"] == "RefiningModeler"
    assert info["classic"] == "SegmentedModeler"
    assert info["adaptive"][0] == "OptedInAdaptiveModeler" and info["adaptive"][1] != "OptedInAdaptiveModeler"
    assert info["ours"] == [True, True]
    assert info["duplicates"] is False and info["schema"] is True
    assert "dummy_threshold" in info["options"]
    problems = "\n".join(info["warnings"])
    for expected in ("plugin 'dummy-extrap-plugin' failed (registering 42)",
                     "'Default' is Extra-P's default and cannot be replaced",
                     "'Segmented' is already registered by plugin 'extrap-segmented'",
                     "'Refining' is taken by Extra-P's built-in RefiningModeler; choose another NAME, or "
                     "declare EXTRAP_REPLACES_BUILTIN = True",
                     "plugin 'aaa-bad-hooks-plugin' failed (hook extrap_segmented_single_parameter_modelers): "
                     "TypeError: returned 42",
                     "multi-parameter hook broken on purpose",
                     "returned 'not a list'"):
        assert expected in problems, problems
    assert "plugin 'extrap-segmented' failed" not in problems


def test_plugin_modeler_options_are_in_help_modeler(plugin_dists):
    result = run_python("from extrap.extrap import extrapcmd; extrapcmd.main(['--help-modeler', 'dummy-refining'])",
                        pythonpath=[plugin_dists])
    assert "a test option" in result.stdout, result.stdout + result.stderr


REGISTRY_IMPORTS = [
    "import extrap.modelers.single_parameter",
    "import extrap.modelers.multi_parameter",
    "import extrap.fileio.file_reader",
    "import extrap.extrap.extrapcmd",
    "from extrap.modelers.model_generator import ModelGenerator",
]


@pytest.mark.parametrize("order", list(itertools.permutations(REGISTRY_IMPORTS[:3])) + [REGISTRY_IMPORTS[3:]])
def test_registration_happens_whatever_the_import_order(plugin_dists, order):
    code = "\n".join(order) + textwrap.dedent("""
        import sys
        from extrap.modelers import single_parameter, multi_parameter
        from extrap.fileio.file_reader import all_readers
        print("dummy_text" in all_readers, single_parameter.all_modelers["dummy-refining"].__name__,
              any(type(f).__name__ == "RegistryWatcher" for f in sys.meta_path))
    """)
    result = run_python(code, pythonpath=[plugin_dists])
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "DummyPluginRefiningModeler", "False"]


def test_disabled_hook_leaves_extrap_untouched_until_activate(plugin_dists):
    code = textwrap.dedent("""
        from extrap.modelers import single_parameter
        before = "dummy-refining" in single_parameter.all_modelers
        import extrap_segmented
        extrap_segmented.activate()
        print(before, single_parameter.all_modelers["dummy-refining"].__name__)
    """)
    result = run_python(code, pythonpath=[plugin_dists], env_extra={"EXTRAP_SEGMENTED_DISABLE": "1"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "DummyPluginRefiningModeler"]


def test_version_command_lists_plugins_and_problems(plugin_dists):
    result = run_python("from extrap_segmented.adapters.cli import main; main([])", pythonpath=[plugin_dists])
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "extrap-segmented " in out and "Extra-P 4." in out
    assert "dummy-extrap-plugin [dummy-extrap-plugin 1.0]" in out
    assert "Dummy-Refining (--modeler dummy-refining)" in out and "dummy_text (--dummy-text)" in out
    assert "broken-extrap-plugin" in out and "broken on purpose" in out
    # this package's readers, each with its flag and class
    assert "cube_ranks (--cube-ranks)" in out and "caliper (--caliper)" in out
    assert "extrap_segmented.adapters.caliper.reader.CaliperFileReader" in out


@pytest.mark.parametrize("first_import", ["extrap_segmented.adapters.cube.reader",
                                          "extrap_segmented.adapters.caliper.reader",
                                          "extrap_segmented.adapters.clustering.modeler"])
def test_importing_a_plugin_module_first_still_registers_it(first_import):
    # The plugin module imports Extra-P; registration must wait until that module is complete.
    code = textwrap.dedent(f"""
        import warnings
        warnings.simplefilter("error", RuntimeWarning)
        import {first_import}
        from extrap.fileio.file_reader import all_readers
        from extrap.modelers import single_parameter, multi_parameter
        print("cube_ranks" in all_readers, "caliper" in all_readers, "Clustered" in single_parameter.all_modelers,
              "Clustered" in multi_parameter.all_modelers)
    """)
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "True", "True", "True"]


def test_start_up_hook_stops_watching_registry_modules_extrap_does_not_have(tmp_path):
    import types
    import warnings
    from extrap_segmented.adapters.plugin.autoload import RegistryWatcher
    (tmp_path / "modelers" / "single_parameter").mkdir(parents=True)
    (tmp_path / "modelers" / "single_parameter" / "__init__.py").write_text("")
    watcher = RegistryWatcher()
    spec = types.SimpleNamespace(submodule_search_locations=[str(tmp_path)])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        watcher._drop_missing(spec)
    assert watcher.pending == {"extrap.modelers.single_parameter"}
    messages = " ".join(str(w.message) for w in caught)
    assert "extrap.modelers.multi_parameter" in messages and "extrap.fileio.file_reader" in messages


REPORT_PLUGIN = '''
from extrap_segmented import hookimpl


@hookimpl
def extrap_segmented_kernel_report(experiment, model):
    return "Extra", f"{len(experiment.callpaths)} call paths; {model.callpath}"
'''

BAD_REPORT_PLUGIN = '''
from extrap_segmented import hookimpl


@hookimpl
def extrap_segmented_kernel_report():
    return 42
'''

PRINT_ALL = textwrap.dedent("""
    import warnings
    from extrap.entities.callpath import Callpath
    from extrap.entities.coordinate import Coordinate
    from extrap.entities.experiment import Experiment
    from extrap.entities.measurement import Measurement
    from extrap.entities.metric import Metric
    from extrap.entities.parameter import Parameter
    from extrap.fileio import io_helper
    from extrap.modelers.model_generator import ModelGenerator
    from extrap.modelers import single_parameter
    warnings.simplefilter("always")
    experiment = Experiment()
    experiment.add_parameter(Parameter("p"))
    experiment.add_metric(Metric("time"))
    experiment.add_callpath(Callpath("main"))
    for p in (2, 4, 8, 16, 32):
        experiment.add_coordinate(Coordinate(p))
        experiment.add_measurement(Measurement(Coordinate(p), Callpath("main"), Metric("time"), [p * 1.0]))
    ModelGenerator(experiment, single_parameter.all_modelers["Default"]()).model_all()
    print(io_helper.format_output(experiment, "all"), end="")
""")


def test_report_sections_come_from_plugin_hooks_with_arguments_and_bad_ones_only_warn(tmp_path):
    make_distribution(tmp_path, "report-extrap-plugin", "report_extrap_plugin", REPORT_PLUGIN)
    make_distribution(tmp_path, "bad-report-extrap-plugin", "bad_report_extrap_plugin", BAD_REPORT_PLUGIN)
    stock = run_python(PRINT_ALL, env_extra={"EXTRAP_SEGMENTED_DISABLE": "1"})
    result = run_python(PRINT_ALL, pythonpath=[tmp_path])
    assert stock.returncode == 0 and result.returncode == 0, stock.stderr + result.stderr
    # exact: both processes run Extra-P's own Default modeler on the same arrays on this CPU
    assert result.stdout == stock.stdout + "\t\tExtra:\n\t\t\t1 call paths; main\n"
    assert "plugin 'bad-report-extrap-plugin' failed (hook extrap_segmented_kernel_report)" in result.stderr
    assert "returned 42" in result.stderr and "plugin 'report-extrap-plugin' failed" not in result.stderr


def test_importing_the_modules_replaces_no_extrap_function():
    """The report wrapper is installed by registration, never as a side effect of an import."""
    code = textwrap.dedent("""
        from extrap.fileio import io_helper
        original = io_helper.format_all
        import extrap_segmented.adapters.clustering.modeler, extrap_segmented.adapters.clustering.report
        import extrap_segmented.adapters.cube.reader, extrap_segmented.adapters.segmentation.modeler
        print(io_helper.format_all is original)
        import extrap_segmented
        extrap_segmented.activate()
        print(io_helper.format_all is original, io_helper.format_all.__wrapped__ is original)
    """)
    result = run_python(code, env_extra={"EXTRAP_SEGMENTED_DISABLE": "1"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "False", "True"]


def test_start_up_hook_installed_after_extrap_stops_watching_missing_registry_modules():
    """Late installation (Extra-P imported already) must not leave the finder for a module that moved."""
    code = textwrap.dedent("""
        import os, sys, warnings
        import extrap  # before the finder: started with the hook disabled, installed late
        del os.environ["EXTRAP_SEGMENTED_DISABLE"]
        from extrap_segmented.adapters.plugin import autoload
        autoload.REGISTRY_MODULES = autoload.REGISTRY_MODULES + ("extrap.modelers.moved_away",)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            watcher = autoload.install()
        print(sorted(watcher.pending) == sorted(autoload.REGISTRY_MODULES[:3]),
              any("extrap.modelers.moved_away" in str(w.message) for w in caught))
    """)
    result = run_python(code, env_extra={"EXTRAP_SEGMENTED_DISABLE": "1"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "True"]
