"""Errors raised by the pure algorithms.

Every error names the argument, the offending value and the limit it broke, so that the
Extra-P adapters can pass the message on unchanged (prefixed with the call path at fault).
"""


class ExtrapSegmentedError(Exception):
    """Base class of all errors raised by this package."""


class InvalidInputError(ExtrapSegmentedError, ValueError):
    """Input data or an argument is outside what an algorithm accepts (NaN, too few points, ...)."""


class NotFittedError(ExtrapSegmentedError, RuntimeError):
    """A fitted attribute was read before ``fit`` was called."""


class CubeFormatError(ExtrapSegmentedError, ValueError):
    """A Cube profile cannot be read or written; the message names the file and the problem."""


class CaliperFormatError(ExtrapSegmentedError, ValueError):
    """A Caliper ``.cali`` profile (or a set of them) cannot be read; the message names the file and the problem."""


class ExpectationSyntaxError(ExtrapSegmentedError, ValueError):
    """An expectation such as ``O(p log p)`` cannot be parsed; the message points at the character."""


class ClusterRulesError(ExtrapSegmentedError, ValueError):
    """A cluster rules file (TOML) is malformed or cannot be applied; the message names file and rule."""


class ExtrapSegmentedWarning(UserWarning):
    """Base class of this package's warnings about the data (shown as one line on the command line)."""


class ClusteringWarning(ExtrapSegmentedWarning):
    """A kernel could not be clustered and got its ordinary model; the message names the kernel and why."""


class ExpectationWarning(ExtrapSegmentedWarning):
    """A kernel could not be validated against its expectation; the message names the kernel and why."""


class CubeDataWarning(ExtrapSegmentedWarning):
    """A Cube profile was read, but some of its data is unusual (negative counters, a file or
    repetition skipped); the message names the file and the metric."""


class FileSafetyWarning(ExtrapSegmentedWarning):
    """A file was written in place instead of replaced atomically, because a replacement would
    have broken a promise of a plain write (links, owner, attributes); the message says which."""


class OptionWarning(ExtrapSegmentedWarning):
    """An option asked for more than the machine gives (more worker processes than cores); the
    message names the option and what is used instead."""


class CaliperDataWarning(ExtrapSegmentedWarning):
    """A set of Caliper profiles was read, but a file was skipped or some of its data is unusual;
    the message names the file."""
