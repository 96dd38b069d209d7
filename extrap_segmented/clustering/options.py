"""The option contracts of per-rank clustering, see :mod:`extrap_segmented.options`.

``CLASSIFIER``: :func:`~.classify.classify_ranks` (:class:`~.classify.ClassifierOptions`); the
Clustered modeler's ``classifier``, ``threshold``, ``max_outlier_fraction`` and ``rank_value``
options are made from it, the others keep the defaults declared here (chosen by
``benchmarks/clustering/``, docs/clustering.md). ``MATCHING``: the matching of classes across
configurations (:func:`~.matching.match_clusters`, :func:`~.kernel.cluster_kernel`), the Clustered
modeler's ``cluster_value`` and ``min_points``."""
from __future__ import annotations

from extrap_segmented.clustering.relative_distance import DEFAULT_THRESHOLD
from extrap_segmented.options import Option, declare
from extrap_segmented.reducers import MEASURES

MODES = ("adaptive", "paper")
#: Extra-P's measures, the default first (the order the GUI and --help have always listed them).
MEASURE_CHOICES = tuple(sorted(MEASURES, key=lambda name: name != "median"))

CLASSIFIER = declare(
    Option("mode", str, "adaptive", "How ranks are grouped into classes: adaptive (gaps judged against the spread "
                                    "of the values and the repetitions' noise, lone extreme ranks as outliers) or "
                                    "paper (a new class wherever sorted neighbours differ by more than the "
                                    "threshold)", choices=MODES),
    Option("rank_value", str, "median", "How the repetitions of one rank are reduced to one value",
           choices=MEASURE_CHOICES),
    Option("threshold", float, DEFAULT_THRESHOLD, "paper classifier: relative distance between sorted neighbouring "
                                                  "rank values above which a new class starts (0.1 means 10 "
                                                  "percent); adaptive: the rule for fewer than 16 ranks",
           low=0, low_open=True),
    Option("gap_factor", float, 2.8, "adaptive: a partition is accepted when its smallest cut exceeds this factor "
                                     "times the scale (pooled spread, repetitions' noise, min_gap)", low=0),
    Option("outlier_factor", float, 4.0, "adaptive: a cut that leaves one rank alone must exceed this factor times "
                                         "the pooled deviation", low=0),
    Option("min_gap", float, 0.01, "adaptive: relative difference below which no gap is a cut (the scale's "
                                   "floor)", low=0),
    Option("max_classes", int, 32, "most classes of one configuration", low=1),
    Option("max_outlier_fraction", float, 0.1, "adaptive classifier: largest share of the ranks set aside as "
                                               "outliers (ranks alike no other rank)", low=0, high=0.5,
           high_open=True),
    Option("relevance", float, 0.1, "adaptive: a cut below the threshold smaller than this share of the largest cut "
                                    "between classes of two or more ranks is dropped", low=0, high=1),
)

MATCHING = declare(
    Option("cluster_value", str, "median", "How the ranks of one cluster are reduced to the value that is modeled",
           choices=MEASURE_CHOICES),
    Option("min_points", int, 5, "Values per parameter needed to model configurations that share a cluster count",
           low=1),
)
