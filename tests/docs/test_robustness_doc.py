"""Every row of docs/robustness.md names tests that exist (the table is the evidence)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEST_REFERENCE = re.compile(r"(tests/[\w/]+\.py)::(\w+)")


def _rows() -> list[list[tuple[str, str]]]:
    """Per table row, the tests named in its last column."""
    text = (ROOT / "docs" / "robustness.md").read_text()
    rows = []
    for line in text.splitlines():
        if not line.startswith("| ") or line.startswith(("| hostile case", "| case")):
            continue
        last = [cell for cell in line.split("|") if cell.strip()][-1]
        rows.append(TEST_REFERENCE.findall(last))
    return rows


def test_every_hostile_case_names_an_existing_test():
    rows = _rows()
    assert all(rows), "a row names no test"
    missing = [f"{path}::{name}" for row in rows for path, name in row
               if not (ROOT / path).is_file() or f"def {name}(" not in (ROOT / path).read_text()]
    assert not missing, missing


def test_at_least_60_hostile_cases_are_documented():
    assert len(_rows()) >= 60, len(_rows())
