"""The Segmented modeler searches the ordinary models of kernels sharing parameter values in one
batch; its output equals the search kernel by kernel (the path before batching), byte for byte."""
from __future__ import annotations

import warnings

import pytest

from extrap.fileio.file_reader.text_file_reader import TextFileReader
from extrap.fileio.output import format_output
from extrap.modelers.model_generator import ModelGenerator

from extrap_segmented.adapters.cube.reader import CubeRankReader


def _read(fixtures_dir, name):
    if name.startswith("cube/"):
        return CubeRankReader().read_experiment(str(fixtures_dir / name))
    return TextFileReader().read_experiment(str(fixtures_dir / name))


def _modeled(experiment, batched: bool, **options):
    generator = ModelGenerator(experiment, modeler="segmented")
    generator.modeler.jobs = 1
    for name, value in options.items():
        setattr(generator.modeler, name, value)
    if not batched:  # every kernel searched on its own, as before batching
        generator.modeler._whole_series_fits = lambda kernels: [None] * len(kernels)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        generator.model_all()
    return generator, [(str(w.message), w.category) for w in caught]


@pytest.mark.parametrize("fixture, options", [("cube/gather-switch-p", {}),
                                              ("cube/multimetric-p", {}),
                                              ("series/mpi_collectives.txt", {}),
                                              ("series/mafia_kernels.txt", {}),
                                              ("cube/gather-switch-p", {"mode": "paper"}),
                                              ("cube/gather-switch-p", {"use_crossvalidation": False})])
def test_batched_output_equals_one_kernel_at_a_time(fixtures_dir, fixture, options):
    batched_experiment, alone_experiment = _read(fixtures_dir, fixture), _read(fixtures_dir, fixture)
    batched, batched_warnings = _modeled(batched_experiment, True, **options)
    alone, alone_warnings = _modeled(alone_experiment, False, **options)
    kernels = [list(ms) for ms in batched_experiment.measurements.values()]
    fits = batched.modeler._whole_series_fits(kernels)
    assert sum(f is not None for f in fits) >= len(kernels) // 2  # most kernels really went in batches
    assert format_output(batched_experiment, "all") == format_output(alone_experiment, "all")
    assert batched_warnings == alone_warnings
    for key, model in batched.models.items():
        other = alone.models[key]
        assert model.hypothesis.function.to_string("p") == other.hypothesis.function.to_string("p")
        assert (model.hypothesis.RSS, model.hypothesis.AR2, model.hypothesis.SMAPE) == \
            (other.hypothesis.RSS, other.hypothesis.AR2, other.hypothesis.SMAPE)
