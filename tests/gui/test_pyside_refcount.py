"""The installed Qt binding must not corrupt ``None``'s reference count while painting.

PySide6-Essentials 6.12.0 on CPython 3.10/3.11 drops ``sys.getrefcount(None)`` by about two per
QPainter paint; Extra-P's GUI then aborts with ``Fatal Python error: none_dealloc`` after a few
call-path clicks. pyproject.toml excludes it on those Pythons; this test measures the installed one.
"""
from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from conftest import run_python

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

PAINTS = 2000
PAINT_AND_COUNT = textwrap.dedent(f"""
    import gc, sys
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    image = QImage(64, 64, QImage.Format_ARGB32)
    gc.collect()
    before = sys.getrefcount(None)
    for _ in range({PAINTS}):
        painter = QPainter(image)
        painter.setPen(QColor(0, 0, 0))
        painter.drawLine(0, 0, 63, 63)
        painter.drawText(2, 30, "p = 64")
        painter.end()
    gc.collect()
    print(before, sys.getrefcount(None), flush=True)
""")


@pytest.mark.gui
@pytest.mark.skipif(sys.version_info >= (3, 12),
                    reason="None is immortal from CPython 3.12 (PEP 683): its count cannot drop, nothing to measure")
def test_painting_keeps_none_alive():
    result = run_python(PAINT_AND_COUNT, env_extra={"QT_QPA_PLATFORM": "offscreen"}, timeout=180)
    assert result.returncode == 0, f"painting crashed the interpreter: {result.stderr[-2000:]}"
    before, after = map(int, result.stdout.split()[-2:])
    # Clean versions move by less than ±150 (other objects' references to None); the broken one
    # loses ~2 per paint, i.e. about -3,900.
    assert after - before > -PAINTS // 4, (
        f"sys.getrefcount(None) fell from {before} to {after} over {PAINTS} paints: "
        "this PySide6 version corrupts None's reference count (see pyproject.toml)")


def test_pyproject_excludes_the_measured_broken_version(repo_root: Path):
    from packaging.requirements import Requirement
    dependencies = tomllib.loads((repo_root / "pyproject.toml").read_text())["project"]["dependencies"]
    pyside = [Requirement(d) for d in dependencies if d.lower().startswith("pyside6-essentials")]
    assert pyside, "no PySide6-Essentials constraint in pyproject.toml"

    def allowed(version: str, python: str) -> bool:
        environment = {"python_version": python, "python_full_version": python + ".0"}
        return all(not r.marker or not r.marker.evaluate(environment) or r.specifier.contains(version)
                   for r in pyside)

    for python in ("3.10", "3.11"):
        assert not allowed("6.12.0", python), python
        assert allowed("6.11.3", python) and allowed("6.9.3", python), python
    for python in ("3.12", "3.13"):  # measured clean there: not restricted
        assert allowed("6.12.0", python), python
