"""The option tables in docs/expectations.md, docs/cube.md and docs/caliper.md are what the declarations generate,
so a changed range, default or meaning cannot leave the documentation behind."""
from pathlib import Path

import pytest

from extrap_segmented.adapters.expectations.validate_cli import FLAGS
from extrap_segmented.caliper.options import READER as CALIPER_READER
from extrap_segmented.cube.options import READER
from extrap_segmented.expectations.options import ENTRY, RULE, VALIDATOR
from extrap_segmented.options import contract_table

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("page, table", [
    ("expectations.md", contract_table({**VALIDATOR, **ENTRY}, "key")),
    ("expectations.md", contract_table(RULE, "key")),
    ("expectations.md", contract_table({"--" + k.replace("_", "-"): v for k, v in FLAGS.items()}, "flag")),
    ("cube.md", contract_table(READER)),
    ("caliper.md", contract_table(CALIPER_READER)),
])
def test_the_docs_tables_are_what_the_declarations_generate(page, table):
    assert table in (DOCS / page).read_text(encoding="utf-8"), f"regenerate the table in docs/{page}:\n{table}"
