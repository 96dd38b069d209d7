"""One option contract per estimator: ScalabilityValidator's options (expectations/options.py) are
what the Expectation modeler declares for Extra-P, what extrap-validate's TOML accepts and what the
validator itself checks."""
from __future__ import annotations

import inspect
import math

import pytest

from extrap_segmented.adapters.expectations.modeler import ExpectationModeler
from extrap_segmented.adapters.gui.option_texts import flatten
from extrap_segmented.exceptions import ExtrapSegmentedError, InvalidInputError
from extrap_segmented.expectations.config import _check_types
from extrap_segmented.expectations.options import VALIDATOR
from extrap_segmented.expectations.validation import ScalabilityValidator

PROBES = [-1, 0, 1, 2, 5, 6, 2.5, math.nan, True, False, "2", None]


@pytest.mark.parametrize("name", VALIDATOR)
def test_every_modeler_option_is_the_validator_s_declaration(name):
    option = VALIDATOR[name]
    declared = next(o for o in flatten(ExpectationModeler.OPTIONS.items()) if o.field == name)
    assert declared.value == ("" if option.default is None else option.default)
    assert declared.description == option.meaning
    if option.kind is int:  # Extra-P's parser and the GUI's spin box take the declared range
        assert list(declared.range) == [v for v in range(-1, 10) if option.accepts(v)]
    assert inspect.signature(ScalabilityValidator.__init__).parameters[name].default == option.default


def _toml_accepts(name, value) -> bool:
    try:
        _check_types("[defaults]", {name: value})
        return True
    except ExtrapSegmentedError:
        return False


@pytest.mark.parametrize("name", ["depth", "refinement", "prefer_expectation"])
def test_toml_and_validator_reject_exactly_what_the_contract_rejects(name):
    option = VALIDATOR[name]
    strict = [v for v in PROBES if not (option.kind is int and isinstance(v, float))]  # TOML: integers only
    assert [_toml_accepts(name, v) for v in strict] == [option.accepts(v) for v in strict]
    assert any(option.accepts(v) for v in strict) and not all(option.accepts(v) for v in strict)
    for value in strict:
        validator = ScalabilityValidator("O(p)", **{name: value})
        if option.accepts(value):
            validator._prepare()
        else:
            with pytest.raises(InvalidInputError, match=rf"^{name} must be {option.allowed()}, got"):
                validator._prepare()
