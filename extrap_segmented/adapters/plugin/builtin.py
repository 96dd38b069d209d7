"""This package's own plugin, loaded through the ``extrap.plugins`` entry point like any other.

Each class is imported inside its hook and separately, so a failure in one feature (say, a
missing optional dependency of the Cube reader) leaves the other modelers registered.
"""
from __future__ import annotations

import importlib
import warnings
from typing import Optional

from extrap_segmented.adapters.plugin.hookspecs import hookimpl

SINGLE_PARAMETER_MODELERS = (
    ("extrap_segmented.adapters.segmentation.modeler", "SegmentedChangePointModeler"),
    ("extrap_segmented.adapters.clustering.modeler", "ClusteredSingleParameterModeler"),
    ("extrap_segmented.adapters.expectations.modeler", "ExpectationModeler"),
)
MULTI_PARAMETER_MODELERS = (
    ("extrap_segmented.adapters.clustering.modeler", "ClusteredMultiParameterModeler"),
)
FILE_READERS = (
    ("extrap_segmented.adapters.cube.reader", "CubeRankReader"),
    ("extrap_segmented.adapters.caliper.reader", "CaliperFileReader"),
)


def _load(references: tuple[tuple[str, str], ...]) -> list[type]:
    classes = []
    for module_name, class_name in references:
        try:
            classes.append(getattr(importlib.import_module(module_name), class_name))
        except Exception as error:
            warnings.warn(f"extrap-segmented: {module_name}.{class_name} is unavailable "
                          f"({type(error).__name__}: {error})", RuntimeWarning, stacklevel=2)
    return classes


@hookimpl
def extrap_segmented_single_parameter_modelers() -> list[type]:
    """Segmented, Clustered and Expectation."""
    return _load(SINGLE_PARAMETER_MODELERS)


@hookimpl
def extrap_segmented_multi_parameter_modelers() -> list[type]:
    """Clustered (multi-parameter)."""
    return _load(MULTI_PARAMETER_MODELERS)


@hookimpl
def extrap_segmented_file_readers() -> list[type]:
    """``--cube-ranks`` and ``--caliper``."""
    return _load(FILE_READERS)


@hookimpl
def extrap_segmented_describe() -> str:
    """The line shown by ``extrap-segmented --version``."""
    return ("Segmented, Clustered and Expectation modelers; per-rank Cube reader (--cube-ranks); Caliper reader "
            "(--caliper)")


@hookimpl
def extrap_segmented_kernel_report(model, parameters) -> Optional[tuple[str, str]]:
    """The ``Clusters:`` section of clustered kernels and the ``Expectation:`` section (verdict line)
    of the Expectation modeler's in ``--print all`` (None for other kernels)."""
    annotations = getattr(model, "annotations", None)
    if not annotations:  # most kernels: no import, no work
        return None
    from extrap_segmented.adapters.clustering.report import cluster_section
    from extrap_segmented.adapters.expectations.report import expectation_section
    return cluster_section(model, parameters) or expectation_section(model)
