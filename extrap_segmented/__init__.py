"""extrap-segmented: segmented, per-rank clustered and expectation-based modeling for Extra-P.

Importing this package is cheap (it runs at every interpreter start through a ``.pth`` file):
the public API is loaded on first access.
"""
from extrap_segmented._version import __version__

# Public API, imported on first access (``extrap_segmented.ChangePointSearch``): name -> module.
_LAZY_API = {
    "ChangePointSearch": "change_point_search",
    "suggest_measurements": "change_point_search",
    "plot_segmentation": "segmentation_plot",
    "RelativeDistanceClustering": "relative_distance_clustering",
    "relative_distance_labels": "relative_distance_clustering",
    "multi_metric_labels": "relative_distance_clustering",
    "plot_configuration_strips": "cluster_plot",
    "plot_cluster_models": "cluster_plot",
    "parse_expectation": "complexity_expectation",
    "deviation_limits": "complexity_expectation",
    "build_search_space": "expectation_search_space",
    "ScalabilityValidator": "scalability_validation",
    "validate_series": "scalability_validation",
    "parse_rule": "cross_function_rules",
    "evaluate_rule": "cross_function_rules",
    "plot_validation": "validation_plot",
    "read_cubex": "cube_profile",
    "read_cube_directory": "cube_arrays",
    "write_cubex": "cube_writer",
    "make_location_table": "cube_writer",
    "CubeMetric": "cube_writer",
    "LocationTable": "locations",
}

__all__ = ["__version__", "activate", "hookimpl", *_LAZY_API]


def activate():
    """Registers every ``extrap.plugins`` plugin in Extra-P's registries (idempotent).

    Not needed after ``pip install`` (a start-up hook does it when Extra-P is imported); for
    embedding in programs started without site packages' start-up files.

    Returns:
        The registrar, whose ``registrations`` list what was registered where.
    """
    from extrap_segmented.adapters.extrap_registration import activate as _activate
    return _activate()


def __getattr__(name):
    if name == "hookimpl":
        from extrap_segmented.adapters.hookspecs import hookimpl
        return hookimpl
    if name in _LAZY_API:
        import importlib
        return getattr(importlib.import_module(f"extrap_segmented.{_LAZY_API[name]}"), name)
    raise AttributeError(f"module 'extrap_segmented' has no attribute {name!r}")
