"""Guard: no test compares fitted numbers as printed text, so the suite passes on every CPU.

Least-squares coefficients differ in their last digits between CPUs (OpenBLAS picks its kernel per
CPU at start-up). Five tests once passed only on the machine that wrote them: a printed coefficient
with 19 digits searched in an output, and golden reports compared byte for byte. This scan of every
test module fails on each such form:

* a number with 10 or more significant digits inside a string or number compared in an ``assert``
  or a comparison (``"… -0.0008384304130090863" in out``, ``x == 0.1234567891``);
* ``==``/``!=`` between two outputs: process output (``.stdout``, ``.stderr``), file contents
  (``.read_text()``, ``.read_bytes()``), captured text (``.getvalue()``, ``readouterr()``) or local
  names bound to them (``expected = path.read_text()``) — a golden file or a second run compared
  byte for byte.

Such reports go through ``approx_text.assert_text_close`` (the text exactly, every number within a
stated tolerance). A comparison that is exact by construction (same process, same arrays, same order
of operations, or no fitted number in the text) says so with a comment ``# exact: <why>`` on one of
its lines or the line above.
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
TOLERANT_CALLS = {"assert_text_close", "text_mismatches", "approx"}
OUTPUT_ATTRIBUTES = {"stdout", "stderr"}
OUTPUT_METHODS = {"read_text", "read_bytes", "getvalue", "readouterr"}
# Text derived from output is output; counts and lengths of it are not.
TEXT_METHODS = {"replace", "strip", "rstrip", "lstrip", "splitlines", "split", "decode", "lower", "upper", "join"}
NUMBER_FUNCTIONS = {"len", "int", "float", "sum", "min", "max", "abs", "round", "bool"}
LONG_NUMBER = re.compile(r"(?<![\w.])-?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?")
MIN_SIGNIFICANT_DIGITS = 10
EXACT_MARK = re.compile(r"#\s*exact:\s*\S")


def significant_digits(mantissa: str) -> int:
    digits = mantissa.replace(".", "").lstrip("0")
    return len(digits.rstrip("0")) if "." not in mantissa else len(digits)


def long_numbers(text: str) -> list[str]:
    return [m.group() for m in LONG_NUMBER.finditer(text)
            if significant_digits(m.group(1)) >= MIN_SIGNIFICANT_DIGITS and any(c in m.group() for c in ".eE")]


@dataclass(frozen=True)
class Finding:
    path: Path
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(TESTS.parent)}:{self.line}: {self.what}"


class _Scan(ast.NodeVisitor):
    def __init__(self, path: Path, source: str):
        self.path, self.source, self.lines = path, source, source.splitlines()
        self.findings: list[Finding] = []
        self.output_names: list[set[str]] = [set()]

    # -- names bound to outputs, per function (module level included)
    def visit_FunctionDef(self, node):
        self.output_names.append(set())
        self.generic_visit(node)
        self.output_names.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Assign(self, node):
        if self._is_output(node.value):
            for target in node.targets:
                base = target.value if isinstance(target, ast.Subscript) else target
                names = base.elts if isinstance(base, ast.Tuple) else [base]
                self.output_names[-1].update(n.id for n in names if isinstance(n, ast.Name))
        self.generic_visit(node)

    def _is_output(self, node) -> bool:
        """Whether ``node`` is output text: read, captured, or derived from such text as text."""
        if isinstance(node, ast.Attribute) and node.attr in OUTPUT_ATTRIBUTES:
            return True
        if isinstance(node, ast.Name):
            return any(node.id in names for names in self.output_names)
        if isinstance(node, ast.Subscript):
            return self._is_output(node.value)
        if isinstance(node, ast.BinOp):
            return self._is_output(node.left) or self._is_output(node.right)
        if isinstance(node, ast.IfExp):
            return self._is_output(node.body) or self._is_output(node.orelse)
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute):
                return func.attr in OUTPUT_METHODS or (func.attr in TEXT_METHODS and self._is_output(func.value))
            if isinstance(func, ast.Name) and func.id not in NUMBER_FUNCTIONS:
                return any(self._is_output(a) for a in node.args)
        return False

    # -- the two forms
    def visit_Assert(self, node):
        self._long_literals(node.test, node)
        self.generic_visit(node)

    def visit_Compare(self, node):
        self._long_literals(node, node)
        equality = any(isinstance(op, (ast.Eq, ast.NotEq)) for op in node.ops)
        operands = [node.left, *node.comparators]
        if equality and sum(self._is_output(o) for o in operands) >= 2 and not self._marked(node):
            self._add(node, "two outputs compared byte for byte (use approx_text.assert_text_close, "
                            "or say '# exact: <why>')")
        self.generic_visit(node)

    def _long_literals(self, tree, statement):
        if self._marked(statement):
            return
        tolerant = {id(n) for call in ast.walk(tree) if isinstance(call, ast.Call) and _name(call.func) in TOLERANT_CALLS
                    for n in ast.walk(call)}
        for sub in ast.walk(tree):
            if id(sub) in tolerant or not isinstance(sub, ast.Constant):
                continue
            if isinstance(sub.value, str):
                found = long_numbers(sub.value)
            elif isinstance(sub.value, float):
                found = long_numbers(ast.get_source_segment(self.source, sub) or "")
            else:
                found = []
            for number in found:
                self._add(sub, f"printed number {number} compared as text or exactly (compare it with a tolerance)")

    def _marked(self, node) -> bool:
        first, last = node.lineno, getattr(node, "end_lineno", node.lineno) or node.lineno
        return any(EXACT_MARK.search(self.lines[i - 1]) for i in range(max(first - 1, 1), last + 1))

    def _add(self, node, what: str):
        finding = Finding(self.path, node.lineno, what)
        if finding not in self.findings:
            self.findings.append(finding)


def _name(func) -> str:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def scan(path: Path, source: str | None = None) -> list[Finding]:
    source = path.read_text() if source is None else source
    visitor = _Scan(path, source)
    visitor.visit(ast.parse(source, str(path)))
    return visitor.findings


def test_no_test_compares_fitted_numbers_as_text():
    findings = [f for path in sorted(TESTS.rglob("*.py")) if path.name != Path(__file__).name for f in scan(path)]
    assert not findings, "\n".join(map(str, findings))


# -- the guard itself fails on the forms it exists for (the five tests it was written after) ---------

RESTORED = {
    "dask literal": '''
def test_segmented(dask_run):
    assert dask_run.stdout.count(" [time]: ") == 6 and "MPI_Gather [time]: -0.0008384304130090863" in dask_run.stdout
''',
    "golden file": '''
def test_saved(name, result):
    assert result.stdout == (SAVED / f"{name}.expected.txt").read_text()
''',
    "golden file through a name": '''
def test_saved(result):
    expected = (SAVED / "v01_clustered_ranks.print-all.txt").read_text()
    expected = expected.replace("x", "")
    assert result.stdout == expected
''',
    "two runs": '''
def test_runs(dask_run, local):
    assert dask_run.stdout == local.stdout
''',
    "long float constant": '''
def test_coefficient(model):
    assert model.coefficients[0] == 0.00016274132894977857
''',
}


@pytest.mark.parametrize("source", RESTORED.values(), ids=RESTORED.keys())
def test_guard_fails_on_the_forms_that_broke_on_another_cpu(source):
    assert scan(TESTS / "restored.py", source)


@pytest.mark.parametrize("source", [
    '''
def test_ok(result, expected):
    assert_text_close(result.stdout, expected.read_text())
''',
    '''
def test_ok(a, b):
    # exact: both texts come from one process and the same arrays
    assert a.stdout == b.stdout
''',
    '''
def test_ok(result):
    assert result.stdout == "" and "p=64" in result.stdout and result.returncode == 0
''',
    '''
def test_ok(model):
    assert model.coefficients[0] == pytest.approx(0.00016274132894977857, rel=1e-9)
''',
], ids=["tolerant helper", "marked exact", "short literals", "approx"])
def test_guard_accepts_tolerant_and_justified_comparisons(source):
    assert scan(TESTS / "ok.py", source) == []
