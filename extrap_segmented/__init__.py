"""extrap-segmented: segmented, per-rank clustered and expectation-based modeling for Extra-P.

Importing this package is cheap (it runs at every interpreter start through a ``.pth`` file):
the public API is loaded on first access.
"""
from extrap_segmented._version import __version__

# Public API, imported on first access (``extrap_segmented.ChangePointSearch``): name -> module.
_LAZY_API = {
    "ChangePointSearch": "segmentation.search",
    "suggest_measurements": "segmentation.suggest",
    "SignificanceSearch": "segmentation.significance",
    "PaperWindowSearch": "segmentation.paper",
    "WindowSearch": "segmentation.window",
    "plot_segmentation": "segmentation.plot",
    "repetition_noise": "segmentation.noise",
    "changes_along": "segmentation.multi",
    "fit_separable": "segmentation.multi",
    "classify_ranks": "clustering.classify",
    "RelativeDistanceClustering": "clustering.relative_distance",
    "relative_distance_labels": "clustering.relative_distance",
    "multi_metric_labels": "clustering.relative_distance",
    "plot_configuration_strips": "clustering.plot",
    "plot_cluster_models": "clustering.plot",
    "parse_expectation": "expectations.complexity",
    "deviation_limits": "expectations.complexity",
    "parse_multi_expectation": "expectations.multi",
    "validate_along": "expectations.multi",
    "build_search_space": "expectations.search_space",
    "ScalabilityValidator": "expectations.validation",
    "validate_series": "expectations.validation",
    "parse_rule": "expectations.rules",
    "evaluate_rule": "expectations.rules",
    "plot_validation": "expectations.plot",
    "read_cubex": "cube.profile",
    "read_cube_directory": "cube.directory",
    "write_cubex": "cube.writer",
    "make_location_table": "cube.writer",
    "CubeMetric": "cube.writer",
    "LocationTable": "locations",
    "read_cali": "caliper.profile",
    "read_caliper": "caliper.series",
    "write_cali": "caliper.writer",
}

__all__ = ["__version__", "activate", "hookimpl", *_LAZY_API]


def activate():
    """Registers every ``extrap.plugins`` plugin in Extra-P's registries (idempotent).

    Not needed after ``pip install`` (a start-up hook does it when Extra-P is imported); for
    embedding in programs started without site packages' start-up files.

    Returns:
        The registrar, whose ``registrations`` list what was registered where.
    """
    from extrap_segmented.adapters.plugin.registration import activate as _activate
    return _activate()


def __getattr__(name):
    if name == "hookimpl":
        from extrap_segmented.adapters.plugin.hookspecs import hookimpl
        return hookimpl
    if name in _LAZY_API:
        import importlib
        return getattr(importlib.import_module(f"extrap_segmented.{_LAZY_API[name]}"), name)
    raise AttributeError(f"module 'extrap_segmented' has no attribute {name!r}")
