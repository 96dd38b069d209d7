"""Regular and editable installs expose exactly the same importable names.

The source tree is the import tree: extrap_segmented/ (the algorithms) holds the glue in
extrap_segmented/adapters/. Neither install may expose a top-level
``adapters`` (or tests, fixtures, ...), and both must import every module of the source tree under
the same dotted name.
"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
SOURCE_ROOTS = {"extrap_segmented": REPO / "extrap_segmented"}


def expected_modules() -> list[str]:
    """Dotted names of every module and package of the source tree."""
    names = set()
    for prefix, root in SOURCE_ROOTS.items():
        for path in root.rglob("*.py"):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            names.add(".".join((prefix, *parts)))
    return sorted(names)


PROBE = textwrap.dedent("""
    import importlib.util, json, pkgutil, sys
    names = json.loads(sys.argv[1])
    found = {n: importlib.util.find_spec(n) is not None for n in names}
    top_level = sorted(m.name for m in pkgutil.iter_modules() if not m.name.startswith("_"))
    strays = [n for n in ("adapters", "tests", "fixtures", "benchmarks", "docs", "startup", "setup")
              if importlib.util.find_spec(n) is not None]
    print(json.dumps({"found": found, "top_level": top_level, "strays": strays}))
""")


def _run(*args, cwd=None):
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, cwd=cwd, timeout=300)
    assert result.returncode == 0, f"{args}\n{result.stdout}\n{result.stderr}"
    return result


def _install_and_probe(tmp_path: Path, *pip_args) -> dict:
    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    baseline = json.loads(_run(python, "-c", PROBE, "[]", cwd=tmp_path).stdout)["top_level"]
    _run(python, "-m", "pip", "install", "--no-deps", "-q", *pip_args)
    probe = json.loads(_run(python, "-c", PROBE, json.dumps(expected_modules()), cwd=tmp_path).stdout)
    probe["added_top_level"] = sorted(set(probe["top_level"]) - set(baseline))
    return probe


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheels")
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", out, REPO)
    return next(out.glob("extrap_segmented-*.whl"))


@pytest.mark.parametrize("kind", ["regular", "editable"])
def test_install_exposes_every_module_and_nothing_else(kind, wheel, tmp_path):
    probe = _install_and_probe(tmp_path, *((wheel,) if kind == "regular" else ("-e", REPO)))
    missing = [name for name, ok in probe["found"].items() if not ok]
    assert missing == []
    assert len(probe["found"]) > 60
    assert probe["strays"] == []
    # site-packages lists the package only in a regular install (an editable one maps it through
    # setuptools' finder, whose own module starts with an underscore)
    assert set(probe["added_top_level"]) <= {"extrap_segmented"}
