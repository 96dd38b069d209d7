"""The Segmented modeler searches the ordinary models of kernels sharing parameter values in one
batch; its output equals the search kernel by kernel (the path before batching), byte for byte."""
from __future__ import annotations

import pytest

from extrap.fileio.output import format_output


@pytest.mark.parametrize("fixture, options", [("cube/gather-switch-p", {}),
                                              ("cube/multimetric-p", {}),
                                              ("series/mpi_collectives.txt", {}),
                                              ("series/mafia_kernels.txt", {}),
                                              ("cube/gather-switch-p", {"mode": "paper"}),
                                              ("cube/gather-switch-p", {"use_crossvalidation": False})])
def test_batched_output_equals_one_kernel_at_a_time(model_batched_and_alone, fixture, options):
    (batched_experiment, batched, batched_warnings), (alone_experiment, alone, alone_warnings) = \
        model_batched_and_alone(fixture, "segmented", "_whole_series_fits", **options)
    kernels = [list(ms) for ms in batched_experiment.measurements.values()]
    fits = batched.modeler._whole_series_fits(kernels)
    assert sum(f is not None for f in fits) >= len(kernels) // 2  # most kernels really went in batches
    # exact: one process and the same arrays; the batched search computes each series elementwise or in a
    # fixed-order sum (extrap_segmented/pmnf/search.py), so its results are bit for bit the search alone
    assert format_output(batched_experiment, "all") == format_output(alone_experiment, "all")
    assert batched_warnings == alone_warnings
    for key, model in batched.models.items():
        other = alone.models[key]
        assert model.hypothesis.function.to_string("p") == other.hypothesis.function.to_string("p")
        assert (model.hypothesis.RSS, model.hypothesis.AR2, model.hypothesis.SMAPE) == \
            (other.hypothesis.RSS, other.hypothesis.AR2, other.hypothesis.SMAPE)
