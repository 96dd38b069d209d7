"""The ``extrap-validate --text`` fast path reads exactly what Extra-P's reader reads, or declines.

Compared with Extra-P's ``TextFileReader`` followed by ``series_arrays`` (what ``extrap-validate``
did for every input before): the same parameter, call paths and metrics in the same order, and
for every (call path, metric) with data the same ``x`` and ``y`` arrays, bit for bit — on every
text fixture and on hypothesis-generated files, valid and broken. Whatever the fast path
accepts, Extra-P's reader must read too; whatever it declines, ``extrap-validate`` still reads
through Extra-P.
"""
from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extrap.fileio.file_reader.text_file_reader import TextFileReader

from extrap_segmented.adapters.expectations import text_input
from extrap_segmented.adapters.expectations import validate_cli
from extrap_segmented.adapters.expectations.series import series_arrays
from extrap_segmented.adapters.expectations.text_input import NotFastPath, read_text_series

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"


def _extrap(path):
    """What extrap-validate extracted before the fast path: names and (x, y) per block."""
    reader = TextFileReader()
    reader.keep_values = True
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        experiment = reader.read_experiment(str(path))
    series = {(cp.name, metric.name): series_arrays(ms, 0, "median")
              for (cp, metric), ms in experiment.measurements.items() if ms}
    return ([str(p) for p in experiment.parameters], [cp.name for cp in experiment.callpaths],
            [m.name for m in experiment.metrics], series)


def _same(path):
    fast = read_text_series(path)
    parameters, callpaths, metrics, series = _extrap(path)
    assert [str(p) for p in fast.parameters] == parameters
    assert [cp.name for cp in fast.callpaths] == callpaths
    assert [m.name for m in fast.metrics] == metrics
    assert {(cp.name, m.name) for cp, m in fast.measurements} == set(series)
    for (cp, metric), arrays in fast.measurements.items():
        x, y, note = series[(cp.name, metric.name)]
        assert note is None
        assert arrays.x.dtype == x.dtype and arrays.x.tobytes() == x.tobytes(), (cp, metric)
        assert arrays.y.dtype == y.dtype and arrays.y.tobytes() == y.tobytes(), (cp, metric)
    return fast


EXTRAP_INPUTS = FIXTURES / "extrap_tests"  # Extra-P's own test inputs, copied unchanged
TEXT_FIXTURES = sorted(p for p in FIXTURES.rglob("*.txt") if p.read_text().startswith("PARAMETER")
                       and p.read_text().count("PARAMETER") == 1 and EXTRAP_INPUTS not in p.parents)
#: Two-parameter text fixtures: the fast path declines them and Extra-P's reader reads them.
MULTI_PARAMETER_FIXTURES = sorted(p for p in FIXTURES.rglob("*.txt") if p.read_text().startswith("PARAMETER")
                                  and p.read_text().count("PARAMETER") > 1 and EXTRAP_INPUTS not in p.parents)


def test_there_are_text_fixtures():
    assert {p.name for p in TEXT_FIXTURES} >= {"mpi_collectives.txt", "mafia_kernels.txt", "v01_segments.txt"}


@pytest.mark.parametrize("path", TEXT_FIXTURES, ids=lambda p: p.name)
def test_every_text_fixture_reads_as_extrap_reads_it(path):
    fast = _same(path)  # the fixtures are all in the understood subset: no fallback
    assert fast.measurements


@pytest.mark.parametrize("path", MULTI_PARAMETER_FIXTURES, ids=lambda p: p.name)
def test_multi_parameter_text_fixtures_fall_back_to_extrap_s_reader(path):
    from extrap_segmented.adapters.expectations.text_input import NotFastPath
    with pytest.raises(NotFastPath, match="more than one parameter"):
        read_text_series(path)
    parameters, _, _, series = _extrap(path)
    assert len(parameters) == 2 and series


@pytest.mark.parametrize("path", sorted(EXTRAP_INPUTS.glob("*.txt")), ids=lambda p: p.name)
def test_extrap_own_text_inputs_are_read_alike_or_declined(path):
    """Extra-P's test inputs use forms outside the fast path's subset (``POINTS ( 1 )`` per line, no
    METRIC line): the fast path must decline them, or read them exactly as Extra-P does."""
    try:
        fast = _same(path)
    except NotFastPath:
        return
    assert fast.measurements


# -- generated files --------------------------------------------------------------------------
_space = st.sampled_from([" ", "  ", "\t", " \t "])
_number = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False, width=64).map(repr),
    st.floats(min_value=1e-6, max_value=1e6).map(lambda v: f"{v:.5g}"),
    st.integers(-5, 10**6).map(str),
    st.sampled_from(["nan", "inf", "-0", "1e3", "1E-3", ".5", "5.", "1_000", "0x10", "1,5", "", "abc"]),
)


@st.composite
def text_files(draw):
    """Mostly valid single-parameter files, with optional perturbations of every kind the fast
    path must either read like Extra-P or decline."""
    valid = draw(st.booleans())
    parameter = draw(st.sampled_from(["p", "k", "n_procs"]))
    n_points = draw(st.integers(1, 7))
    points = sorted(draw(st.lists(st.integers(1, 4096), min_size=n_points, max_size=n_points, unique=True)))
    lines = []
    if draw(st.booleans()):
        lines.append("# generated")
    lines.append(f"PARAMETER{draw(_space)}{parameter}" + (" q" if not valid and draw(st.booleans()) else ""))
    point_text = draw(_space).join(map(str, points))
    if not valid and draw(st.booleans()):
        point_text = draw(st.sampled_from(["(" + ") (".join(map(str, points)) + ")",
                                           point_text + " " + str(points[0]), point_text + " x"]))
    lines.append(f"POINTS {point_text}")
    lines.append(draw(st.sampled_from(["", " ", "\t"])))
    metrics = draw(st.lists(st.sampled_from(["time", "visits", "bytes sent"]), min_size=1, max_size=2, unique=True))
    regions = draw(st.lists(st.sampled_from(["main", "MPI_Allreduce", "a->b", "f 1", "x\ty", "k#1"]),
                            min_size=1, max_size=4, unique=not (not valid and draw(st.booleans()))))
    current = None  # Extra-P carries the last METRIC over REGION lines
    if draw(st.booleans()):
        lines.append(f"METRIC {metrics[0]}")
        current = metrics[0]
    for region in regions:
        lines.append(f"REGION {region}{draw(st.sampled_from(['', ' ', chr(9)]))}")
        for metric in metrics:
            if not (metric == current and draw(st.booleans())):
                lines.append(f"METRIC {metric}")
            current = metric
            count = n_points if valid else draw(st.sampled_from([n_points, n_points - 1, n_points + 1, 0]))
            for _ in range(count):
                reps = draw(st.integers(1, 4))
                values = draw(st.lists(_number if not valid else
                                       st.floats(min_value=-1e9, max_value=1e9).map(repr),
                                       min_size=reps, max_size=reps))
                lines.append("DATA" + draw(_space) + draw(_space).join(values) + draw(st.sampled_from(["", " "])))
            if draw(st.integers(0, 9)) == 0:
                lines.append(draw(st.sampled_from(["# comment", "   ", "", "BOGUS 1"] if not valid
                                                  else ["# comment", "   ", ""])))
    text = "\n".join(lines) + draw(st.sampled_from(["\n", "", "\r\n"]))
    return valid, text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                    HealthCheck.too_slow])
@given(text_files())
@pytest.mark.slow
def test_generated_files_read_as_extrap_reads_them_or_fall_back(tmp_path, case):
    valid, text = case
    path = tmp_path / "data.txt"
    path.write_text(text)
    try:
        read_text_series(path)
    except NotFastPath:
        assert not valid, f"a plain valid file was declined:\n{text}"
        return  # extrap-validate then reads it with Extra-P (or reports Extra-P's error)
    _same(path)  # accepted: Extra-P reads it, identically


@pytest.mark.parametrize("text", [
    "",  # empty
    "PARAMETER p q\nPOINTS (1 2) (2 3)\nREGION r\nMETRIC t\nDATA 1\nDATA 2\n",  # two parameters
    "PARAMETER p\nPOINTS 1 2\nREGION r\nMETRIC t\nDATA 1\n",  # too few DATA lines
    "PARAMETER p\nPOINTS 1 2\nREGION r\nMETRIC t\nDATA 1\nDATA 2\nREGION r\nDATA 3\nDATA 4\n",  # region twice
    "PARAMETER p\nPOINTS 1 2\nREGION r\nDATA 1\nDATA 2\n",  # no metric: Extra-P uses an unnamed one
    "PARAMETER p\nPOINTS 1 2\nREGION r\nMETRIC t\nDATA 1 x\nDATA 2\n",  # not a number
    "PARAMETER p\nPOINTS 1 2\nREGION r\nMETRIC t\nDATA 1\nDATA 2\nSTRANGE 3\n",  # unknown field
])
def test_declines_what_it_does_not_understand(tmp_path, text):
    path = tmp_path / "data.txt"
    path.write_text(text)
    with pytest.raises(NotFastPath):
        read_text_series(path)


# -- extrap-validate ---------------------------------------------------------------------------
def test_validate_reports_the_same_with_and_without_the_fast_path(tmp_path, monkeypatch, capsys):
    data = FIXTURES / "series/mpi_collectives.txt"
    toml = FIXTURES / "expectations/mpi_collectives.toml"
    reports = []
    for fast in (True, False):
        if not fast:
            def decline(path):
                raise NotFastPath("disabled by the test")
            monkeypatch.setattr(text_input, "read_text_series", decline)
        out = tmp_path / f"report-{fast}.json"
        code = validate_cli.run(["--text", str(data), "--expectations", str(toml), "--json-out", str(out)])
        reports.append((code, capsys.readouterr().out, json.loads(out.read_text())))
    assert reports[0] == reports[1]
    assert reports[0][0] == 1  # the documented MPI example fails its gate (Allreduce, two rules)


def test_text_run_imports_no_extrap_and_falls_back_for_the_rest(tmp_path):
    """The whole point: ``--text`` on an understood file never imports Extra-P (nor, through its
    registries, the modelers); a file the fast path declines is still read, by Extra-P."""
    data = FIXTURES / "series/mpi_collectives.txt"
    two = tmp_path / "two.txt"  # two parameters: Extra-P's reader, sliced by p
    two.write_text("PARAMETER p n\nPOINTS " + " ".join(f"({p} {n})" for n in (1, 2) for p in (8, 16, 32, 64, 128))
                   + "\nREGION r\nMETRIC time\n" + "".join(f"DATA {p * n}\n" for n in (1, 2) for p in (8, 16, 32, 64, 128)))
    script = ("import sys; from extrap_segmented.adapters.expectations.validate_cli import run; "
              "code = run(sys.argv[1:]); print('EXTRAP' if 'extrap.entities.experiment' in sys.modules else 'NONE', code)")
    fast = subprocess.run([sys.executable, "-c", script, "--text", str(data), "--expect", "O(p)", "--fail-on", "never"],
                          capture_output=True, text=True)
    assert fast.stdout.strip().splitlines()[-1] == "NONE 0", fast.stderr
    slow = subprocess.run([sys.executable, "-c", script, "--text", str(two), "--expect", "O(p)", "--fail-on", "never"],
                          capture_output=True, text=True)
    assert slow.stdout.strip().splitlines()[-1] == "EXTRAP 0", slow.stderr
    assert "r [n=1]" in slow.stdout and "r [n=2]" in slow.stdout


def _outcome(argv, capsys):
    try:
        code = validate_cli.run(argv)
    except SystemExit as exit_info:
        code = exit_info.code
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("argv", [
    ["--text", "DATA", "--cube", "DIR", "--expect", "O(p)"],  # two readers
    ["--tex", "DATA", "--expect", "O(p)"],  # an abbreviation
    ["--text", "DATA", "--json", "x", "--expect", "O(p)"],  # the JSON reader, not --json-out
    ["--text", "DATA", "--json-ou", "OUT", "--expect", "O(p)", "--fail-on", "never"],
    ["--text"],
    ["--text", "DATA", "--target", "-3", "--expect", "O(p)"],
    ["--text", "DATA", "--expect", "O(p)", "--fail-on", "never", "--json-out", "OUT"],
    ["--text", "MISSING", "--expect", "O(p)"],
    ["--text", "DATA", "--bogus"],
    ["--text", "DATA", "--help"],
])
def test_the_text_shortcut_parses_and_reports_as_the_full_parser(tmp_path, monkeypatch, capsys, argv):
    data = tmp_path / "data.txt"
    data.write_text((FIXTURES / "series/mpi_collectives.txt").read_text())
    argv = [{"DATA": str(data), "DIR": str(tmp_path), "OUT": str(tmp_path / "r.json"),
             "MISSING": str(tmp_path / "missing.txt")}.get(a, a) for a in argv]
    shortcut = _outcome(argv, capsys)
    report = (tmp_path / "r.json").read_text() if (tmp_path / "r.json").exists() else None
    monkeypatch.setattr(validate_cli, "_parse_text_only", lambda argv: None)
    full = _outcome(argv, capsys)
    assert shortcut == full
    # exact: one process, and both parsers give bit-identical arrays (tested above), so the same fit follows
    assert report == ((tmp_path / "r.json").read_text() if report is not None else None)
