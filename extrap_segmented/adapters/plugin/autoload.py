"""Automatic registration of plugins in Extra-P's registries, installed at interpreter start.

The ``extrap_segmented_autoload.pth`` file (and, for Python >= 3.15, the matching ``.start`` file
of PEP 829) calls :func:`install`. It puts a small finder on ``sys.meta_path`` and imports
nothing else: no numpy, no Extra-P, no pluggy.

The finder looks at exactly three module names, Extra-P's registry modules. Right after one of
them has been executed, its registry (``all_modelers`` / ``all_readers``) is made *lazy*: the
plugins are registered the first time Extra-P reads it (``extrap`` builds its argument parser,
the GUI its menus, a script looks a modeler up), when no Extra-P module is half-imported any
more. Registration is delegated to :mod:`extrap_segmented.adapters.plugin.registration`. The
finder removes itself once every registry module is served, and at once for a registry module
that the installed Extra-P does not have (with one warning naming it).

Set ``EXTRAP_SEGMENTED_DISABLE=1`` (or ``true``, ``yes``, ``on``) to start Extra-P without any
plugin; ``0``, ``false``, ``no``, ``off`` or nothing keep them, and any other value keeps them with a
warning at registration.
"""
import sys

REGISTRY_MODULES = (
    "extrap.modelers.single_parameter",
    "extrap.modelers.multi_parameter",
    "extrap.fileio.file_reader",
)
DISABLE_VARIABLE = "EXTRAP_SEGMENTED_DISABLE"
# Values of EXTRAP_SEGMENTED_DISABLE (case-insensitive) that disable the plugins; "", "0", "false",
# "no", "off" keep them; any other value keeps them too, and registration warns about it.
TRUE_VALUES = ("1", "true", "yes", "on")
FALSE_VALUES = ("", "0", "false", "no", "off")
# Set once install() ran in this interpreter: the start-up file was processed (or a script called it).
INSTALL_CALLED = False


def disable_setting() -> tuple[str, "bool | None"]:
    """``EXTRAP_SEGMENTED_DISABLE`` as set and what it means: True (disable), False (keep the
    plugins), None (a value that is neither; the plugins are kept)."""
    import os
    value = os.environ.get(DISABLE_VARIABLE, "")
    word = value.strip().lower()
    return value, True if word in TRUE_VALUES else False if word in FALSE_VALUES else None


def unknown_disable_value_message(value: str) -> str:
    return (f"{DISABLE_VARIABLE}={value!r} is neither a true value ({', '.join(TRUE_VALUES)}) nor a false one "
            f"({', '.join(v for v in FALSE_VALUES if v)} or empty); the plugins stay enabled")


def disabled() -> bool:
    """True when ``EXTRAP_SEGMENTED_DISABLE`` is set to 1, true, yes or on (any case)."""
    return disable_setting()[1] is True


class _RegistryLoader:
    """Delegates to a registry module's own loader; makes its registry lazy once it ran."""

    def __init__(self, loader, watcher: "RegistryWatcher") -> None:
        self._loader = loader
        self._watcher = watcher

    def __getattr__(self, name: str):
        return getattr(self._loader, name)

    def create_module(self, spec):
        """The real loader's module (None: Python's default module creation)."""
        return self._loader.create_module(spec)

    def exec_module(self, module) -> None:
        """Runs the module with its real loader, then hands its registry to the watcher."""
        try:
            self._loader.exec_module(module)
        finally:
            # Hand the module back to its real loader: importlib.resources, inspect and pkgutil
            # must see Extra-P exactly as without this package.
            module.__loader__ = self._loader
            if module.__spec__ is not None:
                module.__spec__.loader = self._loader
        self._watcher.served(module.__name__)


class RegistryWatcher:
    """``sys.meta_path`` finder for Extra-P's three registry modules (and nothing else)."""

    def __init__(self) -> None:
        self.pending: set[str] = set(REGISTRY_MODULES)

    def find_spec(self, fullname: str, path=None, target=None) -> "importlib.machinery.ModuleSpec | None":
        """The spec the other finders give, with a watching loader for a registry module.

        Any other module name (except ``extrap`` itself, looked at once to stop watching
        registry modules it does not have) costs one set lookup and returns None.
        """
        if fullname not in self.pending and fullname != "extrap":
            return None
        spec = _spec_from_other_finders(self, fullname, path, target)
        if spec is None:
            return None
        if fullname == "extrap":
            self._drop_missing(spec)
        elif spec.loader is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = _RegistryLoader(spec.loader, self)
        return spec

    def served(self, name: str) -> None:
        """Called once a registry module has been executed."""
        self.pending.discard(name)
        _make_lazy(name)
        self._remove_if_done()

    def _drop_missing(self, extrap_spec) -> None:
        """Stops watching registry modules the installed Extra-P does not have (one warning each)."""
        from pathlib import Path
        roots = [Path(p) for p in (extrap_spec.submodule_search_locations or ())]
        for name in sorted(self.pending):
            parts = name.split(".")[1:]
            if not any((root.joinpath(*parts) / "__init__.py").is_file()
                       or root.joinpath(*parts[:-1], parts[-1] + ".py").is_file() for root in roots):
                self.pending.discard(name)
                _warn(f"extrap-segmented: Extra-P has no module {name}; plugins are not registered there "
                      "(unsupported Extra-P version?)")
        self._remove_if_done()

    def _remove_if_done(self) -> None:
        if not self.pending and self in sys.meta_path:
            sys.meta_path.remove(self)


def _spec_from_other_finders(watcher: RegistryWatcher, fullname: str, path, target):
    for finder in sys.meta_path:
        if finder is watcher or not hasattr(finder, "find_spec"):
            continue
        spec = finder.find_spec(fullname, path, target)
        if spec is not None:
            return spec
    return None


def _make_lazy(registry_module: str) -> None:
    try:
        from extrap_segmented.adapters.plugin.registration import make_registry_lazy
        make_registry_lazy(registry_module)
    except Exception as error:  # a broken plugin host must never keep Extra-P from starting
        _warn(f"extrap-segmented: preparing plugin registration in {registry_module} failed: "
              f"{type(error).__name__}: {error}")


def _warn(message: str) -> None:
    import warnings
    warnings.warn(message, RuntimeWarning, stacklevel=3)


def installed_watcher() -> "RegistryWatcher | None":
    """The watcher on ``sys.meta_path``, or None."""
    for finder in sys.meta_path:
        if type(finder).__name__ == "RegistryWatcher" and type(finder).__module__ == __name__:
            return finder
    return None


def install() -> "RegistryWatcher | None":
    """Installs the finder (idempotent). Called by the ``.pth``/``.start`` file at start-up.

    Returns:
        The installed :class:`RegistryWatcher`, or None when ``EXTRAP_SEGMENTED_DISABLE`` is set.
    """
    global INSTALL_CALLED
    INSTALL_CALLED = True
    if disabled():
        return None
    watcher = installed_watcher()
    if watcher is None:
        watcher = RegistryWatcher()
        sys.meta_path.insert(0, watcher)
    # Registries imported before the finder was installed (late activation).
    for name in REGISTRY_MODULES:
        if name in sys.modules and name in watcher.pending:
            watcher.served(name)
    # Extra-P imported already: the finder will not see ``extrap`` again, so check now that the
    # registry modules still awaited exist (the finder must not stay for one that moved).
    extrap = sys.modules.get("extrap")
    if watcher.pending and getattr(extrap, "__spec__", None) is not None:
        watcher._drop_missing(extrap.__spec__)
    return watcher
