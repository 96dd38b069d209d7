"""The experiment's parameter names for a modeler.

Extra-P hands a modeler measurements only, whose coordinates carry no parameter names, so messages,
annotations and plots would say ``p=`` for a parameter named ``x``. Extra-P's model generator
knows the experiment: :func:`tell_parameter_names` makes it tell a modeler of a given class (as the
generator's modeler or as its multi-parameter modeler's single-parameter modeler) the names first.
"""
from __future__ import annotations

import functools
from typing import Any, Callable, Optional

from extrap_segmented.adapters.measurements import parameter_names
from extrap_segmented.adapters.plugin import extrap_internals


def keep_names(modeler: Any, names: tuple[str, ...]) -> None:
    """The default receiver: the names as the modeler's ``parameter_names``."""
    modeler.parameter_names = names


def tell_parameter_names(modeler_class: type, receive: Optional[Callable[[Any, tuple], None]] = None) -> None:
    """Makes ``ModelGenerator.model_all`` call ``receive(modeler, names)`` (default: set
    ``parameter_names``) for the modeler of ``modeler_class`` it is about to run. Idempotent; a
    modeler calls it when its first instance is made, so only processes that use it are affected."""
    extrap_internals.before_model_all(_teller(modeler_class, receive or keep_names))


@functools.cache  # one callback per class and receiver: registering it again changes nothing
def _teller(modeler_class: type, receive: Callable[[Any, tuple], None]) -> Callable[[Any], None]:
    def tell(generator: Any) -> None:
        outer = generator.modeler
        for modeler in (outer, getattr(outer, "single_parameter_modeler", None)):
            if isinstance(modeler, modeler_class):
                receive(modeler, parameter_names(generator.experiment))
    return tell
