"""Replacing a file only by a complete one: written into a temporary file beside it, then renamed.

A writer that fails half-way (a full disk, an error while serialising, an interrupt) must leave the
previous file as it was and no temporary file behind. Callers map ``OSError`` to their own error
type, naming the path; creating the temporary file fails before anything exists, so they can tell
"cannot write here" from "writing failed".
"""
from __future__ import annotations

import os
import tempfile
from typing import Optional, Union


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class AtomicReplacement:
    """A temporary file beside ``path`` (created here, ``OSError`` if it cannot be), used as
    ``with replacement:``. A clean exit gives it ``mode`` (default: 0o666 less the umask, as a
    plain ``open`` would; mkstemp's 0o600 would make the file private) and renames it over
    ``path``; any exception, there or inside the block, removes it and leaves ``path`` untouched.

    Attributes:
        fd: the temporary file's open descriptor; the caller owns it and closes it in the block.
        path: the temporary file's path.
    """

    def __init__(self, target: Union[str, os.PathLike], mode: Optional[int] = None):
        self.target = os.fspath(target)
        self.mode = mode
        directory, name = os.path.split(os.path.abspath(self.target))
        self.fd, self.path = tempfile.mkstemp(prefix=f".{name}.", suffix=".partial", dir=directory)

    def __enter__(self) -> "AtomicReplacement":
        return self

    def __exit__(self, error_type, error, traceback) -> None:
        try:
            if error_type is None:
                os.chmod(self.path, self.mode if self.mode is not None else 0o666 & ~_umask())
                os.replace(self.path, self.target)
                return
        except BaseException:
            self._discard()
            raise
        self._discard()

    def _discard(self) -> None:
        try:
            os.unlink(self.path)
        except OSError:
            pass


