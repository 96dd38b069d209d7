"""The installed Qt binding does not corrupt ``None``'s reference count while painting.

PySide6-Essentials 6.12.0 on CPython 3.11 decrements ``None``'s reference count in QPainter
calls; Extra-P's GUI then aborts (``Fatal Python error: none_dealloc``) after some clicks, with or
without this package. Measured on CPython 3.11.7 with tests/gui/paint_probe.py: 6.12.0 aborts within
2,000 paints, 6.11.3 and 6.10.3 lose no reference. pyproject.toml therefore excludes 6.12 on
Pythons before 3.12 (from 3.12 on ``None`` is immortal and its count cannot reach zero).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui


def test_painting_2000_times_keeps_none_alive():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run([sys.executable, str(Path(__file__).with_name("paint_probe.py"))],
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, f"the Qt binding crashed while painting: {result.stderr[-500:]}"
    version, python, lost = result.stdout.split()
    assert int(lost) == 0, f"PySide6 {version} on Python {python} lost {lost} references to None"
