"""Saving an experiment atomically: into a temporary file beside the target, then renamed.

Extra-P's ``write_experiment`` writes straight into the target, so a failure half-way (a full
disk, an error while serialising) left a truncated file that cannot be opened, in place of the
previous good one. Here the target is replaced only by a complete file; on failure the target is
untouched and the temporary file removed. Errors are Extra-P's ``RecoverableError`` naming the
path, which the command line prints as one line and the GUI shows in a box.
"""
from __future__ import annotations

import os
from typing import Any, Callable

from extrap.util.exceptions import RecoverableError

from extrap_segmented.adapters.plugin import extrap_internals
from extrap_segmented.atomic_files import AtomicReplacement


def make_atomic(write_experiment: Callable) -> Callable:
    """``write_experiment(experiment, path, progress_bar)`` writing through a temporary file."""
    def atomic_write_experiment(experiment: Any, path: Any, *args: Any, **kwargs: Any) -> None:
        target = os.path.abspath(os.fspath(path))
        if os.path.isdir(target):
            raise RecoverableError(f"cannot save the experiment to {target}: it is a directory")
        try:
            replacement = AtomicReplacement(target)
        except OSError as error:
            raise RecoverableError(f"cannot save the experiment to {target}: {error.strerror or error}") from error
        os.close(replacement.fd)  # Extra-P writes the file by its path
        try:
            with replacement:
                write_experiment(experiment, replacement.path, *args, **kwargs)
        except OSError as error:
            raise RecoverableError(f"cannot save the experiment to {target}: {error.strerror or error}") from error
    return atomic_write_experiment


def install() -> None:
    """Makes the command line's and the GUI's ``write_experiment`` atomic (idempotent)."""
    extrap_internals.wrap_write_experiment(make_atomic)
