"""What the multi-parameter Segmented and Expectation modelers share: the single-parameter
modeler carrying the command line's options, Extra-P's multi-parameter model of a kernel, and
the parameter labels of messages."""
from __future__ import annotations

import copy
from typing import Any, Sequence

from extrap.entities.model import Model
from extrap.modelers import multi_parameter
from extrap.modelers.modeler_options import modeler_options

from extrap_segmented.adapters.pmnf.basic_modeler import VectorizedBasicModeler

#: Labels of parameters whose names are unknown (a modeler used without a model generator).
DEFAULT_NAMES = ("p", "q", "r", "s", "t")


def inner_with_outer_options(outer: Any, inner: Any) -> Any:
    """A copy of a multi-parameter modeler's single-parameter modeler ``inner`` carrying the options
    Extra-P's command line set on ``outer`` (it sets them on the multi-parameter modeler), except
    ``jobs``, which the outer modeler uses itself."""
    inner = copy.copy(inner)
    for option in modeler_options.iter(inner):
        if option.field in outer.__dict__ and option.field != "jobs":
            setattr(inner, option.field, outer.__dict__[option.field])
    return inner


def plain_model(measurements: Sequence[Any], use_measure: Any) -> Model:
    """Extra-P's default multi-parameter model of a kernel (single-parameter fits by the vectorized
    search, which gives Extra-P's default models)."""
    modeler = multi_parameter.Default()
    modeler.single_parameter_modeler = VectorizedBasicModeler()
    modeler.use_measure = use_measure
    return modeler.create_model(measurements)


def parameter_labels(known: Sequence[str] | None, dimensions: int) -> list[str]:
    """The experiment's parameter names, completed to ``dimensions`` with ``p, q, r, s, t, x5, …``."""
    names = list(known or ())[:dimensions]
    return names + [DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else f"x{i}" for i in range(len(names), dimensions)]
