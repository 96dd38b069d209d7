"""Every row of docs/robustness.md names a test that exists (the table is the evidence)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROW_TEST = re.compile(r"\|\s*(tests/[\w/]+\.py)::(\w+)\s*\|\s*$")


def _rows() -> list[tuple[str, str]]:
    text = (ROOT / "docs" / "robustness.md").read_text()
    return [m.groups() for line in text.splitlines() if (m := ROW_TEST.search(line))]


def test_every_hostile_case_names_an_existing_test():
    rows = _rows()
    missing = [f"{path}::{name}" for path, name in rows
               if not (ROOT / path).is_file() or f"def {name}(" not in (ROOT / path).read_text()]
    assert not missing, missing


def test_every_table_row_has_a_test_column():
    text = (ROOT / "docs" / "robustness.md").read_text()
    body = [line for line in text.splitlines()
            if line.startswith("| ") and not line.startswith("| hostile case") and not line.startswith("|---")]
    assert len(body) == len(_rows())
