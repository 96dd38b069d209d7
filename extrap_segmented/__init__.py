"""extrap-segmented: segmented, per-rank clustered and expectation-based modeling for Extra-P.

Importing this package is cheap (it runs at every interpreter start through a ``.pth`` file):
the public API is loaded on first access.
"""
from extrap_segmented._version import __version__

__all__ = ["__version__", "activate", "hookimpl"]


def activate():
    """Registers every ``extrap.plugins`` plugin in Extra-P's registries (idempotent).

    Not needed after ``pip install`` (a start-up hook does it when Extra-P is imported); for
    embedding in programs started without site packages' start-up files.

    Returns:
        The registrar, whose ``registrations`` list what was registered where.
    """
    from extrap_segmented.adapters.extrap_registration import activate as _activate
    return _activate()


def __getattr__(name):
    if name == "hookimpl":
        from extrap_segmented.adapters.hookspecs import hookimpl
        return hookimpl
    raise AttributeError(f"module 'extrap_segmented' has no attribute {name!r}")
