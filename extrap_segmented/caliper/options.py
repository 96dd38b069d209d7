"""The option contract of reading a set of Caliper profiles (:func:`~.series.read_caliper`), see
:mod:`extrap_segmented.options`. The ``--caliper`` reader's options and its import dialog's inputs
are made from it (``extrap_segmented/adapters/caliper/reader.py``)."""
from __future__ import annotations

from extrap_segmented.options import Option, declare

READER = declare(
    Option("parameters", str, "mpi.world.size", "Global attributes (Caliper/Adiak run metadata) holding the parameter "
                                                "values, comma-separated, e.g. mpi.world.size or "
                                                "jobsize,problem_size"),
    Option("pattern", str, "**/*.cali", "Glob of the .cali files below the directory"),
    Option("imbalance", bool, True, "Add the metric 'Imbalance ... (max/avg)' for every Min/Avg/Max per-rank summary "
                                    "and per-rank metric"),
)
