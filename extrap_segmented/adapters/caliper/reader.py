"""Extra-P file reader ``--caliper``: a directory (or list) of Caliper ``.cali`` profiles.

Reading rules (parameters from globals, repetitions, per-rank records and files, rank summaries,
imbalance metrics) are those of :mod:`extrap_segmented.caliper.series`; the experiment is built by
:func:`extrap_segmented.adapters.caliper.experiment.build_experiment`.

Extra-P's command line passes no reader options, so the two that matter there are taken from
environment variables (documented in ``extrap --help`` under ``--caliper``), which also preset the
GUI's import dialog; from Python, set the attributes of the reader:

* ``EXTRAP_CALIPER_PARAMETERS`` — the global attributes holding the parameter values, separated by
  commas (default ``mpi.world.size``), e.g. ``jobsize`` or ``mpi.world.size,problem_size``;
* ``EXTRAP_CALIPER_FILES`` — the glob of the profiles below the directory (default ``**/*.cali``).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Union

from extrap.fileio.file_reader import FileReader
from extrap.util.dynamic_options import DynamicOptions
from extrap.util.exceptions import FileFormatError
from extrap.util.progress_bar import DUMMY_PROGRESS, ProgressBar

from extrap_segmented.adapters.caliper.experiment import CaliperExperiment, build_experiment
from extrap_segmented.adapters.option_rules import reader_option
from extrap_segmented.caliper.options import READER
from extrap_segmented.caliper.series import (DEFAULT_PARAMETERS, find_cali_files, parse_parameters,
                                             read_caliper_files)
from extrap_segmented.exceptions import CaliperFormatError

__all__ = ["CaliperFileReader", "read_caliper_experiment", "PARAMETERS_VARIABLE", "FILES_VARIABLE"]

PARAMETERS_VARIABLE = "EXTRAP_CALIPER_PARAMETERS"
FILES_VARIABLE = "EXTRAP_CALIPER_FILES"
DEFAULT_PATTERN = READER["pattern"].default


class CaliperFileReader(FileReader, DynamicOptions):
    """Reads Caliper ``.cali`` profiles (one run each) into an Extra-P experiment."""

    NAME = "caliper"
    GUI_ACTION = "Open set of &Caliper files"
    # Extra-P shows this in `extrap --help` next to --caliper (and as the file dialog's title).
    DESCRIPTION = (f"Load a directory of Caliper .cali profiles (Thicket's input); parameters from the global "
                   f"attributes named in ${PARAMETERS_VARIABLE} (comma-separated, default "
                   f"{','.join(DEFAULT_PARAMETERS)}), files matching ${FILES_VARIABLE} (default {DEFAULT_PATTERN})")
    CMD_ARGUMENT = "--caliper"
    LOADS_FROM_DIRECTORY = True

    # declared by the contract of reading Caliper profiles (caliper/options.py)
    parameters: str = reader_option(READER["parameters"], name="Parameters")
    file_pattern: str = reader_option(READER["pattern"], name="Files")
    imbalance: bool = reader_option(READER["imbalance"], name="Imbalance metrics")

    def __init__(self):
        super().__init__()
        # Extra-P's CLI has no reader options: the environment presets them (the GUI dialog shows them).
        if os.environ.get(PARAMETERS_VARIABLE, "").strip():
            self.parameters = os.environ[PARAMETERS_VARIABLE].strip()
        if os.environ.get(FILES_VARIABLE, "").strip():
            self.file_pattern = os.environ[FILES_VARIABLE].strip()

    def read_experiment(self, path: Union[Path, str, list], progress_bar: ProgressBar = DUMMY_PROGRESS
                        ) -> CaliperExperiment:
        """Reads the ``.cali`` files below the directory ``path`` (or the list of files/directories).

        Raises:
            FileFormatError: no files, no usable file, or bad options; the message names the file,
                option or environment variable at fault.
        """
        try:
            names = parse_parameters(self.parameters)
        except CaliperFormatError as error:
            raise FileFormatError(f"Caliper reader option 'parameters' (${PARAMETERS_VARIABLE}): {error}") from error
        try:
            files = find_cali_files(path if isinstance(path, list) else Path(path), self.file_pattern or DEFAULT_PATTERN)
            progress_bar.total += len(files) + 2
            progress_bar.step("Reading Caliper files")
            series = read_caliper_files(files, parameters=names, imbalance=bool(self.imbalance),
                                        progress=lambda _: progress_bar.update())
        except CaliperFormatError as error:
            raise FileFormatError(str(error)) from error
        progress_bar.step("Building experiment")
        experiment = build_experiment(series, progress_bar)
        progress_bar.update()
        return experiment


def read_caliper_experiment(paths: Union[str, os.PathLike, list], parameters=DEFAULT_PARAMETERS,
                            pattern: str = DEFAULT_PATTERN, imbalance: bool = READER["imbalance"].default
                            ) -> CaliperExperiment:
    """Python API: the Extra-P experiment of a directory (or list) of ``.cali`` files.

    Example::

        from extrap.modelers.model_generator import ModelGenerator
        experiment = read_caliper_experiment("mpi_scaling_cali", parameters="jobsize")
        ModelGenerator(experiment, modeler="segmented").model_all()
    """
    reader = CaliperFileReader()
    reader.parameters = parameters if isinstance(parameters, str) else ",".join(parameters)
    reader.file_pattern, reader.imbalance = pattern, imbalance
    return reader.read_experiment(paths if isinstance(paths, list) else str(paths))
