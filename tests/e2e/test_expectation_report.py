"""``extrap --print all`` with the Expectation modeler: a ``Verdict:`` line per kernel in the same
words as ``extrap-validate``; unparsable modeler options stop the run before modeling (issue 12,
issue 11 item 8)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent


def _run(*argv, cwd):
    return subprocess.run([str(BIN / argv[0]), *argv[1:]], capture_output=True, text=True, timeout=300, cwd=cwd)


def test_print_all_has_the_verdict_line_of_extrap_validate(fixtures_dir, tmp_path):
    data = str(fixtures_dir / "series" / "mpi_collectives.txt")
    # --keep-values: the same data as extrap-validate, every repetition (the fits weigh the points
    # by their repetitions' spread; without it Extra-P keeps one value per point)
    done = _run("extrap", "--text", data, "--keep-values", "--modeler", "Expectation", "--options",
                "expectation=O(p)", "--print", "all", "--disable-progress", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    blocks = re.findall(r"^Callpath: (\S+)\n(.*?)(?=^Callpath: |\Z)", done.stdout, flags=re.S | re.M)
    printed = {}
    for callpath, block in blocks:
        lines = [line.strip() for line in block.splitlines() if line.strip().startswith("Verdict: ")]
        assert len(lines) == 1, (callpath, block)
        printed[callpath] = lines[0]
    validate = _run("extrap-validate", "--text", data, "--expect", "O(p)", "--fail-on", "never",
                    "--json-out", "r.json", cwd=tmp_path)
    assert validate.returncode == 0, validate.stderr
    rows = json.loads((tmp_path / "r.json").read_text())["rows"]
    assert len(rows) == len(printed) == 8
    for row in rows:
        expected = (f"Verdict: {row['verdict']} (expected {row['expectation']}, model {row['model']}, "
                    f"δ = {row['divergence']})")
        assert printed[row["callpath"]] == expected
    # the contradiction is gone: Gather, Allgather and Alltoall agree with extrap-validate
    assert "match" in printed["MPI_Gather"]


@pytest.mark.slow
def test_unparsable_expectation_option_is_an_error_before_modeling(fixtures_dir, tmp_path):
    data = str(fixtures_dir / "series" / "mpi_collectives.txt")
    done = _run("extrap", "--text", data, "--modeler", "Expectation", "--options", "expectation=O(p",
                "--print", "all", "--disable-progress", cwd=tmp_path)
    assert done.returncode != 0
    assert "extrap: error: Expectation modeler: option expectation='O(p': cannot parse" in done.stderr
    assert "Traceback" not in done.stderr and "Callpath:" not in done.stdout
    bad_bound = _run("extrap", "--text", data, "--modeler", "Expectation", "--options", "expectation=O(p^2)",
                     "upper_bound=p", "--disable-progress", cwd=tmp_path)
    assert bad_bound.returncode != 0 and "upper_bound='p'" in bad_bound.stderr
    bad_aggregation = _run("extrap", "--text", data, "--modeler", "Expectation", "--options", "aggregation=mode",
                           "--disable-progress", cwd=tmp_path)
    assert bad_aggregation.returncode != 0 and "option aggregation='mode'" in bad_aggregation.stderr
