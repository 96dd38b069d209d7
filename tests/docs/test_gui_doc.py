"""docs/gui.md quotes measured figures from one source (README.md), shows pictures that the
screenshot script writes, and names tests and files that exist."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "gui.md"
#: A speed-up or ratio ("46.9×", not "1366×768") and a time per kernel ("2.93 ms").
FIGURE = re.compile(r"\d+(?:\.\d+)?×(?!\d)|\d+(?:\.\d+)? ms\b")


def test_every_figure_quoted_in_the_gui_guide_is_readmes():
    guide, readme = GUIDE.read_text(), (ROOT / "README.md").read_text()
    quoted = FIGURE.findall(guide)
    assert quoted, "the guide cites README's measured figures"
    assert [figure for figure in quoted if figure not in readme] == []


def test_pictures_are_those_the_screenshot_script_writes():
    guide = GUIDE.read_text()
    shown = set(re.findall(r"\(img/gui/([\w-]+\.png)\)", guide))
    script = (ROOT / "docs" / "img" / "gui" / "screenshots.py").read_text()
    written = set(re.findall(r"\"([\w-]+\.png)\"", script))
    on_disk = {path.name for path in (ROOT / "docs" / "img" / "gui").glob("*.png")}
    assert shown == written == on_disk, (shown ^ written, written ^ on_disk)


def test_named_tests_and_files_exist():
    guide = GUIDE.read_text()
    named = set(re.findall(r"`((?:tests|adapters|fixtures|docs)/[\w./-]+?)(?:::\w+)?`", guide))
    assert named
    assert sorted(path for path in named if not (ROOT / path).exists()) == []
