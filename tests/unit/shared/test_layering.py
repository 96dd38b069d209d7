"""The core (extrap_segmented/ without extrap_segmented/adapters/) stays free of host imports.

The pure algorithms must be usable, testable and benchmarkable without Extra-P, pluggy or
pytest; matplotlib is allowed only inside plotting modules and only inside functions (lazy),
so importing the core never pulls in a GUI toolkit.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[3] / "extrap_segmented"
FORBIDDEN = ("extrap", "pluggy", "pytest", "_pytest", "PySide6", "adapters")


def _imports(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node, node.module


def _module_level(tree):
    return {id(node) for node in tree.body}


ADAPTERS = CORE / "adapters"
CORE_MODULES = sorted(p for p in CORE.rglob("*.py") if ADAPTERS not in p.parents)


def test_core_modules_exist():
    assert len(CORE_MODULES) >= 5


@pytest.mark.parametrize("path", CORE_MODULES, ids=lambda p: str(p.relative_to(CORE)))
def test_core_module_imports_no_host(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    top_level = _module_level(tree)
    for node, name in _imports(tree):
        root = name.split(".")[0]
        assert root not in FORBIDDEN, f"{path.name}:{node.lineno} imports {name}"
        if root == "extrap_segmented" and ".adapters" in name:
            # the public activate() hands over to the adapters lazily, inside functions.
            assert id(node) not in top_level, f"{path.name}:{node.lineno} imports {name} at module level"
        if root == "matplotlib":
            assert path.name == "plot.py", f"{path.name}:{node.lineno}: matplotlib outside a plot module"
            assert id(node) not in top_level, f"{path.name}:{node.lineno}: import matplotlib lazily"


REPO = CORE.parent
TREE_PY = sorted(p for folder in ("extrap_segmented", "tests", "benchmarks", "fixtures", "docs")
                 for p in (REPO / folder).rglob("*.py"))


def test_nothing_imports_a_top_level_adapters_package():
    """The glue is extrap_segmented.adapters, in the checkout as in an install; a bare
    `import adapters` names nothing and is banned everywhere."""
    offenders = []
    for path in TREE_PY:
        for node, name in _imports(ast.parse(path.read_text(), filename=str(path))):
            if name.split(".")[0] == "adapters":
                offenders.append(f"{path.relative_to(REPO)}:{node.lineno} imports {name}")
    assert offenders == []


def test_no_folder_holds_more_than_twelve_modules():
    for folder in ("extrap_segmented", "benchmarks"):
        for directory in [REPO / folder, *(p for p in (REPO / folder).rglob("*") if p.is_dir())]:
            modules = [p for p in directory.glob("*.py") if p.name != "__init__.py"]
            assert len(modules) <= 12, f"{directory.relative_to(REPO)} has {len(modules)} modules"
