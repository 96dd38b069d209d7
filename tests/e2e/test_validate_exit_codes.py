"""``extrap-validate`` exit-code contract (issue 11 item 7): 0 pass, 1 failed validation, 2 bad
input or configuration with a message naming the file/option/value, never a traceback."""
from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from extrap_segmented.adapters.expectations.validate_cli import run

TOML_OK = '[[expectation]]\nname = "Gather"\ncallpath = "MPI_Gather"\nexpectation = "O(p)"\n'


@pytest.fixture
def data(fixtures_dir):
    return str(fixtures_dir / "series" / "mpi_collectives.txt")


def invoke(argv, capsys):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        code = run(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def _toml(tmp_path, text, name="e.toml"):
    path = tmp_path / name
    path.write_text(text) if isinstance(text, str) else path.write_bytes(text)
    return str(path)


def test_pass_and_fail_codes(data, capsys, tmp_path):
    assert invoke(["--text", data, "--expectations", _toml(tmp_path, TOML_OK)], capsys)[0] == 0
    code, _, err = invoke(["--text", data, "--expect", "O(log p)", "--metric", "time"], capsys)
    assert code == 1 and "FAIL:" in err


@pytest.mark.parametrize("text, named", [
    ('[[expectation]]\nname = "G"\ncallpath = "MPI_Gather"\nexpectation = 5\n', "expectation = 5 must be a string"),
    ('[[expectation]]\ncallpath = "MPI_Gather"\nexpectation = "O(p)"\ndepth = "two"\n', "depth = 'two'"),
    ('[[expectation]]\ncallpath = "MPI_Gather"\nexpectation = "O(p)"\nsearch_exponents = "1/3"\n',
     "search_exponents = '1/3'"),
    ('[[expectation]]\ncallpath = "MPI_Gather"\nexpectation = "O(p)"\nprefer_expectation = "yes"\n',
     "prefer_expectation = 'yes' must be true or false"),
    ('[defaults]\nalpha = "x"\n[[expectation]]\ncallpath = "MPI_Gather"\nexpectation = "O(p)"\n', "[defaults]: alpha"),
    ('defaults = 3\n', "[defaults] must be a table"),
    ('expectation = "O(p)"\n', "'expectation' must be an array of tables"),
    (TOML_OK + '[[rule]]\nrule = "Gather <= Gather"\ntolerance = "big"\n', "tolerance = 'big'"),
    (TOML_OK + '[[rule]]\nrule = 42\n', "rule = 42 must be a string"),
    (TOML_OK + '[[rule]]\nrule = "Gather <= Gather"\ntarget = -5\n', "target = -5 must be a finite number > 0"),
])
def test_wrongly_typed_toml_values(data, capsys, tmp_path, text, named):
    path = _toml(tmp_path, text)
    code, _, err = invoke(["--text", data, "--expectations", path], capsys)
    assert code == 2 and "extrap-validate: error:" in err and named in err and path in err


def test_invalid_utf8_toml(data, capsys, tmp_path):
    path = _toml(tmp_path, b'[[expectation]]\nname = "\xff\xfe"\n')
    code, _, err = invoke(["--text", data, "--expectations", path], capsys)
    assert code == 2 and path in err and "not UTF-8" in err


def test_directory_as_toml(data, capsys, tmp_path):
    code, _, err = invoke(["--text", data, "--expectations", str(tmp_path)], capsys)
    assert code == 2 and str(tmp_path) in err and "is a directory" in err


@pytest.mark.parametrize("option", ["--json-out", "--save-baseline"])
def test_unwritable_output_files(data, capsys, tmp_path, option):
    toml = _toml(tmp_path, TOML_OK)
    code, out, err = invoke(["--text", data, "--expectations", toml, option, str(tmp_path)], capsys)
    assert code == 2 and f"{option} {tmp_path}: is a directory" in err and out == ""
    missing = tmp_path / "no" / "such" / "r.json"
    code, _, err = invoke(["--text", data, "--expectations", toml, option, str(missing)], capsys)
    assert code == 2 and option in err and "does not exist" in err


def test_unwritable_plot_dir(data, capsys, tmp_path):
    toml = _toml(tmp_path, TOML_OK)
    a_file = tmp_path / "file"
    a_file.write_text("x")
    code, _, err = invoke(["--text", data, "--expectations", toml, "--plot-dir", str(a_file)], capsys)
    assert code == 2 and f"--plot-dir {a_file}: exists and is not a directory" in err
    code, _, err = invoke(["--text", data, "--expectations", toml, "--plot-dir", str(a_file / "sub")], capsys)
    assert code == 2 and "--plot-dir" in err and "cannot be created" in err


def test_binary_baseline(data, capsys, tmp_path):
    baseline = tmp_path / "b.json"
    baseline.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe")
    code, _, err = invoke(["--text", data, "--baseline", str(baseline)], capsys)
    assert code == 2 and str(baseline) in err and "not JSON" in err


def test_expectation_in_unknown_parameter(data, capsys, tmp_path):
    code, _, err = invoke(["--text", data, "--expect", "O(q)"], capsys)
    assert code == 2 and "'O(q)' is in parameter 'q'" in err and "its parameters: p" in err
    path = _toml(tmp_path, '[[expectation]]\ncallpath = "MPI_Gather"\nexpectation = "O(q log q)"\n')
    code, _, err = invoke(["--text", data, "--expectations", path], capsys)
    assert code == 2 and "'q'" in err and path in err


def test_empty_toml_is_not_a_pass(data, capsys, tmp_path):
    path = _toml(tmp_path, "# nothing here\n")
    code, out, err = invoke(["--text", data, "--expectations", path], capsys)
    assert code == 2 and "nothing to validate" in err and path in err


def test_negative_target(data, capsys, tmp_path):
    with pytest.raises(SystemExit) as exit_info:
        invoke(["--text", data, "--expectations", _toml(tmp_path, TOML_OK), "--target", "-5"], capsys)
    assert exit_info.value.code == 2
    assert "--target: '-5' must be a finite number > 0" in capsys.readouterr().err


def test_help_documents_the_exit_codes():
    exe = Path(sys.executable).parent / "extrap-validate"
    done = subprocess.run([str(exe), "--help"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert "exit codes:" in done.stdout and "0  every validated" in done.stdout
    assert "1  validation failed" in done.stdout and "2  bad input or configuration" in done.stdout
    assert "inconclusive" in done.stdout
