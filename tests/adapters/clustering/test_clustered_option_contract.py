"""One option contract per estimator: classify_ranks's options (clustering/options.py) are what
ClassifierOptions checks, what the Clustered modeler declares for Extra-P, what the GUI's tooltips
and docs/clustering.md's table say."""
from __future__ import annotations

import dataclasses
import math
import re
from pathlib import Path

import pytest

from extrap_segmented.adapters.clustering.modeler import ClusteredSingleParameterModeler as Clustered
from extrap_segmented.adapters.gui.option_texts import flatten, tooltip
from extrap_segmented.adapters.option_rules import options_table
from extrap_segmented.clustering.classify import ClassifierOptions
from extrap_segmented.clustering.options import CLASSIFIER
from extrap_segmented.clustering.relative_distance import check_threshold
from extrap_segmented.exceptions import InvalidInputError

ROOT = Path(__file__).resolve().parents[3]
PROBES = [-1, 0, 0.05, 0.1, 0.49, 0.5, 1, 1.5, 3, 32, 2.5, math.nan, math.inf, -math.inf]


def _declared(field: str):
    return next(o for o in flatten(Clustered.OPTIONS.items()) if o.field == field)


@pytest.mark.parametrize("field, core", Clustered.CORE_OPTIONS.items())
def test_every_modeler_option_is_its_core_declaration(field, core):
    option, declared = Clustered.CONTRACT[core], _declared(field)
    assert declared.value == option.default and declared.description == option.meaning
    assert (declared.range and list(declared.range)) == (option.choices and list(option.choices))


def test_classifier_options_defaults_are_the_contract():
    assert {f.name: f.default for f in dataclasses.fields(ClassifierOptions)} == \
        {name: option.default for name, option in CLASSIFIER.items()}


@pytest.mark.parametrize("name", ["threshold", "gap_factor", "outlier_factor", "min_gap", "max_classes",
                                  "max_outlier_fraction", "relevance"])
def test_the_core_rejects_exactly_what_its_contract_rejects(name):
    option = CLASSIFIER[name]
    for value in PROBES:
        if option.accepts(value):
            ClassifierOptions(**{name: value}).checked()
        else:
            with pytest.raises(InvalidInputError, match=rf"^{name} must be "):
                ClassifierOptions(**{name: value}).checked()


def test_the_distance_classifier_s_threshold_check_is_the_contract_s():
    """check_threshold (relative_distance.py, also used without ClassifierOptions) agrees with it."""
    assert [_accepted_by(check_threshold, v) for v in PROBES] == [CLASSIFIER["threshold"].accepts(v) for v in PROBES]
    assert sum(map(CLASSIFIER["threshold"].accepts, PROBES)) >= 5  # the probes cover both sides


def _accepted_by(check, value) -> bool:
    try:
        check(value)
        return True
    except InvalidInputError:
        return False


def test_tooltips_say_the_contract_s_accepted_values():
    assert tooltip(Clustered, "max_outlier_fraction").splitlines()[1:] == [
        "Accepted: a finite number ≥ 0 and < 0.5.", "Default: 0.1."]


FIELDS = ("classifier", "threshold", "max_outlier_fraction", "rank_value", "cluster_value", "rules_file",
          "extra_metrics", "min_points", "plot_dir")
TABLE = re.compile(r"<!-- options-table: Clustered -->\n(.*?)\n<!-- /options-table -->", re.S)


def test_the_docs_table_is_what_the_contract_generates():
    shown = TABLE.search((ROOT / "docs" / "clustering.md").read_text(encoding="utf-8"))
    assert shown, "docs/clustering.md has no <!-- options-table: Clustered --> block"
    assert shown.group(1) == options_table(Clustered, FIELDS), \
        "docs/clustering.md's options table differs from the contract; it should read:\n" + \
        options_table(Clustered, FIELDS)


def test_min_points_and_cluster_value_are_the_matching_contract_s(fixtures_dir):
    """The modeler's min_points and cluster_value are declared by MATCHING (clustering/options.py):
    the same default as the core's matching, refused outside the declaration in its words."""
    import inspect

    from extrap.modelers.model_generator import ModelGenerator
    from extrap.util.exceptions import RecoverableError

    from extrap_segmented.adapters.cube.reader import CubeRankReader
    from extrap_segmented.clustering.matching import match_clusters
    from extrap_segmented.clustering.options import MATCHING
    defaults = inspect.signature(match_clusters).parameters
    assert (defaults["cluster_measure"].default, defaults["min_points"].default) == \
        (MATCHING["cluster_value"].default, MATCHING["min_points"].default) == \
        (Clustered().cluster_value, Clustered().min_points)
    assert tooltip(Clustered, "min_points").splitlines()[1:] == ["Accepted: an integer ≥ 1.", "Default: 5."]
    experiment = CubeRankReader().read_experiment(str(fixtures_dir / "cube" / "gather-switch-p"))
    generator = ModelGenerator(experiment, modeler="clustered")
    generator.modeler.min_points = 0
    with pytest.raises(RecoverableError, match="^Clustered modeler: min_points must be an integer ≥ 1, got 0$"):
        generator.model_all()
