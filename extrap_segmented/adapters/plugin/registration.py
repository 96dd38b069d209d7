"""Puts plugin classes into Extra-P's registries.

Extra-P 4.2.5 finds modelers and readers only by walking its own packages; its registries are
``CaseInsensitiveStringDict``s filled at import time. :func:`make_registry_lazy` (called by the
start-up hook right after a registry module ran) makes a registry register the plugins on its
first read. The classes come from the plugins' hooks (loaded by
:mod:`~extrap_segmented.adapters.plugin.host`), each plugin's result checked on its own, with the
checks Extra-P itself would need: ``create_schema`` for modelers (options saved with experiments),
unique class names (schemas are keyed by class name), names that replace nothing they must not,
reader flags and argparse destinations that collide with nothing.

A plugin class takes over the NAME of an Extra-P built-in only if it opts in explicitly with
``EXTRAP_REPLACES_BUILTIN = True`` (this package's ``Segmented`` does; the built-in stays
reachable as ``Segmented-Classic``); ``Default`` is never replaced, and a NAME another plugin
registered is never taken.
"""
from __future__ import annotations

import functools
import importlib
import inspect
import sys
import warnings
from collections.abc import Iterable
from dataclasses import dataclass

from extrap_segmented.adapters.plugin import extrap_internals
from extrap_segmented.adapters.plugin.autoload import REGISTRY_MODULES
from extrap_segmented.adapters.plugin.host import PluginHost, create_plugin_host

SINGLE_PARAMETER, MULTI_PARAMETER, FILE_READER = REGISTRY_MODULES
CLASSIC_SUFFIX = "-Classic"
#: Class attribute by which a plugin's modeler or reader opts in to replacing an Extra-P built-in
#: of the same NAME (which is then renamed with :data:`CLASSIC_SUFFIX`).
REPLACES_BUILTIN = "EXTRAP_REPLACES_BUILTIN"
PROTECTED_NAMES = ("Default",)

_HOOK_OF_REGISTRY = {
    SINGLE_PARAMETER: "extrap_segmented_single_parameter_modelers",
    MULTI_PARAMETER: "extrap_segmented_multi_parameter_modelers",
    FILE_READER: "extrap_segmented_file_readers",
}


@dataclass(frozen=True)
class Registration:
    """One class a plugin put into one of Extra-P's registries."""
    plugin: str
    registry: str
    key: str
    cls: type

    @property
    def qualified_name(self) -> str:
        """``module.QualifiedClassName`` of the registered class."""
        return f"{self.cls.__module__}.{self.cls.__qualname__}"


class PluginRegistrar:
    """Registers the classes of every plugin of a :class:`PluginHost` in Extra-P's registries."""

    def __init__(self, host: PluginHost) -> None:
        self.host = host
        self.registrations: list[Registration] = []
        self.renamed_builtins: list[tuple[str, str]] = []  # (old key, new key)
        self.served: set[str] = set()

    def register(self, registry_module: str) -> None:
        """Registers every plugin's classes in one registry (idempotent)."""
        if registry_module in self.served:
            return
        self.served.add(registry_module)
        registry = _registry(registry_module)
        hook = _HOOK_OF_REGISTRY[registry_module]
        for plugin, classes in self.host.call_each(hook, extrap_version=_extrap_version()):
            if isinstance(classes, (str, bytes)) or not isinstance(classes, Iterable):
                self.host.record_failure(plugin, f"hook {hook}",
                                         TypeError(f"returned {classes!r}, expected a sequence of classes"))
                continue
            for cls in classes:
                try:
                    key = self._add(registry_module, registry, cls, plugin)
                except (TypeError, ValueError) as error:
                    self.host.record_failure(plugin, f"registering {getattr(cls, '__name__', cls)!r}", error)
                    continue
                if key is not None:
                    self.registrations.append(Registration(plugin, registry_module, key, cls))

    def _add(self, registry_module, registry, cls, plugin):
        if registry_module == FILE_READER:
            self._check_reader(registry, cls)
        else:
            self._check_modeler(cls)
        name = cls.NAME
        existing_key = extrap_internals.registry_key(registry, name)
        if existing_key is not None:
            existing = registry[existing_key]
            if existing is cls:
                return None
            if existing_key in PROTECTED_NAMES:
                raise ValueError(f"NAME {name!r} is Extra-P's default and cannot be replaced; choose another NAME")
            owner = self._owner(existing)
            if owner is not None:
                raise ValueError(f"NAME {name!r} is already registered by plugin {owner!r} "
                                 f"({existing.__module__}.{existing.__qualname__}); choose another NAME")
            if not getattr(cls, REPLACES_BUILTIN, False):
                raise ValueError(f"NAME {name!r} is taken by Extra-P's built-in {existing.__qualname__}; "
                                 f"choose another NAME, or declare {REPLACES_BUILTIN} = True on the class "
                                 f"to replace it (the built-in stays available as {existing_key + CLASSIC_SUFFIX!r})")
            # The CLI lowercases names into a set: delete through the registry's own key
            # resolution so no second spelling of the same name survives.
            del registry[existing_key]
            registry[existing_key + CLASSIC_SUFFIX] = existing
            self.renamed_builtins.append((existing_key, existing_key + CLASSIC_SUFFIX))
        schema = extrap_internals.modeler_schema_class(cls.__name__)
        if registry_module != FILE_READER and (schema is None or type(schema().create_object()) is not cls):
            from extrap.modelers.loader import create_schema
            create_schema(cls)
        registry[name] = cls
        return name

    def _owner(self, cls) -> str | None:
        """The plugin that registered ``cls``, or None for Extra-P's own classes."""
        return next((r.plugin for r in self.registrations if r.cls is cls), None)

    @staticmethod
    def _check_modeler(cls):
        from extrap.modelers.abstract_modeler import AbstractModeler
        if not (inspect.isclass(cls) and issubclass(cls, AbstractModeler)) or inspect.isabstract(cls):
            raise TypeError(f"{cls!r} is not a concrete subclass of extrap's AbstractModeler")
        _check_name(cls)
        if not hasattr(cls, "OPTIONS"):
            raise TypeError(f"{cls.__qualname__} has no OPTIONS; decorate it with @modeler_options")
        schema = extrap_internals.modeler_schema_class(cls.__name__)
        if schema is not None and type(schema().create_object()) is not cls:
            raise ValueError(f"class name {cls.__name__!r} is already used by another modeler; saved experiments "
                             "key modeler schemas by class name, so choose a unique one")

    @staticmethod
    def _check_reader(registry, cls):
        from extrap.fileio.file_reader import FileReader
        if not (inspect.isclass(cls) and issubclass(cls, FileReader)) or inspect.isabstract(cls):
            raise TypeError(f"{cls!r} is not a concrete subclass of extrap's FileReader")
        _check_name(cls)
        if not cls.NAME.isidentifier():
            raise ValueError(f"reader NAME {cls.NAME!r} must be a valid identifier: it becomes an argparse "
                             "destination")
        flag = cls.CMD_ARGUMENT
        if not (isinstance(flag, str) and flag.startswith("--") and len(flag) > 2):
            raise ValueError(f"reader CMD_ARGUMENT {flag!r} must be a long option such as '--my-format'")
        others = [r for r in registry.values() if r is not cls]
        reserved_flags, reserved_dests = extrap_internals.command_line_names()
        if flag in reserved_flags or flag in {r.CMD_ARGUMENT for r in others}:
            raise ValueError(f"reader CMD_ARGUMENT {flag!r} collides with an existing flag of extrap")
        if cls.NAME in reserved_dests or cls.NAME.lower() in {r.NAME.lower() for r in others}:
            raise ValueError(f"reader NAME {cls.NAME!r} collides with an existing reader or option of extrap")


def _check_name(cls):
    name = getattr(cls, "NAME", None)
    if not isinstance(name, str) or not name.strip():
        raise TypeError(f"{cls.__qualname__}.NAME must be a non-empty string")


def _registry(registry_module):
    module = importlib.import_module(registry_module)
    return module.all_readers if registry_module == FILE_READER else module.all_modelers


def _extrap_version() -> str:
    import extrap
    return str(getattr(extrap, "__version__", "?"))


@functools.lru_cache(maxsize=None)
def _lazy_registry_type() -> type:
    base = extrap_internals.registry_type()

    def first_read(name):
        def method(self, *args, **kwargs):
            _populate_all()  # all at once: their modules also define the schemas saved models need
            _populate(self)  # no-op unless its module is not in sys.modules by its name any more
            return getattr(self, name)(*args, **kwargs)
        method.__name__ = name
        return method

    namespace = {name: first_read(name) for name in ("__getitem__", "__iter__", "__len__", "resolve_key")}
    namespace["__doc__"] = "An Extra-P registry whose plugins are registered on the first read."
    return type("LazyPluginRegistry", (base,), namespace)


def _populate_all() -> None:
    """Registers the plugins in every imported registry that is still lazy."""
    for registry_module in REGISTRY_MODULES:
        if registry_module in sys.modules:
            registry = _registry(registry_module)
            if "extrap_segmented_registry" in registry.__dict__:
                _populate(registry)


def _populate(registry) -> None:
    # Back to Extra-P's own class first: registration reads the registry, and afterwards nothing
    # of this package stays between Extra-P and its registry.
    if "extrap_segmented_registry" not in registry.__dict__:
        return
    registry.__class__ = extrap_internals.registry_type()
    name = registry.__dict__.pop("extrap_segmented_registry", None)
    if name is None:
        return
    try:
        register_plugins(name)
    except Exception as error:  # a broken plugin host must never keep Extra-P from working
        import warnings
        warnings.warn(f"extrap-segmented: registering plugins in {name} failed: {type(error).__name__}: {error}",
                      RuntimeWarning, stacklevel=3)


def make_registry_lazy(registry_module: str) -> None:
    """Makes the registry of ``registry_module`` register the plugins on its first read."""
    registry = _registry(registry_module)
    if type(registry) is extrap_internals.registry_type():
        registry.extrap_segmented_registry = registry_module
        registry.__class__ = _lazy_registry_type()
    _prepare_schemas()


def _prepare_schemas() -> None:
    # Sub-schemas of saved experiments get their caller's context (per-location values), files
    # open in stock Extra-P too ...
    extrap_internals.pass_schema_context()
    from extrap_segmented.adapters.plugin import atomic_save, portable
    portable.install()
    atomic_save.install()
    # ... and opening a saved experiment, which reads no registry, finds this package's schemas.
    extrap_internals.on_missing_schema(_populate_all)


@functools.lru_cache(maxsize=None)
def get_registrar() -> PluginRegistrar:
    """The process-wide registrar (Extra-P's registries are process-wide too)."""
    from extrap_segmented.adapters.plugin import autoload
    value, disable = autoload.disable_setting()
    if disable is None:  # a value that is neither: say so once, when the plugins register
        warnings.warn(f"extrap-segmented: {autoload.unknown_disable_value_message(value)}", RuntimeWarning,
                      stacklevel=3)
    return PluginRegistrar(create_plugin_host())


def register_plugins(registry_module: str) -> None:
    """Registers every plugin's classes in one registry (idempotent); installs, once, the report
    sections of ``--print all`` and the error and warning format of the command line."""
    registry = _registry(registry_module)
    if type(registry) is not extrap_internals.registry_type() and "extrap_segmented_registry" in registry.__dict__:
        _populate(registry)  # lazy: switching back registers
        return
    get_registrar().register(registry_module)
    _prepare_schemas()
    from extrap_segmented.adapters.plugin.report import install_report_sections
    install_report_sections(get_registrar().host)
    if registry_module == FILE_READER:
        from extrap_segmented.adapters.plugin.errors import install_excepthook
        install_excepthook()
        from extrap_segmented.adapters import input_checks
        input_checks.install()
    if "extrap.gui.ModelerWidget" in sys.modules:  # Extra-P's GUI runs: our panels and plot (PySide6 loaded)
        try:  # a GUI extension that fails must not take the modelers and readers with it
            from extrap_segmented.adapters.gui import install as install_gui
            install_gui()
        except Exception as error:  # noqa: BLE001 - reported, Extra-P's own panels stay
            warnings.warn(f"extrap-segmented: GUI extensions not installed: {type(error).__name__}: {error}",
                          RuntimeWarning, stacklevel=2)


def activate() -> PluginRegistrar:
    """Imports Extra-P's registries and registers every plugin in them (idempotent).

    For embedding: scripts that run Extra-P in a Python without the start-up hook (``python -S``,
    ``EXTRAP_SEGMENTED_DISABLE=1``, frozen applications) call this before using Extra-P.

    Returns:
        The registrar, whose ``registrations`` list what was registered where.
    """
    for registry_module in REGISTRY_MODULES:
        importlib.import_module(registry_module)
    for registry_module in REGISTRY_MODULES:
        register_plugins(registry_module)
    # Extra-P is fully imported now: its save function can be made atomic even if the caller
    # imports it only after this call (the start-up hook wraps it once something imported it).
    importlib.import_module("extrap.fileio.experiment_io")
    _prepare_schemas()
    return get_registrar()
