"""Per-rank Extra-P experiments built in memory (2-D stencil ranks) and the Clustered modeler run on them,
shared by the tests of the Clustered modeler, its report text and the fast Basic modeler."""
from __future__ import annotations

import numpy as np
from extrap.entities.callpath import Callpath
from extrap.entities.coordinate import Coordinate
from extrap.entities.experiment import Experiment
from extrap.entities.measurement import Measurement
from extrap.entities.metric import Metric
from extrap.entities.parameter import Parameter
from extrap.fileio.io_helper import create_call_tree
from extrap.modelers.model_generator import ModelGenerator

from extrap_segmented.adapters.clustering.modeler import ClusteredMultiParameterModeler, ClusteredSingleParameterModeler
from extrap_segmented.locations import LocationTable

P_VALUES = (4, 16, 36, 64, 144, 256)


def _grid(p):
    q = int(round(np.sqrt(p)))
    coords = np.array([(x, y) for x in range(q) for y in range(q)])
    table = LocationTable(rank=np.arange(p), thread=np.zeros(p, dtype=np.int64), node=np.full(p, "n"),
                          coords=coords, topology_dims=(q, q), periodic=(False, False))
    return coords, q, table


def stencil_values(p, s, rng, noise=0.01, reps=2):
    """Per-rank times of a 2-D stencil: inner s, edges +sqrt(s)*{100, 160}, corners both (reps x p)."""
    coords, q, table = _grid(p)
    row_edge = (coords[:, 0] == 0) | (coords[:, 0] == q - 1)
    col_edge = (coords[:, 1] == 0) | (coords[:, 1] == q - 1)
    base = s + np.sqrt(s) * (100 * row_edge + 160 * col_edge)
    return base[None, :] * (1 + noise * rng.uniform(-1, 1, size=(reps, p))), table


def make_experiment(kernels, ss=None):
    """Experiment with per-rank values; ``kernels`` maps call path -> f(p, s, rng) -> (values, table)."""
    rng = np.random.default_rng(7)
    experiment = Experiment()
    experiment.add_parameter(Parameter("p"))
    if ss:
        experiment.add_parameter(Parameter("s"))
    metric = Metric("time")
    experiment.add_metric(metric)
    for name in kernels:
        experiment.add_callpath(Callpath(name))
    for p in P_VALUES:
        for s in ss or [100]:
            coordinate = Coordinate(p, s) if ss else Coordinate(p)
            experiment.add_coordinate(coordinate)
            for name, make in kernels.items():
                values, table = make(p, s, rng)
                m = Measurement(coordinate, Callpath(name), metric, values, keep_values=True)
                if table is not None:
                    m.locations = table
                experiment.add_measurement(m)
    experiment.call_tree = create_call_tree(experiment.callpaths)
    return experiment


def model(experiment, **options):
    modeler = ClusteredMultiParameterModeler() if len(experiment.parameters) > 1 else \
        ClusteredSingleParameterModeler()
    for key, value in options.items():
        setattr(modeler, key, value)
    generator = ModelGenerator(experiment, modeler)
    generator.model_all()
    return generator
