"""Puts plugin classes into Extra-P's registries.

Extra-P 4.2.5 finds modelers and readers only by walking its own packages; its registries are
``CaseInsensitiveStringDict``s filled at import time. This module adds the classes that the
plugins (loaded by :mod:`~extrap_segmented.adapters.plugin.host`) return, with the checks
Extra-P itself would need: ``create_schema`` for modelers (options saved with experiments),
unique class names (schemas are keyed by class name), reader flags and argparse destinations
that collide with nothing.
"""
from __future__ import annotations

import functools
import importlib
import inspect
from dataclasses import dataclass

from extrap_segmented.adapters.plugin.autoload import REGISTRY_MODULES
from extrap_segmented.adapters.plugin.host import PluginHost, create_plugin_host

SINGLE_PARAMETER, MULTI_PARAMETER, FILE_READER = REGISTRY_MODULES
CLASSIC_SUFFIX = "-Classic"

_HOOK_OF_REGISTRY = {
    SINGLE_PARAMETER: "extrap_segmented_single_parameter_modelers",
    MULTI_PARAMETER: "extrap_segmented_multi_parameter_modelers",
    FILE_READER: "extrap_segmented_file_readers",
}

# Flags and argparse destinations of `extrap` and `extrap-gui` that are not readers.
_RESERVED_FLAGS = {"-h", "--help", "--version", "--log", "--log-file", "--scaling", "--keep-values", "--median",
                   "--measure", "--modeler", "--options", "--help-modeler", "--out", "--print", "--save-experiment",
                   "--model-set-name", "--disable-progress", "--experiment"}
_RESERVED_DESTS = {"log_level", "log_file", "scaling_type", "keep_values", "median", "measure", "modeler",
                   "modeler_options", "help_modeler", "out", "print_type", "save_experiment", "model_name",
                   "disable_progress", "path", "experiment"}


@dataclass(frozen=True)
class Registration:
    """One class a plugin put into one of Extra-P's registries."""
    plugin: str
    registry: str
    key: str
    cls: type

    @property
    def qualified_name(self) -> str:
        return f"{self.cls.__module__}.{self.cls.__qualname__}"


class PluginRegistrar:
    """Registers the classes of every plugin of a :class:`PluginHost` in Extra-P's registries."""

    def __init__(self, host: PluginHost):
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
        for plugin, classes in self.host.call_each(_HOOK_OF_REGISTRY[registry_module]):
            for cls in classes:
                try:
                    key = self._add(registry_module, registry, cls)
                except (TypeError, ValueError) as error:
                    self.host.record_failure(plugin, f"registering {getattr(cls, '__name__', cls)!r}", error)
                    continue
                if key is not None:
                    self.registrations.append(Registration(plugin, registry_module, key, cls))

    def _add(self, registry_module, registry, cls):
        if registry_module == FILE_READER:
            self._check_reader(registry, cls)
        else:
            self._check_modeler(cls)
        name = cls.NAME
        try:
            existing_key = registry.resolve_key(name)
        except KeyError:
            existing_key = None
        if existing_key is not None:
            existing = registry[existing_key]
            if existing is cls:
                return None
            if not existing.__module__.startswith("extrap."):
                raise ValueError(f"NAME {name!r} is already registered by {existing.__module__}."
                                 f"{existing.__qualname__}")
            # The CLI lowercases names into a set: delete through the registry's own key
            # resolution so no second spelling of the same name survives.
            del registry[existing_key]
            registry[existing_key + CLASSIC_SUFFIX] = existing
            self.renamed_builtins.append((existing_key, existing_key + CLASSIC_SUFFIX))
        if registry_module != FILE_READER:
            from extrap.modelers.loader import create_schema
            create_schema(cls)
        registry[name] = cls
        return name

    @staticmethod
    def _check_modeler(cls):
        from extrap.modelers.abstract_modeler import AbstractModeler, ModelerSchema
        if not (inspect.isclass(cls) and issubclass(cls, AbstractModeler)) or inspect.isabstract(cls):
            raise TypeError(f"{cls!r} is not a concrete subclass of extrap's AbstractModeler")
        _check_name(cls)
        if not hasattr(cls, "OPTIONS"):
            raise TypeError(f"{cls.__qualname__} has no OPTIONS; decorate it with @modeler_options")
        schema = ModelerSchema._subclasses.get(cls.__name__)
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
        if flag in _RESERVED_FLAGS or flag in {r.CMD_ARGUMENT for r in others}:
            raise ValueError(f"reader CMD_ARGUMENT {flag!r} collides with an existing flag of extrap")
        if cls.NAME in _RESERVED_DESTS or cls.NAME.lower() in {r.NAME.lower() for r in others}:
            raise ValueError(f"reader NAME {cls.NAME!r} collides with an existing reader or option of extrap")


def _check_name(cls):
    name = getattr(cls, "NAME", None)
    if not isinstance(name, str) or not name.strip():
        raise TypeError(f"{cls.__qualname__}.NAME must be a non-empty string")


def _registry(registry_module):
    module = importlib.import_module(registry_module)
    return module.all_readers if registry_module == FILE_READER else module.all_modelers


@functools.lru_cache(maxsize=None)
def get_registrar() -> PluginRegistrar:
    """The process-wide registrar (Extra-P's registries are process-wide too)."""
    return PluginRegistrar(create_plugin_host())


def register_plugins(registry_module: str) -> None:
    """Called by the import hook once ``registry_module`` is fully imported."""
    get_registrar().register(registry_module)
    if registry_module == FILE_READER:
        from extrap_segmented.adapters.plugin.errors import install_excepthook
        install_excepthook()


def activate() -> PluginRegistrar:
    """Imports Extra-P's registries and registers every plugin in them (idempotent).

    For embedding: scripts that run Extra-P in a Python without the start-up hook (``python -S``,
    ``EXTRAP_SEGMENTED_DISABLE=1``, frozen applications) call this before using Extra-P.
    """
    for registry_module in REGISTRY_MODULES:
        importlib.import_module(registry_module)
    for registry_module in REGISTRY_MODULES:
        register_plugins(registry_module)
    return get_registrar()
