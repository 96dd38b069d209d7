"""The ``Clusters:`` section under every clustered kernel in ``extrap --print all``.

Printed through the plugin host's report sections (:mod:`extrap_segmented.adapters.plugin.report`):
this package's own plugin returns :func:`cluster_section` from its
``extrap_segmented_kernel_report`` hook.
"""
from __future__ import annotations

from typing import Optional

from extrap_segmented.adapters.clustering.models import ClusterAnnotation

TITLE = "Clusters"


def cluster_section(model, parameters) -> Optional[tuple[str, str]]:
    """``("Clusters", summary)`` for a model carrying a cluster annotation, else None."""
    for annotation in getattr(model, "annotations", ()):
        if isinstance(annotation, ClusterAnnotation):
            return TITLE, annotation.content(parameters=parameters)
    return None
