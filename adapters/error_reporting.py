"""Clear messages instead of bare tracebacks for errors raised by this package's plugins.

Extra-P's ``main()`` lets reader errors escape, so ``extrap --cube-ranks broken/`` would end in
a traceback. The hook below prints ``extrap: error: <message>`` for uncaught errors that were
raised inside this package and are user errors (Extra-P's ``RecoverableError`` family or this
package's ``ExtrapSegmentedError``); every other exception, including those of Extra-P's own
readers, is handed to the previous hook unchanged.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent
TRACEBACK_VARIABLE = "EXTRAP_SEGMENTED_TRACEBACK"


def _raised_in_package(traceback) -> bool:
    while traceback is not None:
        filename = traceback.tb_frame.f_code.co_filename
        try:
            if Path(filename).resolve().is_relative_to(PACKAGE_DIR):
                return True
        except (OSError, ValueError):
            pass
        traceback = traceback.tb_next
    return False


def _is_user_error(error: BaseException) -> bool:
    from extrap.util.exceptions import RecoverableError
    from extrap_segmented.exceptions import ExtrapSegmentedError
    return isinstance(error, (RecoverableError, ExtrapSegmentedError))


def make_excepthook(previous):
    def excepthook(exc_type, error, traceback):
        if (os.environ.get(TRACEBACK_VARIABLE) or not _is_user_error(error)
                or not _raised_in_package(traceback)):
            return previous(exc_type, error, traceback)
        program = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "python"
        print(f"{program}: error: {error}", file=sys.stderr)
        print(f"(set {TRACEBACK_VARIABLE}=1 to see the traceback)", file=sys.stderr)
    excepthook.extrap_segmented = True
    return excepthook


def install_excepthook() -> None:
    """Chains the hook in front of the current ``sys.excepthook`` (idempotent)."""
    if not getattr(sys.excepthook, "extrap_segmented", False):
        sys.excepthook = make_excepthook(sys.excepthook)
