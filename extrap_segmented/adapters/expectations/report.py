"""The ``Expectation:`` section under every kernel of the Expectation modeler in ``extrap --print all``.

Its first line is ``Verdict: <verdict> (expected …, model …, δ = …)``, built by the same core
function as ``extrap-validate``'s (:func:`~extrap_segmented.expectations.validation.verdict_line`).
"""
from __future__ import annotations

from typing import Optional

TITLE = "Expectation"


def expectation_section(model) -> Optional[tuple[str, str]]:
    """``("Expectation", text)`` for a model of the Expectation modeler, else None."""
    from extrap_segmented.adapters.expectations.modeler import ExpectationVerdictAnnotation
    for annotation in getattr(model, "annotations", ()):
        if isinstance(annotation, ExpectationVerdictAnnotation):
            return TITLE, annotation.report()
    return None
