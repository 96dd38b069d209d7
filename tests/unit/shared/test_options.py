"""Option declarations (extrap_segmented/options.py): list options, values written as text, the
words and docs tables made from them; and the declared TOML keys of extrap-validate."""
import math

import pytest
from hypothesis import given, strategies as st

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.expectations.config import ExpectationConfigError, config_from_mapping
from extrap_segmented.expectations.options import ENTRY, GATE, RULE
from extrap_segmented.options import Option, contract_table, from_text

ENTRY_TABLE = {"expectation": [{"name": "k", "expectation": "O(p)"}]}


def test_a_list_option_takes_numbers_or_strings_or_its_choices():
    exponents, fail_on = ENTRY["search_exponents"], GATE["fail_on"]
    assert exponents.accepts(["1/3", 0.5, 2]) and exponents.accepts([])
    assert not exponents.accepts("1/3") and not exponents.accepts([True]) and not exponents.accepts([None])
    assert exponents.allowed() == "a list of numbers or strings"
    assert fail_on.accepts(["rule", "worse"]) and not fail_on.accepts(["rules"])
    assert fail_on.allowed() == "a list of some of no-match, approximate, inconclusive, rule, worse, never"


def test_values_written_as_text_are_parsed_and_checked_against_the_declaration():
    assert from_text(RULE["target"], "65536") == 65536.0
    assert from_text(GATE["fail_on"], "rule, worse,") == ["rule", "worse"]
    assert from_text(Option("n", int, 1, "n", low=1), "7") == 7
    for option, text, message in [(RULE["target"], "-5", "'-5' must be a finite number > 0"),
                                  (RULE["target"], "inf", "'inf' must be a finite number > 0"),
                                  (RULE["target"], "many", "'many' is not a number"),
                                  (Option("n", int, 1, "n", low=1), "2.5", "'2.5' is not an integer"),
                                  (GATE["fail_on"], "rule,sometimes", "must be a list of some of no-match")]:
        with pytest.raises(InvalidInputError, match=message):
            from_text(option, text)


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_text_and_value_checks_agree_for_any_number(value):
    target = RULE["target"]
    if target.accepts(value):
        assert from_text(target, repr(value)) == value
    else:
        assert not (math.isfinite(value) and value > 0)
        with pytest.raises(InvalidInputError):
            from_text(target, repr(value))


@pytest.mark.parametrize("table, key, value, words", [
    ("expectation", "alpha", 1.5, "alpha = 1.5 must be a finite number > 0 and < 1"),
    ("expectation", "alpha", True, "alpha = True must be a finite number > 0 and < 1"),
    ("expectation", "search_exponents", "1/3", "search_exponents = '1/3' must be a list of numbers or strings"),
    ("expectation", "depth", 2.0, "depth = 2.0 must be an integer from 0 to 5"),
    ("rule", "target", 0, "target = 0 must be a finite number > 0"),
    ("rule", "tolerance", -0.1, "tolerance = -0.1 must be a finite number ≥ 0"),
])
def test_toml_keys_are_checked_in_the_words_of_their_declarations(table, key, value, words):
    data = {"expectation": [{"name": "k", "expectation": "O(p)"}]}
    if table == "rule":
        data["rule"] = [{"rule": "k <= k", key: value}]
    else:
        data["expectation"][0][key] = value
    with pytest.raises(ExpectationConfigError, match=words.replace("(", r"\(").replace(")", r"\)")):
        config_from_mapping(data, "e.toml")


def test_declared_defaults_reach_the_parsed_file():
    config = config_from_mapping({**ENTRY_TABLE, "rule": [{"rule": "k <= k"}]}, "e.toml")
    assert config.rules[0].tolerance == RULE["tolerance"].default == 0
    assert config.rules[0].target is None


def test_the_docs_table_shows_integers_in_full_and_escapes_bars():
    table = contract_table({"limit": Option("limit", int, 2_000_000, "a | b", low=1, high=10 ** 9)})
    assert table.splitlines()[2] == "| `limit` | 2,000,000 | an integer from 1 to 1,000,000,000 | a \\| b |"


def test_the_validator_checks_alpha_against_its_declaration():
    from extrap_segmented.expectations.validation import ScalabilityValidator
    x = [8.0, 16.0, 32.0, 64.0, 128.0]
    with pytest.raises(InvalidInputError, match="alpha must be a finite number > 0 and < 1, got 1.5"):
        ScalabilityValidator("O(p)", alpha=1.5).fit(x, x)
    assert ScalabilityValidator().alpha == ENTRY["alpha"].default
