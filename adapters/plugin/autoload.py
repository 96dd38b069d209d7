"""Automatic registration of plugins in Extra-P's registries, installed at interpreter start.

The ``extrap_segmented_autoload.pth`` file (and, for Python >= 3.15, the matching ``.start``
file of PEP 829) calls :func:`install`. It only puts a small finder on ``sys.meta_path``: no
numpy, no Extra-P and no pluggy are imported at start-up. The finder wraps the loaders of
Extra-P's modules and of this package's; once one of the three registry modules has been
executed *and* none of those modules is still half-initialised (so plugin modules can import
any of them safely), the plugins are registered. After all three registries are served, the
finder removes itself.

Set ``EXTRAP_SEGMENTED_DISABLE=1`` to start Extra-P without any plugin.
"""
import sys

REGISTRY_MODULES = (
    "extrap.modelers.single_parameter",
    "extrap.modelers.multi_parameter",
    "extrap.fileio.file_reader",
)


WATCHED_PREFIXES = ("extrap.", "extrap_segmented.")


class _ExtrapLoader:
    """Delegates to the module's own loader and reports when the module has been executed."""

    def __init__(self, loader, watcher):
        self._loader = loader
        self._watcher = watcher

    def __getattr__(self, name):
        return getattr(self._loader, name)

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._watcher.depth += 1
        try:
            self._loader.exec_module(module)
        finally:
            self._watcher.depth -= 1
            # Hand the module back to its real loader: importlib.resources, inspect and
            # pkgutil must see Extra-P exactly as without this package.
            module.__loader__ = self._loader
            if module.__spec__ is not None:
                module.__spec__.loader = self._loader
        self._watcher.module_executed(module.__name__)


class RegistryWatcher:
    """``sys.meta_path`` finder that triggers plugin registration after Extra-P's imports."""

    def __init__(self):
        self.depth = 0  # watched modules currently executing (nested imports)
        self.ready = []  # registry modules executed but not yet served
        self.served = set()
        self._registering = False

    def find_spec(self, fullname, path=None, target=None):
        # This package's modules count too: when a script imports one of them first (say the
        # Cube reader) and it imports Extra-P, registration must wait until it is complete.
        if not fullname.startswith(WATCHED_PREFIXES) and fullname != "extrap":
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        if spec.loader is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = _ExtrapLoader(spec.loader, self)
        return spec

    def module_executed(self, name):
        if name in REGISTRY_MODULES and name not in self.served and name not in self.ready:
            self.ready.append(name)
        if self.depth == 0:
            self.flush()

    def flush(self):
        """Registers plugins for every registry that is fully imported and not yet served."""
        if self._registering:
            return
        self._registering = True
        try:
            while self.ready:
                name = self.ready.pop(0)
                self.served.add(name)
                _register(name)
        finally:
            self._registering = False
        if self.served.issuperset(REGISTRY_MODULES) and self in sys.meta_path:
            sys.meta_path.remove(self)


def _register(registry_module):
    try:
        from extrap_segmented.adapters.plugin.registration import register_plugins
        register_plugins(registry_module)
    except Exception as error:  # a broken plugin must never keep Extra-P from starting
        import warnings
        warnings.warn(f"extrap-segmented: registering plugins in {registry_module} failed: "
                      f"{type(error).__name__}: {error}", RuntimeWarning, stacklevel=2)


def _installed_watcher():
    for finder in sys.meta_path:
        if type(finder).__name__ == "RegistryWatcher" and type(finder).__module__ == __name__:
            return finder
    return None


def install():
    """Installs the finder (idempotent). Called by the ``.pth``/``.start`` file at start-up."""
    import os
    if os.environ.get("EXTRAP_SEGMENTED_DISABLE", "").strip() not in ("", "0"):
        return None
    watcher = _installed_watcher()
    if watcher is None:
        watcher = RegistryWatcher()
        sys.meta_path.insert(0, watcher)
    # Registries imported before the finder was installed (``python -S``, late activation).
    for name in REGISTRY_MODULES:
        if name in sys.modules and name not in watcher.served and name not in watcher.ready:
            watcher.ready.append(name)
    if watcher.depth == 0:
        watcher.flush()
    return watcher
