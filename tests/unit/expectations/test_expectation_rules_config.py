"""Cross-function rules, the expectations TOML and regression baselines."""
from __future__ import annotations

import numpy as np
import pytest

from extrap_segmented.expectations.complexity import parse_expectation
from extrap_segmented.expectations.rules import evaluate_rule, parse_rule
from extrap_segmented.exceptions import ExpectationSyntaxError, InvalidInputError
from extrap_segmented.expectations.baseline import BaselineError, load_baseline, save_baseline
from extrap_segmented.expectations.config import (ExpectationConfigError, config_from_mapping,
                                                 load_expectation_config, match_names)
from extrap_segmented.expectations.fit import FitResult

P = 2.0 ** np.arange(3, 13)


def model(term, constant, coefficient):
    return FitResult(parse_expectation(term).term, constant, coefficient, 1.0, 0.0, 10, 17)


def test_parse_rule_sides_and_reversal():
    rule = parse_rule("Allreduce <= Reduce + 2 * Bcast")
    assert rule.lhs == ((1.0, "Allreduce"),) and rule.rhs == ((1.0, "Reduce"), (2.0, "Bcast"))
    assert parse_rule("Reduce + Bcast >= Allreduce").lhs == ((1.0, "Allreduce"),)
    with pytest.raises(ExpectationSyntaxError, match="expected 'A <= B"):
        parse_rule("Allreduce Reduce")
    with pytest.raises(ExpectationSyntaxError, match="not a function name"):
        parse_rule("Allreduce <= Reduce + +")


def test_rule_predicted_break_matches_the_crossing():
    models = {"Allreduce": model("p^0.67 log p", 4, 0.012), "Reduce": model("p^0.5 log p", 3, 0.05),
              "Bcast": model("p^0.5", 2, 0.1)}
    result = evaluate_rule(parse_rule("Allreduce <= Reduce + Bcast"), models, P, target=65536)
    assert result.status == "predicted" and result.failed and result.asymptotic_violation
    x = result.break_at
    lhs = models["Allreduce"].evaluate(np.array([x]))[0]
    rhs = models["Reduce"].evaluate(np.array([x]))[0] + models["Bcast"].evaluate(np.array([x]))[0]
    assert lhs == pytest.approx(rhs, rel=1e-6)
    assert 4096 < x < 65536
    # Below the crossing the rule holds but the asymptotic growth is reported.
    early = evaluate_rule(parse_rule("Allreduce <= Reduce + Bcast"), models, P, target=8192)
    assert early.status == "asymptotic" and not early.failed and early.break_at == pytest.approx(x)


def test_rule_violated_at_measured_scale_and_ok():
    models = {"A": model("p", 0, 1.0), "B": model("log p", 0, 30.0)}
    violated = evaluate_rule(parse_rule("A <= B"), models, P)
    assert violated.status == "violated" and violated.break_at == 256  # 256 > 30*8=240 first
    ok = evaluate_rule(parse_rule("B <= A + A"), {"A": model("p", 300, 1.0), "B": model("log p", 0, 30.0)}, P,
                       target=1e9)
    assert ok.status == "ok"
    with pytest.raises(InvalidInputError, match=r"names \['C'\], which have no model"):
        evaluate_rule(parse_rule("A <= C"), models, P)


def test_config_applies_defaults_and_reports_bad_entries(tmp_path):
    config = config_from_mapping({"defaults": {"metric": "time", "aggregation": "q1"},
                                  "expectation": [{"name": "Bcast", "expectation": "O(log p)"}],
                                  "rule": [{"rule": "Bcast <= Bcast", "target": 100}]}, "x.toml")
    entry = config.entries[0]
    assert (entry.callpath, entry.metric, entry.aggregation) == ("Bcast", "time", "q1")
    assert config.rules[0].target == 100
    with pytest.raises(ExpectationSyntaxError, match=r"x.toml: \[\[expectation\]\] #1 \('B'\): cannot parse"):
        config_from_mapping({"expectation": [{"name": "B", "expectation": "O(p ^^ 2)"}]}, "x.toml")
    with pytest.raises(ExpectationConfigError, match="unknown key"):
        config_from_mapping({"expectation": [{"name": "B", "expecation": "O(p)"}]}, "x.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[[expectation]\nname=")
    with pytest.raises(ExpectationConfigError, match="bad.toml: not valid TOML"):
        load_expectation_config(bad)


def test_unknown_glob_is_an_error_listing_names():
    with pytest.raises(ExpectationConfigError, match=r"call path glob 'MPI_Scan\*' matches nothing; "
                                                     r"available: MPI_Bcast, MPI_Reduce"):
        match_names("MPI_Scan*", ["MPI_Bcast", "MPI_Reduce"], what="call path", entry="#1")
    assert match_names("MPI_*", ["MPI_Bcast", "main"], what="call path", entry="#1") == ["MPI_Bcast"]


def test_committed_example_file_loads(fixtures_dir):
    config = load_expectation_config(fixtures_dir / "expectations" / "mpi_collectives.toml")
    assert [e.name for e in config.entries][:3] == ["Barrier", "Bcast", "Reduce"]
    assert config.rules[0].rule.text == "Allreduce <= Reduce + Bcast"


def test_baseline_round_trip_and_errors(tmp_path):
    path = save_baseline(tmp_path / "b.json", {"Bcast": {"model_term_exact": "p^(1/3) log p", "parameter": "p"}})
    baseline = load_baseline(path)
    assert baseline == {"Bcast": "O(p^(1/3) log p)"}
    assert parse_expectation(baseline["Bcast"]).term == parse_expectation("p^(1/3) * log(p)").term
    with pytest.raises(BaselineError, match="does not exist"):
        load_baseline(tmp_path / "missing.json")
    (tmp_path / "other.json").write_text('{"format": "x"}')
    with pytest.raises(BaselineError, match="is not an expectation baseline"):
        load_baseline(tmp_path / "other.json")


# -- rules on the measurements first (issue 12) ----------------------------------------------------
P_RULE = np.array([32, 64, 128, 256, 512.0])


def _fit(constant, coefficient, term="p"):
    from extrap_segmented.expectations.complexity import as_term
    return FitResult(as_term(term), constant, coefficient, 0.9, 0.0, 5, 10)


def _reps(values, spread=0.0, r=5, seed=0):
    rng = np.random.default_rng(seed)
    x = np.repeat(P_RULE, r)
    y = np.repeat(np.asarray(values, dtype=float), r) * (1 + spread * rng.standard_normal(x.size))
    return x, y


def test_rule_broken_by_every_measurement_is_reported_at_every_measured_value():
    rule = parse_rule("Allgather <= Gather + Bcast")
    # the models hold at every measured value (a model would say "ok"), the data do not
    models = {"Allgather": _fit(0.0, 1.0), "Gather": _fit(0.0, 1.0), "Bcast": _fit(1.0, 0.0, "1")}
    measured = {"Allgather": _reps(1.5 * P_RULE), "Gather": _reps(P_RULE), "Bcast": _reps(np.ones(5))}
    result = evaluate_rule(rule, models, P_RULE, target=65536, measured=measured)
    assert result.status == "violated" and result.failed
    assert result.measured.violated == list(P_RULE)
    assert result.message.startswith("Allgather <= Gather + Bcast is violated at measured p = 32, 64, 128, 256, 512")
    assert "predicted ratio 1 at p = 65,536" in result.message


def test_a_negative_model_at_small_p_does_not_invent_a_measured_violation():
    rule = parse_rule("A <= B")
    models = {"A": _fit(-50.0, 1.0), "B": _fit(0.0, 0.5)}   # A's model crosses B's below p = 100
    measured = {"A": _reps(0.4 * P_RULE), "B": _reps(0.5 * P_RULE)}  # the data hold everywhere
    old = evaluate_rule(rule, models, P_RULE)
    assert old.status == "violated"                         # models alone: a false alarm
    new = evaluate_rule(rule, models, P_RULE, measured=measured)
    assert new.status != "violated" and new.measured.violated == []


def test_repetition_spread_separates_violations_from_noise():
    rule = parse_rule("A <= B")
    models = {"A": _fit(0.0, 1.0), "B": _fit(0.0, 1.0)}
    noisy = {"A": _reps(1.02 * P_RULE, spread=0.2, seed=1), "B": _reps(P_RULE, spread=0.2, seed=2)}
    result = evaluate_rule(rule, models, P_RULE, measured=noisy, reduce={"A": np.mean, "B": np.mean})
    assert result.measured.repetitions and not result.measured.violated
    assert result.status != "violated"
    # one value per point: no spread to hide in, every excess counts
    single = {"A": (P_RULE, 1.02 * P_RULE), "B": (P_RULE, P_RULE)}
    assert evaluate_rule(rule, models, P_RULE, measured=single).measured.violated == list(P_RULE)


def test_rule_checked_only_where_all_functions_were_measured():
    rule = parse_rule("A <= B")
    models = {"A": _fit(0.0, 1.0), "B": _fit(0.0, 1.0)}
    measured = {"A": (P_RULE, 2 * P_RULE), "B": (P_RULE[1:], P_RULE[1:])}
    result = evaluate_rule(rule, models, P_RULE, measured=measured)
    assert result.measured.points == list(P_RULE[1:]) and result.measured.violated == list(P_RULE[1:])
