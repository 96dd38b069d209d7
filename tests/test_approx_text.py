"""The report comparison of the test suite passes last-digit differences and fails on real changes."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from approx_text import NUMBER, assert_text_close, text_mismatches

# Two real outputs of the same saved experiment on two CPUs (fixtures/saved/v01_default_ranks).
THIS_CPU = """main->kernel_1 [time]: 2.978988876231366e-06 + 0.0006706513476085943 * n^(1/2)
main->kernel_1->kernel_2->kernel_3 [visits]: -9.138046000852016e-14 + 40.00000000000003 * n^(1)
main->kernel_1->kernel_2->kernel_3->kernel_4 [visits]: 49.87796020963029 + 17.81999771962651 * n^(1/4) * log2(n)^(1)
"""
OTHER_CPU = """main->kernel_1 [time]: 2.9789888762317678e-06 + 0.0006706513476085937 * n^(1/2)
main->kernel_1->kernel_2->kernel_3 [visits]: -9.945526531734074e-14 + 40.00000000000003 * n^(1)
main->kernel_1->kernel_2->kernel_3->kernel_4 [visits]: 49.87796020963029 + 17.819997719626503 * n^(1/4) * log2(n)^(1)
"""
SEGMENTS = "two_segments [time]: -6.629243985075638e-05 + 0.0010052404081674958 * p^(1.0) for p<=64.0\n"


def _perturb(text: str, factor: float, index: int | None = None) -> str:
    """``text`` with its non-integer numbers (or only the ``index``-th one) multiplied by ``factor``."""
    seen = -1

    def scaled(match: re.Match) -> str:
        nonlocal seen
        token = match.group()
        if not any(c in token for c in ".eE"):
            return token
        seen += 1
        return repr(float(token) * factor) if index is None or seen == index else token

    return NUMBER.sub(scaled, text)


def test_outputs_of_two_cpus_agree():
    assert_text_close(THIS_CPU, OTHER_CPU)
    assert THIS_CPU != OTHER_CPU


def test_rounding_noise_intercept_is_judged_on_its_formula_scale():
    # -9.1e-14 vs -9.9e-14 differ by 9 %, but both are rounding noise next to the slope 40
    assert text_mismatches(THIS_CPU.splitlines()[1], OTHER_CPU.splitlines()[1]) == []
    # alone, the same two numbers are a real difference
    assert text_mismatches("c = -9.138046000852016e-14", "c = -9.945526531734074e-14")


def test_exponents_do_not_loosen_small_coefficients():
    # n^(1/2) and p^(1.0) must not become the scale of a coefficient of 6.7e-4
    changed = THIS_CPU.replace("0.0006706513476085943", "0.0006706513486085943")  # 1.5e-9 relative
    assert text_mismatches(changed, THIS_CPU)
    changed = SEGMENTS.replace("0.0010052404081674958", "0.0010052404181674958")
    assert text_mismatches(changed, SEGMENTS)


# every number but the third, the rounding-noise intercept (-9.1e-14 beside 40)
@pytest.mark.parametrize("index", [0, 1, 3, 4, 5])
def test_one_digit_changed_at_the_1e_6_level_fails(index):
    with pytest.raises(AssertionError, match="differ by"):
        assert_text_close(_perturb(THIS_CPU, 1 + 1e-6, index), THIS_CPU)


def test_perturbation_at_1e_12_passes():
    assert_text_close(_perturb(THIS_CPU, 1 + 1e-12), THIS_CPU)
    assert_text_close(_perturb(SEGMENTS, 1 - 1e-12), SEGMENTS)


@pytest.mark.parametrize("actual", [
    THIS_CPU.replace("[visits]", "[time]", 1),                      # a word
    THIS_CPU.replace("n^(1/2)", "n^(1/3)", 1),                      # an exponent (integer)
    THIS_CPU.replace("n^(1)", "n^(1.0)", 1),                        # a number written differently
    THIS_CPU.replace(" + 40.00000000000003", "", 1),                # a number missing
    THIS_CPU + "main [time]: 1.5\n",                                # a line added
    "\n".join(THIS_CPU.splitlines()[1:]) + "\n",                    # a line missing
    THIS_CPU.replace("kernel_1 [time]", "kernel_2 [time]", 1),      # a digit inside a name
    SEGMENTS.replace("p<=64.0", "p<=128.0"),                        # a change point
], ids=["word", "exponent", "spelling", "missing-number", "added-line", "missing-line", "name", "change-point"])
def test_real_changes_fail(actual):
    expected = SEGMENTS if "two_segments" in actual else THIS_CPU
    with pytest.raises(AssertionError):
        assert_text_close(actual, expected)


def test_nan_equals_only_nan():
    assert_text_close("v = nan", "v = nan")
    with pytest.raises(AssertionError):
        assert_text_close("v = nan", "v = 1.5")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=-1e12, max_value=1e12, allow_nan=False).filter(lambda v: abs(v) > 1e-12),
                min_size=1, max_size=6),
       st.floats(min_value=-1e-11, max_value=1e-11))
def test_any_report_agrees_with_itself_perturbed_below_the_tolerance(values, relative):
    text = "k [time]: " + " + ".join(f"{v!r} * p^(1/2)" for v in values) + "\n"
    assert_text_close(_perturb(text, 1 + relative), text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=0.001, max_value=1e6), min_size=1, max_size=6),
       st.floats(min_value=1e-7, max_value=1e-2))
def test_the_largest_coefficient_changed_by_more_than_1e_7_always_fails(values, relative):
    text = "k [time]: " + " + ".join(f"{v!r} * p^(1/2)" for v in values) + "\n"
    largest = max(range(len(values)), key=lambda i: values[i])
    with pytest.raises(AssertionError):
        assert_text_close(_perturb(text, 1 + relative, largest), text)
