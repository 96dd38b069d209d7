"""The Clustered modeler's shortcuts (a single repetition reduced without numpy's reduction
machinery, the classifier's early exit when no gap can be a cut, the free-locations matrix used
without a copy) leave its output unchanged, byte for byte."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

from extrap.fileio.output import format_output
from extrap.modelers.model_generator import ModelGenerator

from extrap_segmented.adapters.cube.reader import CubeRankReader
from extrap_segmented.clustering import classify, kernel as kernel_module, matching
from extrap_segmented.clustering.classify import ClassifierOptions, classify_matrix
from extrap_segmented.clustering.matching import cluster_configuration
from extrap_segmented.reducers import MEASURES, STATISTICS, reduce_columns


def _plain(reduce, matrix):
    return reduce(matrix, axis=0)


def _model(fixtures_dir, name, options):
    experiment = CubeRankReader().read_experiment(str(fixtures_dir / "cube" / name))
    generator = ModelGenerator(experiment, modeler="clustered")
    generator.modeler.jobs = 1
    for key, value in options.items():
        setattr(generator.modeler, key, value)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        generator.model_all()
    return format_output(experiment, "all"), [str(w.message) for w in caught]


@pytest.mark.parametrize("fixture, options", [("gather-switch-p", {}), ("stencil2d-ps", {}),
                                              ("multimetric-p", {"extra_metrics": "PAPI_TOT_INS"}),
                                              ("gather-switch-p", {"classifier": "paper"}),
                                              ("stencil2d-ps", {"rank_value": "mean"})])
@pytest.mark.slow
def test_output_equals_the_plain_reductions(fixtures_dir, monkeypatch, fixture, options):
    fast = _model(fixtures_dir, fixture, options)
    for module in (kernel_module, classify, matching):
        monkeypatch.setattr(module, "reduce_columns", _plain)
    plain = _model(fixtures_dir, fixture, options)
    # exact: one process and the same arrays; the fast reductions are bit for bit numpy's (tested below)
    assert fast == plain


@pytest.mark.parametrize("name", MEASURES)
def test_one_row_is_reduced_to_itself_bit_for_bit(name):
    reduce = STATISTICS[name][0]
    rng = np.random.default_rng(3)
    row = np.concatenate([rng.lognormal(size=50), [-0.0, 0.0, -3.5, 1e-300, 1e300, np.inf, -np.inf, np.nan]])
    for matrix in (row[None, :], np.asfortranarray(row[None, :])):
        fast = reduce_columns(reduce, matrix)
        assert fast.tobytes() == reduce(matrix, axis=0).tobytes() and fast.dtype == np.float64
        assert not np.shares_memory(fast, matrix)
    several = rng.lognormal(size=(3, 20))
    assert reduce_columns(reduce, several).tobytes() == reduce(several, axis=0).tobytes()


def test_classifier_early_exit_and_uncopied_matrix_agree_with_the_full_search():
    rng = np.random.default_rng(7)
    options = ClassifierOptions().checked()
    for trial in range(200):
        k = int(rng.integers(1, 4))
        levels = rng.choice([1.0, 3.0, 10.0, 40.0], size=k, replace=False)
        values = np.concatenate([rng.normal(level, level * rng.choice([0.001, 0.02]), size=int(rng.integers(5, 60)))
                                 for level in levels])
        matrix = np.abs(rng.permutation(values))[None, :]
        labels = classify_matrix(matrix, options)
        # with every location claimed by no rule, cluster_configuration classifies a copy m[:, free]
        copied = cluster_configuration([matrix], options, np.full(matrix.shape[1], -1), ())
        assert np.array_equal(copied.labels, cluster_configuration([matrix], options).labels)
        assert np.array_equal(labels, copied.labels)
        gaps = np.diff(np.sort(np.log(matrix[0])))
        if gaps.max() <= np.log1p(options.min_gap):  # the early exit: no gap is a cut, one class
            assert labels.max() == 0
