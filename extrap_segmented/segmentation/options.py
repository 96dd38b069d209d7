"""The option contracts of the change-point searches (see :mod:`extrap_segmented.options`).

``WINDOW`` holds the options every detection shares (:class:`~.window.WindowSearch`), ``TEST``
those of :class:`~.significance.SignificanceSearch` (mode "test"), ``PAPER`` those of
:class:`~.paper.PaperWindowSearch` (mode "paper"), ``MULTI`` those of the search along one
parameter of several (:func:`~.multi.changes_along`). The objects a search also takes (costs,
exponents, search options) and the expert thresholds the modeler does not expose (``exact_*``,
``eta``) are not declared: they are validated where they are used.
"""
from __future__ import annotations

from extrap_segmented.options import Option, Relation, declare

NOISE_FACTOR = 1.5
"""Default ``noise_factor``, calibrated by ``benchmarks/segmentation/segmentation_calibration.py``."""

MODE = Option("mode", str, "trend", "Detection: 'trend' (breaks in level or trend of log y against log x, judged "
                                    "against each point's robust noise; default), 'test' (relative one- vs "
                                    "two-segment test, the default before issue 23; also trend mode's short series) "
                                    "or 'paper' (Ilyas et al. nRSS windows)", choices=("trend", "test", "paper"))

WINDOW = declare(
    Option("window", int, 5, "Points per sliding window", low=3),
    Option("max_change_points", int, 2, "Most change points per kernel (binary segmentation)", low=0),
    Option("min_segment_size", int, 3, "Fewest points per segment when splitting", low=2),
    Option("min_points", int, 6, "Fewest points to look for a change at all, also the fewest a part needs to be "
                                 "searched again", low=2),
)
WINDOW_RELATIONS = (Relation("min_points", "min_segment_size", factor=2),)

# Meanings of the options of one detection start in lower case: the modeler prefixes "Test mode: ".
TEST = declare(
    Option("min_relative_error", float, 0.06, "relative RMS error of the one-segment fit needed without "
                                              "repetitions (with repetitions the limit follows the measured "
                                              "noise, see Noise factor)", low=0),
    Option("noise_factor", float, NOISE_FACTOR, "with repetitions, error limit = this factor x pooled noise of the "
                                                "means x sqrt(F quantile 0.99); calibrated for at most 1 in 100 "
                                                "false positives", low=0),
    Option("noise_quantile", float, 0.99, "level of the F quantile in the noise limit", low=0, high=1,
           low_open=True, high_open=True),
    Option("quantisation_steps", float, 1.0, "integer counts are not segmented when one function stays within "
                                             "this many counts of every value", low=0),
    Option("f_limit", float, 10.0, "F statistic (one vs two segments) needed", low=0, low_open=True),
    Option("compare_smooth", bool, True, "two segments must also beat the best smooth single function (two PMNF "
                                         "terms, or one term with a continuous exponent) by the F limit"),
    Option("smooth_error_ratio", float, 0.5, "that smooth function's relative RMS error must exceed this fraction "
                                             "of the error limit", low=0),
)

# the trend detection's options (:class:`~.trend.TrendBreakSearch`; its limit is ``f_limit`` there)
TREND = declare(
    Option("trend_f_limit", float, 12.0, "z² by which a point's log-log slope must drop (a step: a smooth cost's "
                                         "slope never drops), in units of its noise", low=0, low_open=True),
    Option("noise_floor", float, 0.005, "smallest relative noise of a point", low=0),
    Option("min_relative_change", float, 0.1, "smallest relative step of a change (0.1: x1.1)", low=0),
    Option("flat_steps", int, 1, "further changes beyond Max change points, each a step up of at least x1.15 out "
                                 "of a flat part (log-log slope below 0.2 over the two gaps before it), as a "
                                 "staircase of protocol switches in the latency regime", low=0),
)

PAPER = declare(
    Option("theta", float, 0.5, "nRSS above which a kernel is segmented", low=0),
    Option("nrss_band", tuple, (0.1, 0.5), "nRSS band (low, high) of the epsilon criterion; windows above its low "
                                           "end are heterogeneous", low=0),
    Option("epsilon_limit", float, 4.0, "relative nRSS limit", low=0, low_open=True, infinite=True),
)

# the search along one parameter of several (:func:`~.multi.changes_along`; ``min_share`` there)
MULTI = declare(
    Option("consistent_share", float, 2 / 3, "share of the slices along a parameter that must show the same change "
                                             "location for one segmented model", low=0, low_open=True, high=1),
)
