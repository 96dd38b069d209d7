"""``--print all`` for models with any number of segments.

Extra-P's text report (``extrap.fileio.io_helper.format_all``) prints a ``SegmentedModel`` only
when it has one or two change points (``changing_points``), and raises NotImplementedError
otherwise; with two change points it assumes two segments. A `MultiSegmentModel` (three or more
segments, new or reopened) has two to four. :func:`multi_segment_placeholders` hands Extra-P a
plain stand-in for each such model while it writes the report and then replaces the stand-in's
three lines by one ``Model i``/``RSS Model i``/``Adjusted R^2 Model i`` group per segment, in
the format Extra-P uses for two segments.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from extrap.entities.functions import ConstantFunction
from extrap.entities.hypotheses import ConstantHypothesis
from extrap.entities.measurement import Measure
from extrap.entities.model import Model

from extrap_segmented.adapters.plugin import extrap_internals


def segment_lines(model: Any, parameters: list, format: Any = None) -> str:
    """The report lines of a multi-segment model, as Extra-P prints two segments.

    Each segment's range is what it covers: ``p<=last`` for the first, ``first<=p<=last`` in
    between, ``p>=first`` for the last (Extra-P writes ``str`` of the float values).
    """
    name = str(parameters[0]) if parameters else "p"
    bounds = list(getattr(model, "segment_bounds", []) or [])
    models = list(model.segment_models)
    text = ""
    for i, segment in enumerate(models):
        function = segment.hypothesis.function.to_string(*parameters, format=format)
        if i < len(bounds):
            first, last = bounds[i]
            if i == 0:
                where = f"{name}<={float(last)}"
            elif i == len(models) - 1:
                where = f"{name}>={float(first)}"
            else:
                where = f"{float(first)}<={name}<={float(last)}"
        else:
            where = f"segment {i + 1}"
        text += f"\t\tModel {i + 1}: {function} for {where}\n"
    for i, segment in enumerate(models):
        text += "\t\tRSS Model {}: {:.2E}\n".format(i + 1, segment.hypothesis.RSS)
        text += "\t\tAdjusted R^2 Model {}: {:.2E}\n".format(i + 1, segment.hypothesis.AR2)
    return text


class _Marker(ConstantFunction):
    """A function whose text is a unique token (found and replaced after Extra-P's report)."""

    def __init__(self, token: str):
        super().__init__()
        self.token = token

    def to_string(self, *parameters: Any, format: Any = None) -> str:
        return self.token


@contextmanager
def multi_segment_placeholders(experiment: Any, format: Any = None) -> Iterator[Callable[[str], str]]:
    """Within the block, every model of more than two segments is a plain stand-in in the
    experiment's modelers; yields the function that turns the report written meanwhile into the
    one with all segments. The models are restored on leaving, also after an error."""
    from extrap_segmented.adapters.segmentation.modeler import MultiSegmentModel

    replaced: list[tuple[dict, Any, Any]] = []
    texts: dict[str, str] = {}
    parameters = list(getattr(experiment, "parameters", []) or [])
    for modeler in getattr(experiment, "modelers", []) or []:
        models = getattr(modeler, "models", None)
        if not isinstance(models, dict):
            continue
        for key, model in list(models.items()):
            if isinstance(model, MultiSegmentModel):
                token = f"@@extrap_segmented_multi_segment_{len(texts)}@@"
                hypothesis = ConstantHypothesis(_Marker(token), Measure.MEAN)  # its lines are replaced
                extrap_internals.set_hypothesis_costs(hypothesis, rss=0.0, nrss=0.0, rrss=0.0, re=0.0, smape=0.0,
                                                      ar2=0.0)
                stand_in = Model(hypothesis, getattr(model, "callpath", None), getattr(model, "metric", None))
                texts[token] = segment_lines(model, parameters, format)
                replaced.append((models, key, model))
                models[key] = stand_in
    pattern = re.compile(r"\t\tModel: (@@extrap_segmented_multi_segment_\d+@@)\n\t\tRSS: [^\n]*\n"
                         r"\t\tAdjusted R\^2: [^\n]*\n")

    def fill(text: str) -> str:
        return pattern.sub(lambda match: texts.get(match.group(1), match.group(0)), text)

    try:
        yield fill
    finally:
        for models, key, model in replaced:
            models[key] = model
