"""Readable cluster text (``--print all``, GUI tooltip) and the idempotent ``--print`` integration."""
from __future__ import annotations

import extrap.fileio.io_helper as io_helper
from extrap.entities.functions import ConstantFunction, MultiParameterFunction, SingleParameterFunction
from extrap.entities.terms import CompoundTerm, MultiParameterTerm
from extrap.fileio.output import format_output

from extrap_segmented.adapters.clustering.models import ClusterAnnotation
from extrap_segmented.adapters.plugin.registration import activate, get_registrar
from extrap_segmented.adapters.plugin.report import install_report_sections, uninstall_report_sections
from extrap_segmented.adapters.clustering.text import format_number, readable_function
from rank_experiments import make_experiment, model, stencil_values

P = [(4,), (16,), (64,), (256,)]


def _single(constant, *terms):
    function = SingleParameterFunction(*[CompoundTerm.create(*exponents) for exponents, _ in terms])
    function.constant_coefficient = constant
    for term, (_, coefficient) in zip(function.compound_terms, terms):
        term.coefficient = coefficient
    return function


def test_numbers_have_four_significant_digits():
    assert [format_number(v) for v in (0.0015612345, 3.3612e-05, 196.0, -12.8512, 1234567.0)] == [
        "0.001561", "3.361e-05", "196", "-12.85", "1.235e+06"]


def test_rounding_noise_is_dropped_from_the_text_only():
    function = _single(4.632300282280052e-15, ((1, 1, 0), 1.0000000000000002))
    assert readable_function(function, ["p"], P) == "p^(1)"
    # exact: the coefficients are literals of this test, no fit in between
    assert function.constant_coefficient == 4.632300282280052e-15  # the model is unchanged
    assert "4.632300282280052e-15" in function.to_string("p")  # exact: Extra-P prints the literal's repr


def test_small_parts_that_matter_somewhere_are_kept():
    # the constant is 2.4 % of the value at s = 100 although it is tiny at s = 25600
    function = _single(7.088e-06, ((1, 1, 0), 2.974e-06))
    assert readable_function(function, ["s"], [(100,), (25600,)]) == "7.088e-06 + 2.974e-06 * s^(1)"
    assert readable_function(_single(-4.0, ((1, 2, 0), 2.0)), ["p"], P) == "-4 + 2 * p^(1/2)"
    assert readable_function(_single(10.0, ((1, 1, 0), -2.5)), ["p"], P) == "10 - 2.5 * p^(1)"
    assert readable_function(_single(0.0, ((1, 1, 0), -2.5)), ["p"], P) == "-2.5 * p^(1)"
    assert readable_function(ConstantFunction(4.0), ["p"], P) == "4"


def test_multi_parameter_terms():
    term = MultiParameterTerm((0, CompoundTerm.create(1, 2, 0)), (1, CompoundTerm.create(1, 1, 0)))
    term.coefficient = 0.0012345678
    negligible = MultiParameterTerm((0, CompoundTerm.create(0, 1, 1)))
    negligible.coefficient = 1e-12
    function = MultiParameterFunction(term, negligible)
    function.constant_coefficient = 3.0
    points = [(p, s) for p in (4, 64) for s in (100, 25600)]
    assert readable_function(function, ["p", "s"], points) == "3 + 0.001235 * p^(1/2) * s^(1)"


def test_print_integration_is_idempotent_and_leaves_other_reports_alone():
    host = get_registrar().host
    install_report_sections(host)
    wrapper = io_helper.format_all
    install_report_sections(host)
    assert io_helper.format_all is wrapper
    plain = make_experiment({"flux": stencil_values})
    from extrap.modelers.model_generator import ModelGenerator
    ModelGenerator(plain, "Default").model_all()
    assert format_output(plain, "all") == wrapper.__wrapped__(plain)  # byte-identical without clusters
    try:
        uninstall_report_sections()
        assert io_helper.format_all is wrapper.__wrapped__
        uninstall_report_sections()  # no-op
    finally:
        install_report_sections(host)


def test_tooltip_lists_the_same_readable_lines_as_the_report():
    activate()  # as the extrap command does when it reads a registry: --print all gets the Clusters section
    experiment = make_experiment({"flux": stencil_values})
    model(experiment)
    result = next(iter(experiment.modelers[0].models.values()))
    annotation = next(a for a in result.annotations if isinstance(a, ClusterAnnotation))
    tooltip = annotation.title(parameters=experiment.parameters).splitlines()
    report = format_output(experiment, "all")
    assert tooltip[0] == "Clusters: 1..4 (differ) by adaptive classifier; slowest: C4"
    assert len(tooltip) == 5 and all(f"\t\t\t{line}\n" in report for line in tooltip[1:])
    assert "C4: 4 ranks at 5 configurations; corner; ranks 0,15,240,255 at (p=256); model: " in tooltip[4]
    assert tooltip[4].endswith("; members: 4")
