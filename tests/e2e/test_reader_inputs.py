"""Parameter values every reader hands on are numbers, finite and given once per point -- else one
error naming the file, the parameter and the values, in ``extrap`` (exit 1) and ``extrap-validate``
(exit 2) -- and experiments with fewer points than a modeler needs are modeled, not a traceback.

Before (issue 29): points ``16`` and ``16.0`` in one text file ended in Extra-P's "To many DATA
lines (5) for the number of POINTS (5)"; JSON parameter values given as strings in a
``TypeError`` traceback while modeling; a one-point experiment with ``--modeler segmented`` in
``RuntimeError: Costs are not calculated``.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
POINTS = [8, 16, 32, 64, 128]


def _run(tool, *args) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "EXTRAP_SEGMENTED_DISABLE"}
    extra = ["--disable-progress"] if tool == "extrap" else ["--expect", "O(p)"]
    return subprocess.run([str(BIN / tool), *map(str, args), *extra], capture_output=True, text=True, timeout=180,
                          env=env)


def _text(tmp_path, points, parameters="PARAMETER p", name="e.txt") -> Path:
    path = tmp_path / name
    path.write_text(f"{parameters}\nPOINTS {points}\n\nREGION a\nMETRIC time\n"
                    + "".join(f"DATA {i + 1} {i + 1.1}\n" for i in range(len(points.split(") (")) if "(" in points
                                                                          else len(points.split()))))
    return path


def _json(tmp_path, points, name="e.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"parameters": ["p"], "measurements": {"a": {"time": [
        {"point": point, "values": [1.0 + i, 1.1 + i]} for i, point in enumerate(points)]}}}))
    return path


def _assert_one_clear_error(path, message):
    for tool, code in (("extrap", 1), ("extrap-validate", 2)):
        result = _run(tool, "--json" if path.suffix == ".json" else "--text", path)
        assert result.returncode == code, (tool, result.stderr)
        assert "Traceback" not in result.stderr and message in result.stderr, (tool, result.stderr)
        assert str(path) in result.stderr or path.name in result.stderr


@pytest.mark.parametrize("points, message", [
    ("8 16 16.0 32 64", "line 2: POINTS lists the point 16 2 times (16, 16.0)"),
    ("8 08 16 32 64", "POINTS lists the point 8 2 times (8, 08)"),
    ("10 1e1 20 40 80", "POINTS lists the point 10 2 times (10, 1e1)"),
    ("8 16 32 16 64 16.00", "POINTS lists the point 16 3 times (16, 16, 16.00)"),
])
def test_a_text_file_listing_one_point_twice(tmp_path, points, message):
    _assert_one_clear_error(_text(tmp_path, points), message)


def test_a_multi_parameter_text_file_listing_one_point_twice(tmp_path):
    path = _text(tmp_path, "(8 16) (8.0 16) (16 16) (32 16) (64 16)", "PARAMETER p\nPARAMETER n")
    _assert_one_clear_error(path, "POINTS lists the point 8 16 2 times (8 16, 8.0 16)")


@pytest.mark.parametrize("points, message", [
    ([["8"], ["16"], ["32"], ["64"], ["128"]], "parameter p has the text '8' at point ('8'); parameter values must "
                                               "be numbers (write 8, not \"8\")"),
    ([[8], [16], ["32.0"], [64], [128]], "parameter p has the text '32.0'"),
    (["16", [8], [32], [64], [128]], "a point is given as the text '16'"),
    ([[None], [16], [32], [64], [128]], "parameter p has the value None"),
    ([[True], [16], [32], [64], [128]], "parameter p has the value True"),
    ([[8], [16], [16.0], [32], [64]], "a [time] has two measurements at the point p=16 (written 16 and 16.0)"),
])
def test_json_parameter_values_that_are_not_distinct_numbers(tmp_path, points, message):
    _assert_one_clear_error(_json(tmp_path, points), message)


@pytest.mark.parametrize("value", ["inf", "nan", "-inf"])
def test_parameter_values_that_are_not_finite(tmp_path, value):
    _assert_one_clear_error(_text(tmp_path, f"8 16 {value} 64 128"), f"parameter p has the value {value} at point")


@pytest.mark.slow
def test_valid_files_read_as_before(tmp_path):
    text, data = _text(tmp_path, "8 16 32 64 128"), _json(tmp_path, [[p] for p in POINTS])
    for path in (text, data):
        result = _run("extrap", "--text" if path.suffix == ".txt" else "--json", path, "--print", "{callpath}: {model}")
        assert result.returncode == 0 and result.stdout.startswith("a: "), result.stderr


@pytest.mark.parametrize("modeler", ["segmented", "expectation", "default", "clustered"])
@pytest.mark.parametrize("points", ["16", "16 32"])
def test_an_experiment_with_fewer_points_than_a_modeler_needs(tmp_path, modeler, points):
    path = _text(tmp_path, points)
    result = _run("extrap", "--text", path, "--modeler", modeler, "--print", "all")
    assert "Traceback" not in result.stderr, result.stderr
    if modeler == "clustered":  # text files keep no per-rank values: the documented error
        assert result.returncode == 1 and "needs one value per MPI rank" in result.stderr
        return
    assert result.returncode == 0, result.stderr
    assert "Model" in result.stdout and "RSS" in result.stdout
    if modeler == "segmented":
        assert "segmentation needs at least" in result.stderr
    if modeler == "expectation":
        assert "at least 5 distinct parameter values are needed" in result.stdout


def test_a_text_file_with_one_point_per_points_line_listing_one_point_twice(tmp_path):
    """Extra-P's text format also takes one ``POINTS ( p )`` line per point."""
    path = tmp_path / "lines.txt"
    path.write_text("PARAMETER p\n\n" + "".join(f"POINTS ( {p} )\n" for p in ("8", "16", "32", "16.0", "64"))
                    + "\nREGION a\nMETRIC time\n" + "".join(f"DATA {i} {i}\n" for i in range(1, 6)))
    _assert_one_clear_error(path, "lines 4, 6: POINTS lists the point 16 2 times (16, 16.0)")
