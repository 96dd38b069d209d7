"""The Expectation modeler validates kernels that share parameter values in one batch call; its
output equals validating every kernel on its own (the path before batching), byte for byte."""
from __future__ import annotations

import numpy as np
import pytest

from extrap.fileio.file_reader.text_file_reader import TextFileReader
from extrap.fileio.output import format_output
from extrap.modelers.model_generator import ModelGenerator


@pytest.mark.parametrize("fixture, options", [("series/mpi_collectives.txt", {}),
                                              ("series/mafia_kernels.txt", {"expectation": "O(k^3 * 2^k)"}),
                                              ("cube/gather-switch-p", {"expectation": "O(log p)"}),
                                              ("cube/multimetric-p", {"aggregation": "mean"})])
@pytest.mark.slow
def test_batched_output_equals_one_kernel_at_a_time(model_batched_and_alone, fixture, options):
    (batched_experiment, batched, batched_warnings), (alone_experiment, alone, alone_warnings) = \
        model_batched_and_alone(fixture, "expectation", "_validate_batches", **options)
    kernels = [sorted(ms, key=lambda m: m.coordinate) for ms in batched_experiment.measurements.values()]
    prepared = batched.modeler._validate_batches(kernels)
    assert sum(p is not None for p in prepared) >= len(kernels) // 2  # most kernels really went in batches
    # exact: one process and the same arrays; the batched fit sums each series in a fixed order
    # (extrap_segmented/expectations/fit.py sum_last), so its results are bit for bit the fit alone
    assert format_output(batched_experiment, "all") == format_output(alone_experiment, "all")
    assert batched_warnings == alone_warnings
    for key, model in batched.models.items():
        other = alone.models[key]
        assert model.validation == other.validation and model.annotations == other.annotations
        assert (model.hypothesis.RSS, model.hypothesis.AR2) == (other.hypothesis.RSS, other.hypothesis.AR2)


def test_a_bad_kernel_in_a_batch_is_validated_alone_and_the_others_stay_batched(fixtures_dir):
    experiment = TextFileReader().read_experiment(str(fixtures_dir / "series/mpi_collectives.txt"))
    generator = ModelGenerator(experiment, modeler="expectation")
    kernels = [sorted(ms, key=lambda m: m.coordinate) for ms in experiment.measurements.values()]
    assert len(kernels) >= 3
    kernels[1][2].median = kernels[1][2].mean = float("nan")  # one kernel with a NaN value
    if kernels[1][2].values is not None:
        kernels[1][2].values = np.full_like(np.asarray(kernels[1][2].values, dtype=float), np.nan)
    prepared = generator.modeler._validate_batches(kernels)
    assert prepared[1] is None
    # the batch without that kernel is retried? no: its group is validated one by one, so every
    # kernel of the group gets the same model as alone
    models = [generator.modeler._model_item((k, p)) for k, p in zip(kernels, prepared)]
    alone = [generator.modeler.create_model(k) for k in kernels]
    assert [str(m.hypothesis.function) for m in models] == [str(m.hypothesis.function) for m in alone]
    assert models[1].validation.get("error") and "NaN" in models[1].validation["error"]
