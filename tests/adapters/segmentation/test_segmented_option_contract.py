"""One option contract per estimator: the Segmented modeler's options, their --options checks, the
GUI's tooltips and the docs table are those the change-point searches declare
(extrap_segmented/segmentation/options.py), never a second copy."""
from __future__ import annotations

import inspect
import math
import re
from pathlib import Path

import numpy as np
import pytest

from extrap.entities.callpath import Callpath
from extrap.entities.coordinate import Coordinate
from extrap.entities.measurement import Measurement
from extrap.entities.metric import Metric

from extrap_segmented.adapters.gui.option_texts import flatten, tooltip
from extrap_segmented.adapters.option_rules import InvalidOptionError, options_table
from extrap_segmented.adapters.segmentation.modeler import SegmentedChangePointModeler
from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.segmentation import options as contract
from extrap_segmented.segmentation.paper import PaperWindowSearch
from extrap_segmented.segmentation.search import ChangePointSearch
from extrap_segmented.segmentation.significance import SignificanceSearch
from extrap_segmented.segmentation.window import WindowSearch

ROOT = Path(__file__).resolve().parents[3]
CORE = {**contract.WINDOW, **contract.TEST, **contract.PAPER, **contract.TREND, "mode": contract.MODE}
#: values every rule is asked about: in and out of every declared range, and of the wrong type
PROBES = [-1, 0, 0.5, 1, 2, 3, 7, 1e9, -0.5, math.nan, math.inf, -math.inf, True, False, "x", None, 2.5]


def _declared(field: str):
    return next(o for o in flatten(SegmentedChangePointModeler.OPTIONS.items()) if o.field == field)


@pytest.mark.parametrize("field, core", SegmentedChangePointModeler.CORE_OPTIONS.items())
def test_every_modeler_option_is_its_core_declaration(field, core):
    """Default, type, help text, choices and accepted values of the Extra-P option are the contract's."""
    option, declared = CORE[core], _declared(field)
    element = {"nrss_band_low": 0, "nrss_band_high": 1}.get(field)
    default = option.default if element is None else option.default[element]
    assert declared.value == default and type(declared.value) is type(default)
    meaning = option.meaning if element is None else f"{('lower', 'upper')[element]} end of the {option.meaning}"
    assert declared.description.endswith(meaning), declared.description
    assert (declared.range and list(declared.range)) == (option.choices and list(option.choices))
    if core == "mode":
        return  # Extra-P's parser checks choices
    rule = SegmentedChangePointModeler.OPTION_RULES[field]
    if element is None:
        assert rule.allowed == option.allowed()
        assert [rule.check(v) for v in PROBES] == [option.accepts(v) for v in PROBES]
    else:  # one end of the pair: the pair's bounds, the order is a relation
        assert [rule.check(v) for v in PROBES] == [option.accepts((v, v)) if not isinstance(v, str) else False
                                                   for v in PROBES]


def test_every_rule_of_the_modeler_is_a_contract_or_its_own_option():
    own = {"reliable_segment_points"}  # the modeler's own (warnings), no core option
    assert set(SegmentedChangePointModeler.OPTION_RULES) == (set(SegmentedChangePointModeler.CORE_OPTIONS) - {"mode"}) | own


@pytest.mark.parametrize("estimator, options", [(WindowSearch, contract.WINDOW),
                                                (SignificanceSearch, {**contract.WINDOW, **contract.TEST}),
                                                (PaperWindowSearch, {**contract.WINDOW, **contract.PAPER})])
def test_core_constructor_defaults_and_docstrings_are_the_contract(estimator, options):
    parameters = inspect.signature(estimator.__init__).parameters
    docstring = inspect.getdoc(estimator) + "\n" + inspect.getdoc(WindowSearch)
    for name, option in options.items():
        assert parameters[name].default == option.default, name
        paragraph = re.search(rf"^    {name}: (.*?)(?=^    \w[\w, ]*: |^\S|\Z)", docstring, re.S | re.M)
        text = " ".join(paragraph.group(1).split()) if paragraph else ""
        if "default" in text:  # a docstring that states a default states the contract's
            d = option.default
            spellings = {repr(d), str(d)} | ({f"{d:g}"} if isinstance(d, (int, float)) else set())
            assert any(f"default {spelling}" in text for spelling in spellings), (name, d, text)
    from extrap_segmented.segmentation.search import MODES
    # the modeler's default is "trend"; the v0.1 factory keeps "test" for its callers (issue 23)
    assert inspect.signature(ChangePointSearch).parameters["mode"].default == "test"
    assert contract.MODE.default == "trend"
    assert tuple(MODES) == contract.MODE.choices


@pytest.mark.parametrize("name", [*contract.WINDOW, *contract.TEST, *contract.PAPER])
def test_the_core_rejects_exactly_what_its_contract_rejects(name):
    option = CORE[name]
    estimator = PaperWindowSearch if name in contract.PAPER else SignificanceSearch
    x = np.array([2.0, 4, 8, 16, 32, 64, 128, 256])
    y = np.where(x < 40, x, 40 + 3 * x)
    for value in PROBES if option.kind is not tuple else [(0.6, 0.1), (-1, 0.5), (0.1, math.nan), (0.1, 0.5)]:
        if option.accepts(value):
            continue
        kwargs = {name: value}
        if name == "min_points":
            kwargs["min_segment_size"] = 2
        with pytest.raises(InvalidInputError, match=rf"^{name} must be {re.escape(option.allowed())}, got"):
            estimator(**kwargs).fit(x, y)


def test_noise_factor_zero_is_accepted_by_the_modeler_and_the_core():
    """It was > 0 in the modeler and ≥ 0 in the core; the contract says ≥ 0 (noise ignored)."""
    assert SegmentedChangePointModeler.OPTION_RULES["noise_factor"].check(0.0)
    SignificanceSearch(noise_factor=0.0)._validate_parameters()
    assert contract.TEST["noise_factor"].default == 1.5 and SignificanceSearch().noise_factor == 1.5


def _kernels():
    x = [2, 4, 8, 16, 32, 64, 128, 256]
    return [[Measurement(Coordinate(p), Callpath(name), Metric("time"), [float(p) * k]) for p in x]
            for k, name in enumerate(("a", "b"), start=1)]


def test_an_inconsistent_pair_of_options_is_an_error_of_the_options_before_any_kernel():
    modeler = SegmentedChangePointModeler()
    modeler.mode, modeler.nrss_band_low, modeler.nrss_band_high = "paper", 0.6, 0.1
    with pytest.raises(InvalidOptionError) as error:
        modeler.model(_kernels())
    assert str(error.value) == ("Segmented modeler: options nrss_band_high=0.1 and nrss_band_low=0.6 do not fit "
                                "together; nrss_band_high (0.1) must be ≥ nrss_band_low (0.6)")


def test_min_segment_size_above_three_models_instead_of_failing_every_kernel():
    """The core needs min_points ≥ 2 × min_segment_size; the modeler, which has no min_points option,
    passes what that needs (each kernel failed with 'min_points (6) must be ≥ …' before)."""
    modeler = SegmentedChangePointModeler()
    modeler.min_segment_size = 4
    assert modeler._searcher().min_points == 8
    assert len(modeler.model(_kernels())) == 2


def test_tooltips_say_the_contract_s_accepted_values():
    assert tooltip(SegmentedChangePointModeler, "noise_factor").splitlines()[1:] == [
        "Accepted: a finite number ≥ 0.", "Default: 1.5."]


DOCS = ROOT / "docs" / "segmentation.md"
TABLE = re.compile(r"<!-- options-table: Segmented -->\n(.*?)\n<!-- /options-table -->", re.S)


def test_the_docs_table_is_what_the_contract_generates():
    fields = (*SegmentedChangePointModeler.CORE_OPTIONS, "reliable_segment_points")
    shown = TABLE.search(DOCS.read_text(encoding="utf-8"))
    assert shown, "docs/segmentation.md has no <!-- options-table: Segmented --> block"
    assert shown.group(1) == options_table(SegmentedChangePointModeler, fields), \
        "docs/segmentation.md's options table differs from the contract; it should read:\n" + \
        options_table(SegmentedChangePointModeler, fields)
