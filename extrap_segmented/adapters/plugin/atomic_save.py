"""Saving an experiment atomically, keeping every promise a plain write keeps.

Extra-P's ``write_experiment`` writes straight into the target, so a failure half-way (a full
disk, an error while serialising, a kill) left a truncated file that cannot be opened, in place of
the previous good one. Here the target is replaced only by a complete file
(:class:`~extrap_segmented.atomic_files.AtomicReplacement`): a read-only file is refused with
"Permission denied" as stock Extra-P does, a symbolic link keeps pointing at the file it names,
which is updated, mode, owner and ACLs stay, and any name the file system accepts works. Where
keeping one of these means writing in place (a file with several hard links, one owned by another
user), the file is written in place and a :class:`~extrap_segmented.exceptions.FileSafetyWarning`
says why. Errors are Extra-P's ``RecoverableError`` naming the path, which the command line prints
as one line and the GUI shows in a box.
"""
from __future__ import annotations

import os
import warnings
from typing import Any, Callable

from extrap.util.exceptions import RecoverableError

from extrap_segmented.adapters.plugin import extrap_internals
from extrap_segmented.atomic_files import AtomicReplacement
from extrap_segmented.exceptions import FileSafetyWarning


def make_atomic(write_experiment: Callable) -> Callable:
    """``write_experiment(experiment, path, progress_bar)`` writing through a temporary file."""
    def atomic_write_experiment(experiment: Any, path: Any, *args: Any, **kwargs: Any) -> None:
        target = os.path.abspath(os.fspath(path))
        try:
            replacement = AtomicReplacement(target)
        except IsADirectoryError as error:
            raise RecoverableError(f"cannot save the experiment to {target}: it is a directory") from error
        except OSError as error:
            raise RecoverableError(f"cannot save the experiment to {target}: {error.strerror or error}") from error
        try:
            with replacement:
                write_experiment(experiment, replacement.path, *args, **kwargs)
        except OSError as error:
            raise RecoverableError(f"cannot save the experiment to {target}: {error.strerror or error}") from error
        except RecoverableError as error:  # Extra-P's own wrapping of an OSError names the temporary file
            cause = error.__cause__
            if isinstance(cause, OSError):
                raise RecoverableError(f"cannot save the experiment to {target}: {cause.strerror or cause}") from cause
            raise
        if replacement.note:
            where = target if replacement.target == target else f"{target} (→ {replacement.target})"
            warnings.warn(f"saved the experiment to {where} in place, not atomically: {replacement.note}; a "
                          "failure while copying it there could leave it incomplete", FileSafetyWarning, stacklevel=2)
    return atomic_write_experiment


def install() -> None:
    """Makes the command line's and the GUI's ``write_experiment`` atomic (idempotent), and the values
    it writes readable beyond Extra-P's 1 GiB chunk (``fix_value_writer_references``)."""
    extrap_internals.wrap_write_experiment(make_atomic)
    extrap_internals.fix_value_writer_references()
