"""Clear messages instead of bare tracebacks for errors raised by this package's plugins.

Warnings about the data (subclasses of ``ExtrapSegmentedWarning``) are printed as one line,
``extrap: warning: <message>``, without the source line Python would show; all other warnings
keep Python's format, and the GUI replaces the handler with its own message boxes anyway.

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
from typing import Callable

PACKAGE = "extrap_segmented"
TRACEBACK_VARIABLE = "EXTRAP_SEGMENTED_TRACEBACK"


# Code of this package's wrappers around Extra-P functions that errors only pass through (an
# Extra-P reader's own error stays Extra-P's); an error they raise themselves is this package's.
PASS_THROUGH: set = set()


def pass_through(function: Callable) -> Callable:
    """Marks a wrapper whose frame alone does not make an error this package's."""
    PASS_THROUGH.add(function.__code__)
    return function


def _raised_in_package(traceback) -> bool:
    """True if a frame of the traceback runs code of this package, judged by module name (file
    paths mislead: in an editable install the package's files live in the repository); a
    :func:`pass_through` wrapper counts only where the error was raised."""
    while traceback is not None:
        module = traceback.tb_frame.f_globals.get("__name__", "")
        if (module == PACKAGE or module.startswith(PACKAGE + ".")) and (
                traceback.tb_frame.f_code not in PASS_THROUGH or traceback.tb_next is None):
            return True
        traceback = traceback.tb_next
    return False


def _is_user_error(error: BaseException) -> bool:
    from extrap.util.exceptions import RecoverableError
    from extrap_segmented.exceptions import ExtrapSegmentedError
    return isinstance(error, (RecoverableError, ExtrapSegmentedError))


def make_excepthook(previous: Callable) -> Callable:
    """A ``sys.excepthook`` printing this package's user errors in one line, others via ``previous``."""
    def excepthook(exc_type, error, traceback):
        if (os.environ.get(TRACEBACK_VARIABLE) or not _is_user_error(error)
                or not _raised_in_package(traceback)):
            return previous(exc_type, error, traceback)
        from extrap_segmented.adapters.console import for_stream
        print(for_stream(f"{_program()}: error: {error}", sys.stderr), file=sys.stderr)
        print(f"(set {TRACEBACK_VARIABLE}=1 to see the traceback)", file=sys.stderr)
    excepthook.extrap_segmented = True
    return excepthook


def _program() -> str:
    return Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "python"


def make_showwarning(previous: Callable) -> Callable:
    """A ``warnings.showwarning`` printing this package's data warnings in one line, others via
    ``previous``."""
    def showwarning(message, category, filename, lineno, file=None, line=None):
        from extrap_segmented.exceptions import ExtrapSegmentedWarning
        if not issubclass(category, ExtrapSegmentedWarning):
            return previous(message, category, filename, lineno, file, line)
        stream = file if file is not None else sys.stderr
        prefix = f"{_program()}: warning: "
        try:  # a run's summary has a line per condition: each gets the prefix
            from extrap_segmented.adapters.console import for_stream
            stream.write(for_stream("".join(f"{prefix}{line}\n" for line in str(message).splitlines()), stream))
        except (AttributeError, OSError):  # no usable stderr (pythonw); drop as Python does
            pass
    showwarning.extrap_segmented = True
    return showwarning


def install_excepthook() -> None:
    """Chains the error hook in front of ``sys.excepthook`` and the one-line format of this
    package's warnings in front of ``warnings.showwarning`` (idempotent)."""
    import warnings
    if not getattr(sys.excepthook, "extrap_segmented", False):
        sys.excepthook = make_excepthook(sys.excepthook)
    if not getattr(warnings.showwarning, "extrap_segmented", False):
        warnings.showwarning = make_showwarning(warnings.showwarning)
