"""Steps named on every surface (table, JSON, ``--print all``, saved experiments), a closed pipe, and
the measured OpenMPI fixture (issue 24)."""
from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
# OpenMPI medians (µs) of Extra-P's public MPI data, quoted in the issue
MEDIANS = {"MPI_Allreduce": (74.6738, 92.103, 110.1844, 127.84925, 150.82025),
           "MPI_Gather": (30.129, 42.1813, 59.2688, 580.5126, 749.7881),
           "MPI_Allgather": (152.28975, 303.6009, 578.2767, 1249.44965, 2654.6801)}
EXPECTED = {"MPI_Allreduce": "O(log p)", "MPI_Gather": "O(p)", "MPI_Allgather": "O(p)"}


def _run(*argv, cwd, **kwargs):
    return subprocess.run([str(BIN / argv[0]), *argv[1:]], capture_output=True, text=True, timeout=300,
                          cwd=cwd, **kwargs)


@pytest.fixture
def medians(tmp_path):
    lines = ["PARAMETER p", "POINTS 32 64 128 256 512", ""]
    for name, values in MEDIANS.items():
        lines += [f"REGION {name}", "METRIC time"] + [f"DATA {v}" for v in values] + [""]
    data = tmp_path / "openmpi.txt"
    data.write_text("\n".join(lines))
    toml = tmp_path / "paper.toml"
    toml.write_text("".join(f'[[expectation]]\nname = "{n}"\ncallpath = "{n}"\nexpectation = "{e}"\n'
                            for n, e in EXPECTED.items()))
    return data, toml


def test_table_and_json_name_the_step(medians, tmp_path):
    data, toml = medians
    done = _run("extrap-validate", "--text", str(data), "--expectations", str(toml), "--json-out",
                str(tmp_path / "r.json"), cwd=tmp_path)
    assert done.returncode == 1, done.stderr  # Gather: no single expectation describes the data
    header, _, *rows = done.stdout.splitlines()
    assert header.split()[:2] == ["function", "expectation"] and "changes" in header.split()
    table = {row.split()[0]: row for row in rows if row.startswith("MPI_")}
    assert "✓ match" in table["MPI_Allreduce"] and "✓ match" in table["MPI_Allgather"]
    assert "✗ no match" in table["MPI_Gather"] and "128→256 ×9.8" in table["MPI_Gather"]
    assert "no single model" in table["MPI_Gather"]
    assert "note: MPI_Gather: changes behaviour between p = 128 and 256 (×9.8): no single expectation" in done.stdout
    report = {row["function"]: row for row in json.loads((tmp_path / "r.json").read_text())["rows"]}
    assert report["MPI_Gather"]["changes"] == [[128, 256]]
    assert report["MPI_Allreduce"]["changes"] == [] and report["MPI_Allgather"]["changes"] == []
    assert "FAIL: MPI_Gather: no match" in done.stderr and "changes between p = 128 and 256" in done.stderr


@pytest.mark.slow
def test_print_all_and_saved_experiment_name_the_step(medians, tmp_path):
    data, _ = medians
    saved = tmp_path / "saved.extra-p"
    done = _run("extrap", "--text", str(data), "--modeler", "Expectation", "--options", "expectation=O(p)",
                "--print", "all", "--disable-progress", "--save-experiment", str(saved), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    gather = done.stdout.split("Callpath: MPI_Gather", 1)[1].split("Callpath:", 1)[0]
    assert "Verdict: no match (changes between p = 128 and 256 (×9.8)) (expected O(p), model no single model" \
        in gather
    assert "Changes: between p = 128 and 256 (×9.8)" in gather
    reopened = _run("extrap", "--experiment", str(saved), "--print", "all", "--disable-progress", cwd=tmp_path)
    assert reopened.returncode == 0, reopened.stderr
    assert "Changes: between p = 128 and 256 (×9.8)" in reopened.stdout
    with zipfile.ZipFile(saved) as archive:
        text = archive.read("experiment.json").decode()

    def found(node):  # the model's validation row keeps the JSON "changes"
        if isinstance(node, dict):
            return node.get("changes") == [[128, 256]] or any(found(v) for v in node.values())
        return isinstance(node, list) and any(found(v) for v in node)
    assert found(json.loads(text))


def test_a_closed_pipe_ends_quietly_and_keeps_the_report(medians, tmp_path):
    data, toml = medians
    report = tmp_path / "r.json"
    done = subprocess.run(f"'{BIN / 'extrap-validate'}' --text '{data}' --expectations '{toml}' "
                          f"--json-out '{report}' | head -n 1; exit ${{PIPESTATUS[0]}}",
                          shell=True, executable="/bin/bash", capture_output=True, text=True, timeout=300)
    assert done.stdout.startswith("function") and len(done.stdout.splitlines()) == 1
    assert "BrokenPipeError" not in done.stderr and "unexpected" not in done.stderr
    assert done.returncode == 1  # the validation's own exit code (Gather fails), not a crash (2)
    assert json.loads(report.read_text())["rows"][1]["changes"] == [[128, 256]]
    helped = subprocess.run(f"'{BIN / 'extrap-validate'}' --help | head -n 1; exit ${{PIPESTATUS[0]}}",
                            shell=True, executable="/bin/bash", capture_output=True, text=True, timeout=300)
    assert helped.returncode == 0 and "Traceback" not in helped.stderr


def test_measured_openmpi_fixture(fixtures_dir, tmp_path):
    # 1 … 64 ranks on 2 cores: from 4 ranks on the scheduler, not the algorithm, sets the latency
    data = fixtures_dir / "series" / "openmpi_oversubscribed.txt"
    done = _run("extrap-validate", "--text", str(data), "--expect", "O(log p)", "--json-out",
                str(tmp_path / "r.json"), cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    rows = json.loads((tmp_path / "r.json").read_text())["rows"]
    assert len(rows) == 8 and all(row["verdict"] == "no match" for row in rows)
    assert all(row["direction"] == "faster" and row["noise"] == "measured" for row in rows)
