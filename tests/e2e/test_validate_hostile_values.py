"""Data safety, round 3 (issue 29) for expectations: no value, expression or parameter name gets a
silent pass or unbounded time and memory, wherever it is given -- ``--expect``, the TOML file
(expectation, deviation, bounds, search exponents, parameter, fix, rules, targets), Extra-P's
``--options`` of the Expectation modeler, a baseline file. Each case exits 2 (``extrap``: 1) in
bounded time with one message naming the file, option, value or parameter.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

from extrap_segmented.adapters.expectations.validate_cli import run

ROOT = Path(__file__).resolve().parents[2]
SERIES = ROOT / "fixtures" / "series" / "mpi_collectives.txt"
BIN = Path(sys.executable).parent
ENTRY = '[[expectation]]\nname = "Gather"\ncallpath = "MPI_Gather"\n'
SECONDS = 20  # each run: the hostile ones took minutes or never ended


def invoke(argv, capsys):
    began = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        code = run([str(a) for a in argv])
    assert time.perf_counter() - began < SECONDS
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "unexpected; please report it" not in captured.err, captured.err
    return code, captured.out, captured.err


def _toml(tmp_path, text):
    path = tmp_path / "e.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _extrap(*args, env_extra=None, timeout=120) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "EXTRAP_SEGMENTED_DISABLE"}
    env.update(env_extra or {})
    return subprocess.run([str(BIN / "extrap"), *map(str, args), "--disable-progress"], capture_output=True,
                          text=True, timeout=timeout, env=env)


# -- expressions out of range ----------------------------------------------------------------

OUT_OF_RANGE = [
    ("O(p^1e308)", "exponent 1e+308 is out of range"),
    ("O(p^1e6)", "exponent 1000000 is out of range"),
    ("O(p^100000)", "exponent 100000 is out of range"),
    ("O(p^65)", "exponent 65 is out of range"),
    ("O(log^1000 p)", "exponent 1000 is out of range"),
    ("O(2^(1e9 p))", "exponent 1000000000 is out of range"),
    ("O(p^1e-9)", "is finer than 1/10,000"),
    ("O(1e99999999 p)", "number 1e99999999 is out of range"),
    ("O(" + "(" * 5000 + "p" + ")" * 5000 + ")", "longer than 1000 characters"),
    ("O(" + "(" * 60 + "p" + ")" * 60 + ")", "more than 50 nested parentheses"),
    ("O(0)", "the expression is zero"),
    ("O(0 * p)", "the expression is zero"),
]


@pytest.mark.parametrize("text, message", OUT_OF_RANGE, ids=[t[:20] for t, _ in OUT_OF_RANGE])
def test_out_of_range_expectation_on_the_command_line(capsys, text, message):
    code, out, err = invoke(["--text", SERIES, "--expect", text], capsys)
    assert code == 2 and message in err and out == ""


@pytest.mark.parametrize("key", ["expectation", "deviation", "upper_bound", "lower_bound"])
@pytest.mark.parametrize("text, message", [("p^100000", "exponent 100000 is out of range"),
                                           ("p^(1/99991)", "exponent 1/99991 is finer than"),
                                           ("(" * 51 + "p" + ")" * 51, "nested parentheses"),
                                           ("0", "the expression is zero")])
def test_out_of_range_expression_in_every_toml_key(tmp_path, capsys, key, text, message):
    values = {"expectation": "O(p)", key: text}
    path = _toml(tmp_path, ENTRY + "".join(f"{k} = {json.dumps(v)}\n" for k, v in values.items()))
    code, _, err = invoke(["--text", SERIES, "--expectations", path], capsys)
    assert code == 2 and message in err and path in err and "'Gather'" in err


@pytest.mark.parametrize("exponents, message", [('["1e308"]', "search exponent '1e308'"),
                                                ("[1e-300]", "is finer than"),
                                                ('["1/99991"]', "is finer than"),
                                                ("[" + ", ".join(["0.5"] * 6000) + "]",
                                                 "6,000 extra search exponents and terms are more than the 5,000")])
def test_out_of_range_search_exponents(tmp_path, capsys, exponents, message):
    path = _toml(tmp_path, ENTRY + f'expectation = "O(p)"\nsearch_exponents = {exponents}\n')
    code, _, err = invoke(["--text", SERIES, "--expectations", path], capsys)
    assert code == 2 and message in err


def test_a_search_space_too_large_is_refused_naming_the_limit(tmp_path, capsys):
    exponents = ", ".join(f'"{i}/1000"' for i in range(1, 1001))  # each placed in every class
    path = _toml(tmp_path, ENTRY + f'expectation = "O(p)"\nsearch_exponents = [{exponents}]\n')
    code, _, err = invoke(["--text", SERIES, "--expectations", path], capsys)
    assert code == 2 and "candidate terms (limit 5,000)" in err and "Gather" in err


def test_the_largest_space_the_options_allow_is_accepted(tmp_path, capsys):
    path = _toml(tmp_path, ENTRY + 'expectation = "O(p)"\ndepth = 5\nrefinement = 5\n')
    code, _, err = invoke(["--text", SERIES, "--expectations", path, "--fail-on", "never"], capsys)
    assert code == 0, err


@pytest.mark.parametrize("option, value, message", [
    ("expectation", "O(p^1e308)", "exponent 1e+308 is out of range"),
    ("expectation", "O(0)", "the expression is zero"),
    ("upper_bound", "p^100000", "exponent 100000 is out of range"),
    ("deviation", "(" * 5000 + "p" + ")" * 5000, "longer than 1000 characters"),
])
def test_out_of_range_modeler_options_stop_extrap_before_modeling(option, value, message):
    began = time.perf_counter()
    result = _extrap("--text", SERIES, "--modeler", "expectation", "--options", f"{option}={value}")
    assert time.perf_counter() - began < 60
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"option {option}=" in result.stderr and message in result.stderr and result.stdout == ""


@pytest.mark.parametrize("line, message", [
    ("target = inf", "target = inf must be a finite number > 0"),
    ("target = nan", "target = nan must be a finite number > 0"),
    ("target = 0", "target = 0 must be a finite number > 0"),
    ("tolerance = inf", "tolerance = inf must be a finite number ≥ 0"),
])
def test_rule_targets_and_tolerances_must_be_finite(tmp_path, capsys, line, message):
    path = _toml(tmp_path, ENTRY + f'expectation = "O(p)"\n[[rule]]\nrule = "Gather <= Gather"\n{line}\n')
    code, _, err = invoke(["--text", SERIES, "--expectations", path], capsys)
    assert code == 2 and message in err and path in err


@pytest.mark.parametrize("model", ["p^1e308", "p^100000", "(" * 60 + "p" + ")" * 60])
def test_out_of_range_model_in_a_baseline_file(tmp_path, capsys, model):
    from extrap_segmented.expectations.baseline import BASELINE_FORMAT
    baseline = tmp_path / "base.json"
    baseline.write_text(json.dumps({"format": BASELINE_FORMAT, "version": 1,
                                    "entries": {"Gather": {"model": model, "callpath": "MPI_Gather"}}}))
    code, _, err = invoke(["--text", SERIES, "--baseline", baseline], capsys)
    assert code == 2 and str(baseline) in err and "'Gather'" in err


# -- parameter names the data lack -----------------------------------------------------------

@pytest.mark.parametrize("line, named", [
    ('expectation = "O(q)"', "expectation 'O(q)' is in parameter 'q'"),
    ('expectation = "O(p)"\nparameter = "q"', "parameter = 'q' names parameter 'q'"),
    ('expectation = "O(p)"\nfix = { q = 64 }', "fix = { q = 64 } names parameter 'q'"),
    ('expectation = "O(p)"\ndeviation = "sqrt(q)"', "deviation 'sqrt(q)' is in parameter 'q'"),
    ('expectation = "O(p)"\nupper_bound = "q^2"', "upper_bound 'q^2' is in parameter 'q'"),
    ('expectation = "O(p)"\nlower_bound = "log q"', "lower_bound 'log q' is in parameter 'q'"),
    ('expectation = "O(1)"\nupper_bound = "q"', "upper_bound 'q' is in parameter 'q'"),
    ('expectation = "O(p)"\nfix = { p = 64 }', "fixes the modeled parameter 'p'"),
])
def test_every_parameter_name_in_the_toml_must_be_the_data_s(tmp_path, capsys, line, named):
    path = _toml(tmp_path, ENTRY + line + "\n")
    code, _, err = invoke(["--text", SERIES, "--expectations", path], capsys)
    assert code == 2 and named in err and path in err and ("its parameters: p" in err or "modeled" in err)


def test_a_parameter_name_in_the_defaults_is_checked_for_every_entry(tmp_path, capsys):
    path = _toml(tmp_path, '[defaults]\ndeviation = "sqrt(n)"\n' + ENTRY + 'expectation = "O(p)"\n')
    code, _, err = invoke(["--text", SERIES, "--expectations", path], capsys)
    assert code == 2 and "deviation 'sqrt(n)' is in parameter 'n'" in err


@pytest.mark.parametrize("options, option", [
    (["expectation=O(q)"], "expectation='O(q)'"),
    (["expectation=O(p)", "deviation=sqrt(q)"], "deviation='sqrt(q)'"),
    (["expectation=O(p)", "upper_bound=q^3"], "upper_bound='q^3'"),
])
def test_modeler_options_in_a_parameter_the_data_lack_are_an_error(options, option):
    result = _extrap("--text", SERIES, "--modeler", "expectation", "--options", *options)
    assert result.returncode == 1 and f"option {option} is in parameter 'q'" in result.stderr
    assert "match" not in result.stdout and "Traceback" not in result.stderr


def test_modeler_options_in_the_data_s_parameter_still_model():
    result = _extrap("--text", SERIES, "--modeler", "expectation", "--options", "expectation=O(p)",
                     "deviation=sqrt(p)", "--print", "{callpath}: {model}")
    assert result.returncode == 0 and "MPI_Gather:" in result.stdout, result.stderr


def test_bounds_in_another_parameter_than_the_expectation_are_refused_by_the_validator():
    import numpy as np
    from extrap_segmented.exceptions import InvalidInputError
    from extrap_segmented.expectations.validation import validate_series
    x = np.array([8, 16, 32, 64, 128.0])
    with pytest.raises(InvalidInputError, match="upper_bound 'q\\^2' is in parameter 'q', but the expectation"):
        validate_series(x, x, "O(p)", upper_bound="q^2")


# -- names ------------------------------------------------------------------------------------

def test_two_entries_with_one_name_are_an_error(tmp_path, capsys):
    path = _toml(tmp_path, ENTRY + 'expectation = "O(p)"\n' + ENTRY.replace("MPI_Gather", "MPI_Bcast")
                 + 'expectation = "O(log p)"\n')
    code, out, err = invoke(["--text", SERIES, "--expectations", path], capsys)
    assert code == 2 and out == ""
    assert "[[expectation]] #2 ('Gather'): the name 'Gather' is already used by [[expectation]] #1" in err


def test_two_unnamed_entries_with_one_call_path_are_an_error(tmp_path, capsys):
    entry = '[[expectation]]\ncallpath = "MPI_Gather"\nexpectation = "{}"\n'
    path = _toml(tmp_path, entry.format("O(p)") + entry.format("O(p log p)"))
    code, _, err = invoke(["--text", SERIES, "--expectations", path], capsys)
    assert code == 2 and "the name 'MPI_Gather' is already used by [[expectation]] #1" in err


def test_rows_that_would_share_a_label_are_an_error(tmp_path, capsys):
    """A named entry and a glob entry can still produce one label; one row must not replace the other."""
    path = _toml(tmp_path, '[[expectation]]\nname = "MPI_Gather"\ncallpath = "MPI_Bcast"\nexpectation = "O(p)"\n')
    code, _, err = invoke(["--text", SERIES, "--expectations", path, "--expect", "O(p)"], capsys)
    assert code == 2 and "--expect: its row 'MPI_Gather' has the label of a row of [[expectation]] #1" in err


def test_expect_is_the_default_for_call_paths_the_toml_does_not_cover(tmp_path, capsys):
    path = _toml(tmp_path, ENTRY + 'expectation = "O(p)"\n')
    out_path = tmp_path / "r.json"
    code, out, err = invoke(["--text", SERIES, "--expectations", path, "--expect", "O(log p)", "--fail-on", "never",
                             "--json-out", out_path], capsys)
    assert code == 0, err
    rows = {row["function"]: row for row in json.loads(out_path.read_text())["rows"]}
    assert rows["Gather"]["expectation"] == "O(p)" and "MPI_Gather" not in rows  # validated once, by its entry
    assert rows["MPI_Allreduce"]["expectation"] == "O(log p)"


def test_unicode_function_names_work_in_rules(tmp_path, capsys):
    """Every name an [[expectation]] can have can be named in a [[rule]]: bare (any script, inner
    spaces and brackets) or quoted."""
    names = {"Réduction": "MPI_Reduce", "全归约": "MPI_Allreduce", "Bcast (BT)": "MPI_Bcast", "a+b": "MPI_Gather"}
    toml = "".join(f'[[expectation]]\nname = {json.dumps(n)}\ncallpath = "{c}"\nexpectation = "O(log p)"\n'
                   for n, c in names.items())
    toml += '[[rule]]\nrule = "全归约 <= Réduction + Bcast (BT)"\n[[rule]]\nrule = \'"a+b" >= 2 * Réduction\'\n'
    out_path = tmp_path / "r.json"
    code, out, err = invoke(["--text", SERIES, "--expectations", _toml(tmp_path, toml), "--fail-on", "never",
                             "--json-out", out_path], capsys)
    assert code == 0, err
    rules = json.loads(out_path.read_text())["rules"]
    assert [r["rule"] for r in rules] == ["全归约 <= Réduction + Bcast (BT)", '"a+b" >= 2 * Réduction']
    assert "全归约 <= Réduction + Bcast (BT): " in out


def test_a_rule_naming_a_function_without_an_entry_is_an_error(tmp_path, capsys):
    toml = ENTRY + 'expectation = "O(p)"\n[[rule]]\nrule = "Gather <= Réduction"\n'
    code, _, err = invoke(["--text", SERIES, "--expectations", _toml(tmp_path, toml)], capsys)
    assert code == 2 and "'Réduction'" in err and "known: ['Gather']" in err


# -- terminals that cannot show every character ----------------------------------------------

@pytest.mark.parametrize("encoding", ["ascii", "cp1252", "latin-1"])
def test_a_limited_terminal_encoding_degrades_characters_and_keeps_the_report(tmp_path, encoding):
    toml = _toml(tmp_path, '[[expectation]]\nname = "Réduction ✓"\ncallpath = "MPI_Reduce"\n'
                           'expectation = "O(log p)"\n[[rule]]\nrule = \'"Réduction ✓" <= "Réduction ✓"\'\n')
    out_path = tmp_path / "r.json"
    env = {k: v for k, v in os.environ.items() if k != "EXTRAP_SEGMENTED_DISABLE"}
    env["PYTHONIOENCODING"] = encoding
    result = subprocess.run([str(BIN / "extrap-validate"), "--text", str(SERIES), "--expectations", toml,
                             "--json-out", str(out_path)], capture_output=True, env=env, timeout=120)
    out, err = result.stdout.decode(encoding), result.stderr.decode(encoding)
    assert result.returncode == 1, err  # MPI_Reduce grows faster than log p: a failed check, reported
    assert "Traceback" not in err and "function" in out and "no match" in out and "FAIL: R" in err
    assert ("adj. R^2" if encoding == "ascii" else "adj. R²") in out
    assert "δ" not in out and " d " in out.splitlines()[0]
    row = json.loads(out_path.read_text(encoding="utf-8"))["rows"][0]
    assert row["function"] == "Réduction ✓"  # the JSON keeps every character


def test_a_limited_terminal_encoding_keeps_extrap_s_report_sections():
    result = _extrap("--text", SERIES, "--modeler", "expectation", "--options", "expectation=O(log p)",
                     "--print", "all", env_extra={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert "Verdict: no match (expected O(log p)" in result.stdout and ", d = O(" in result.stdout


def test_a_closed_output_pipe_loses_nothing(tmp_path):
    """The reader of the table is gone (``| head -1`` that already exited); the table meets a closed
    pipe. Seen before with `| head -1`: "BrokenPipeError ... (unexpected; please report it)", exit 2."""
    data = tmp_path / "many.txt"
    data.write_text("PARAMETER p\nPOINTS 8 16 32 64 128\n" + "".join(
        f"REGION kernel_with_a_long_name_{i:04d}\nMETRIC time\n" + "".join(f"DATA {p * (1 + i % 7)}\n"
                                                                          for p in (8, 16, 32, 64, 128))
        for i in range(800)))
    out_path = tmp_path / "r.json"
    env = {k: v for k, v in os.environ.items() if k != "EXTRAP_SEGMENTED_DISABLE"}
    command = [str(BIN / "extrap-validate"), "--text", str(data), "--expect", "O(log p)", "--json-out", str(out_path)]
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first byte: every write meets a closed pipe
    try:
        result = subprocess.run(command, stdout=write_end, stderr=subprocess.PIPE, text=True, env=env, timeout=300)
    finally:
        os.close(write_end)
    assert "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 1 and "FAIL: kernel_with_a_long_name_0000" in result.stderr  # the verdicts stand
    assert len(json.loads(out_path.read_text())["rows"]) == 800


def test_the_expectation_modeler_inside_a_multi_parameter_modeler_is_refused(fixtures_dir):
    """Extra-P's multi-parameter modeler would apply one expectation to each parameter in turn."""
    import extrap_segmented
    extrap_segmented.activate()
    from extrap.fileio.file_reader.cube_file_reader2 import CubeFileReader2
    from extrap.modelers import multi_parameter
    from extrap.modelers.model_generator import ModelGenerator
    from extrap_segmented.adapters.expectations.modeler import ExpectationModeler
    from extrap_segmented.adapters.option_rules import InvalidOptionError
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        experiment = CubeFileReader2().read_experiment(str(fixtures_dir / "cube" / "stencil2d-ps"))
    modeler = multi_parameter.all_modelers["Default"]()
    modeler.single_parameter_modeler = ExpectationModeler()
    with pytest.raises(InvalidOptionError, match=r"it validates one parameter, and this experiment has 2 \(p, s\)"):
        ModelGenerator(experiment, modeler).model_all()


@pytest.mark.parametrize("parameter, written", [("mpi.world.size", "mpi.world.size"), ("my-p", '"my-p"'),
                                                ("jobsize", "jobsize")])
def test_every_parameter_name_can_be_written_in_an_expectation(tmp_path, capsys, parameter, written):
    data = tmp_path / "d.txt"
    data.write_text(SERIES.read_text().replace("PARAMETER p", f"PARAMETER {parameter}", 1))
    code, out, err = invoke(["--text", data, "--expect", f"O(log {written})", "--fail-on", "never"], capsys)
    assert code == 0 and f"O(log {written})" in out, err  # written so that it parses back
    code, _, err = invoke(["--text", data, "--expect", "O(log p)"], capsys)
    assert code == 2 and f"write it in {parameter}: O(log {written})" in err


def test_a_baseline_of_a_parameter_with_an_unusual_name_is_read_back(tmp_path, capsys):
    data = tmp_path / "d.txt"
    data.write_text(SERIES.read_text().replace("PARAMETER p", "PARAMETER my-p", 1))
    baseline = tmp_path / "base.json"
    code, _, err = invoke(["--text", data, "--expect", 'O(log "my-p")', "--fail-on", "never", "--save-baseline",
                           baseline], capsys)
    assert code == 0, err
    code, out, err = invoke(["--text", data, "--baseline", baseline, "--fail-on", "never"], capsys)
    assert code == 0 and "Traceback" not in err and '"my-p"' in out, err
