"""``extrap-validate`` end to end on committed fixtures, and the pytest plugin via pytester."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
import warnings

import pytest

from extrap_segmented.adapters.expectations.validate_cli import run

pytest_plugins = ["pytester"]


@pytest.fixture
def mpi(fixtures_dir):
    return (str(fixtures_dir / "series" / "mpi_collectives.txt"),
            str(fixtures_dir / "expectations" / "mpi_collectives.toml"))


def invoke(argv, capsys):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        code = run(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_table_verdicts_rules_and_exit_code(mpi, capsys, tmp_path):
    data, toml = mpi
    code, out, err = invoke(["--text", data, "--expectations", toml, "--json-out", str(tmp_path / "r.json")], capsys)
    assert code == 1
    lines = {line.split("  ")[0]: line for line in out.splitlines()}
    assert "O(p^0.67 log p)" in lines["Allreduce"] and "✗ no match" in lines["Allreduce"]
    assert "⚠ Allreduce <= Reduce + Bcast: predicted" in lines["Allreduce"]
    assert "O(p^0.5 / log p)" in lines["Bcast"] and "≈ approximate" in lines["Bcast"]
    assert "✓ match" in lines["Bcast (BT)"] and "✓ match" in lines["Gather"]
    assert "FAIL: Allreduce <= Reduce + Bcast is predicted to break at" in err
    report = json.loads((tmp_path / "r.json").read_text())
    rows = {r["function"]: r for r in report["rows"]}
    assert rows["Reduce"]["divergence"] == "O(p^0.5)" and rows["Reduce"]["verdict"] == "approximate"
    rule = report["rules"][0]
    assert rule["status"] == "predicted" and 4096 < rule["break_at"] < 65536
    assert report["passed"] is False


def test_fail_on_is_configurable(mpi, capsys):
    data, toml = mpi
    assert invoke(["--text", data, "--expectations", toml, "--fail-on", "never"], capsys)[0] == 0
    assert invoke(["--text", data, "--expect", "O(p)", "--fail-on", "rule"], capsys)[0] == 0  # no rules
    code, out, err = invoke(["--text", data, "--expect", "O(p)", "--fail-on", "approximate"], capsys)
    assert code == 1 and "MPI_Allgather: approximate" in err and "MPI_Barrier: no" not in err
    code, _, err = invoke(["--text", data, "--expect", "O(p)", "--fail-on", "sometimes"], capsys)
    assert code == 2 and "unknown value(s) ['sometimes']" in err


def test_regression_mode_baseline(mpi, capsys, tmp_path):
    data, toml = mpi
    baseline = tmp_path / "baseline.json"
    invoke(["--text", data, "--expectations", toml, "--save-baseline", str(baseline), "--fail-on", "never"], capsys)
    code, out, _ = invoke(["--text", data, "--baseline", str(baseline)], capsys)
    assert code == 0, out  # the same data meets its own status quo
    assert out.count("✓ match") == 8
    # A slower Bcast: the baseline's O(p^0.5) becomes the expectation and the new model grows faster.
    slower = tmp_path / "slower.txt"
    text = open(data).read().split("REGION ")
    lines = []
    for block in text[1:]:
        name = block.splitlines()[0]
        if name == "MPI_Bcast":
            points = [8 * 2 ** i for i in range(10)]
            block = "MPI_Bcast\nMETRIC time\n" + "".join(f"DATA {2 + 0.1 * p ** 0.75:.6g} {2 + 0.101 * p ** 0.75:.6g}\n"
                                                          for p in points) + "\n"
        lines.append("REGION " + block)
    slower.write_text(text[0] + "".join(lines))
    code, out, err = invoke(["--text", str(slower), "--baseline", str(baseline)], capsys)
    assert code == 1 and "Bcast: grows faster than expected" in err


def test_bad_input_messages(mpi, capsys, tmp_path):
    data, _ = mpi
    toml = tmp_path / "e.toml"
    toml.write_text('[[expectation]]\nname = "Scan"\ncallpath = "MPI_Scan*"\nexpectation = "O(log p)"\n')
    code, _, err = invoke(["--text", data, "--expectations", str(toml)], capsys)
    assert code == 2 and "call path glob 'MPI_Scan*' matches nothing; available: MPI_Barrier" in err
    toml.write_text('[[expectation]]\nname = "Bcast"\ncallpath = "MPI_Bcast"\nexpectation = "O(log p"\n')
    code, _, err = invoke(["--text", data, "--expectations", str(toml)], capsys)
    assert code == 2 and "#1 ('Bcast'): cannot parse expectation 'O(log p'" in err and "^" in err
    short = tmp_path / "short.txt"
    short.write_text("PARAMETER p\nPOINTS 1 2 4 8\n\nREGION r\nMETRIC time\nDATA 1\nDATA 2\nDATA 3\nDATA 4\n")
    code, _, err = invoke(["--text", str(short), "--expect", "O(p)"], capsys)
    assert code == 2 and "r (r, time): at least 5 distinct parameter values are needed to validate scaling, " \
                         "got 4 (1, 2, 4, 8)" in err
    small = tmp_path / "small.txt"
    small.write_text("PARAMETER p\nPOINTS 0.25 0.5 1 2 4\n\nREGION r\nMETRIC time\n" + "DATA 1\n" * 5)
    code, _, err = invoke(["--text", str(small), "--expect", "O(log p)"], capsys)
    assert code == 2 and "need parameter values >= 1; got 0.25, 0.5" in err


def test_cube_fixture_end_to_end(fixtures_dir, capsys, tmp_path):
    cube = fixtures_dir / "cube" / "gather-switch-p"
    if not cube.is_dir():
        pytest.skip("Cube fixtures not generated")
    toml = tmp_path / "cube.toml"
    toml.write_text(textwrap.dedent("""
        [[expectation]]
        name = "Gather"
        callpath = "*MPI_Gather"
        metric = "time"
        expectation = "O(p)"
        upper_bound = "p^2"
    """))
    for flag in ("--cube", "--cube-ranks"):
        code, out, err = invoke([flag, str(cube), "--expectations", str(toml), "--plot-dir", str(tmp_path),
                                 "--fail-on", "never"], capsys)
        assert code == 0, err
        assert out.splitlines()[2].startswith("Gather")
    assert (tmp_path / "Gather.png").stat().st_size > 10_000


def test_console_script_is_installed(mpi):
    exe = shutil.which("extrap-validate", path=str(__import__("pathlib").Path(sys.executable).parent))
    if exe is None:
        pytest.skip("extrap-validate console script not installed")
    data, toml = mpi
    result = subprocess.run([exe, "--text", data, "--expectations", toml], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 1 and "Allreduce" in result.stdout


PLUGIN_TEST = '''
import math
import pytest

POINTS = [8, 16, 32, 64, 128, 256, 512]

def test_log_data_meets_log(assert_scaling):
    assert_scaling({p: [2 + math.log2(p), 2.01 + math.log2(p)] for p in POINTS}, "O(log p)")

def test_linear_data_fails_log(scaling):
    scaling(({p: 1 + p for p in POINTS}), "O(log p)", upper_bound="p^2")

def test_callable_is_timed(assert_scaling):
    result = assert_scaling((lambda n: sum(range(int(n))), [2**k for k in range(12, 18)]), "O(n)",
                            fail_on=("never",))
    assert result.verdict in ("match", "approximate", "no match")
'''


def test_pytest_plugin_fixture_reports_row_and_divergence(pytester):
    pytester.makepyfile(test_scaling=PLUGIN_TEST)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["*ScalingAssertionError: scaling does not meet O(log p): no match*",
                                 "*O(log p)  O(p)  1.00  O(p / log p)  no match*",
                                 "*deviation limits O(log^0.5 p) … O(log^1.5 p)*"])


def test_pytest_plugin_options(pytester):
    pytester.makepyfile(test_scaling=PLUGIN_TEST)
    result = pytester.runpytest("-p", "no:cacheprovider", "--extrap-fail-on", "never")
    result.assert_outcomes(passed=3)
    result = pytester.runpytest("--extrap-fail-on", "bogus")
    assert result.ret != 0
    result.stderr.fnmatch_lines(["*--extrap-fail-on: unknown value(s) *bogus*"])
    help_text = pytester.runpytest("--help").stdout.str()
    assert "scaling expectations (extrap-segmented)" in help_text and "--extrap-aggregation" in help_text


def test_linear_growth_fails_a_log_gate_with_exit_1(tmp_path):
    # issue 12's reproduction, through the installed command: y = 0.001·p, p = 8…128
    lin5 = tmp_path / "lin5.txt"
    lin5.write_text("PARAMETER p\nPOINTS 8 16 32 64 128\n\nREGION kernel\nMETRIC time\n"
                    + "".join(f"DATA {0.001 * p:g}\n" for p in (8, 16, 32, 64, 128)))
    exe = shutil.which("extrap-validate", path=str(__import__("pathlib").Path(sys.executable).parent))
    done = subprocess.run([exe, "--text", str(lin5), "--expect", "O(log p)", "--fail-on", "worse"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "O(1)" not in done.stdout.splitlines()[2]
    # the model comes from the data's own search space: the linear growth itself
    assert done.stdout.splitlines()[2].split()[3] == "O(p)" and "no match" in done.stdout
    assert "grows faster than expected" in done.stderr


# five points (no repetitions: 5 % relative noise assumed) growing like p^0.75, the upper deviation
# limit of O(p^0.5): terms on both sides of the limit fit them
FIVE = (2.436, 3.299, 4.851, 7.646, 12.526)


def test_inconclusive_verdict_names_the_deciding_measurement_and_can_fail_the_gate(tmp_path, capsys):
    five = tmp_path / "five.txt"
    five.write_text("PARAMETER p\nPOINTS 8 16 32 64 128\n\nREGION k\nMETRIC time\n"
                    + "".join(f"DATA {v}\n" for v in FIVE))
    code, out, err = invoke(["--text", str(five), "--expect", "O(p^0.5)"], capsys)
    assert code == 0  # inconclusive is not a failure unless asked for
    assert "? inconclusive" in out and "between O(p^0.5 log p) and O(p)" in out
    assert "note: k: 5 points cannot decide between O(p^0.5 log p) and O(p); measure p = 256" in out
    code, _, err = invoke(["--text", str(five), "--expect", "O(p^0.5)", "--fail-on", "inconclusive"], capsys)
    assert code == 1 and "k: inconclusive" in err and "measure p = 256" in err


def test_pytest_plugin_fails_on_inconclusive_when_asked():
    from extrap_segmented.adapters.expectations.pytest_plugin import ScalingAssertionError, check_scaling
    data = dict(zip((8, 16, 32, 64, 128), FIVE))
    assert check_scaling(data, "O(p^0.5)").verdict == "inconclusive"
    with pytest.raises(ScalingAssertionError, match="measure p = 256"):
        check_scaling(data, "O(p^0.5)", fail_on=("inconclusive",))


@pytest.mark.parametrize("aggregation", ["mean", "median", "min", "q1"])
def test_rules_are_reported_from_the_measurements_for_every_aggregation(mpi, capsys, tmp_path, aggregation):
    data, toml = mpi
    report_path = tmp_path / "r.json"
    code, out, _ = invoke(["--text", data, "--expectations", toml, "--aggregation", aggregation,
                           "--json-out", str(report_path)], capsys)
    assert code == 1
    rules = {r["rule"]: r for r in json.loads(report_path.read_text())["rules"]}
    allgather = rules["Allgather <= Gather + Bcast"]
    assert allgather["status"] == "violated"
    assert allgather["measured"]["violated_at"] == [256.0, 512.0, 1024.0, 2048.0, 4096.0]
    assert allgather["measured"]["repetitions"] is True and len(allgather["measured"]["points"]) == 10
    assert "violated at measured p = 256, 512, 1,024, 2,048, 4,096; predicted ratio" in out
    allreduce = rules["Allreduce <= Reduce + Bcast"]
    assert allreduce["status"] == "predicted" and allreduce["measured"]["violated_at"] == []
