"""The pluggy host: loads every plugin of the ``extrap.plugins`` entry-point group.

Entry points are loaded one by one (pluggy's ``load_setuptools_entrypoints`` gives up on all
plugins when one raises), and each hook is called through pluggy once per plugin, so one
broken plugin costs a warning and never the others.
"""
from __future__ import annotations

import importlib.metadata
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import pluggy

from extrap_segmented.adapters.plugin import hookspecs

BUILTIN_PLUGIN = "extrap-segmented"  # entry-point name of this package's own plugin


@dataclass
class PluginFailure:
    """A plugin that could not be loaded or whose hook raised."""
    plugin: str
    stage: str
    error: str


@dataclass
class PluginHost:
    """A plugin manager plus the record of what failed while loading or calling plugins."""
    manager: pluggy.PluginManager
    distributions: dict = field(default_factory=dict)  # plugin name -> "dist version"
    failures: list = field(default_factory=list)
    _callers: dict = field(default_factory=dict, repr=False)  # (hook, plugin id) -> pluggy caller

    def call_each(self, hook_name: str, **kwargs: Any) -> list[tuple[str, Any]]:
        """Calls a hook through pluggy once per plugin; returns (plugin name, result) pairs.

        Each call goes through pluggy's own caller restricted to one plugin
        (``subset_hook_caller``), so arguments, opt-in parameters and hook wrappers behave as in
        ``pm.hook.<name>(...)``, while a plugin that raises is reported (naming it) and skipped
        without costing the others their contributions. Results are in registration order;
        None results are left out.
        """
        results = []
        for impl in getattr(self.manager.hook, hook_name).get_hookimpls():  # registration order
            caller = self._single_plugin_caller(hook_name, impl.plugin)
            try:
                outcome = caller(**kwargs)
            except Exception as error:
                self.record_failure(impl.plugin_name, f"hook {hook_name}", error)
                continue
            results.extend((impl.plugin_name, result) for result in outcome if result is not None)
        return results

    def _single_plugin_caller(self, hook_name: str, plugin: object) -> Callable[..., list]:
        key = (hook_name, id(plugin))
        caller = self._callers.get(key)
        if caller is None:
            others = [p for p in self.manager.get_plugins() if p is not plugin]
            caller = self._callers[key] = self.manager.subset_hook_caller(hook_name, remove_plugins=others)
        return caller

    def record_failure(self, plugin: str, stage: str, error: BaseException) -> None:
        """Keeps the failure for `extrap-segmented --version` and warns once; Extra-P goes on."""
        failure = PluginFailure(plugin, stage, f"{type(error).__name__}: {error}")
        self.failures.append(failure)
        warnings.warn(f"extrap-segmented: plugin {plugin!r} failed ({stage}): {failure.error}; "
                      "Extra-P continues without it.", RuntimeWarning, stacklevel=3)


def _unique_entry_points(group: str):
    """Entry points of the group, once per name (editable and regular installs may both list one)."""
    seen = set()
    listing = sorted(importlib.metadata.entry_points(group=group), key=lambda ep: ep.name != BUILTIN_PLUGIN)
    for entry_point in listing:
        if entry_point.name in seen:
            continue
        seen.add(entry_point.name)
        yield entry_point


def create_plugin_host(group: str = hookspecs.ENTRY_POINT_GROUP,
                       extra_plugins: Optional[dict[str, Any]] = None,
                       entry_points: Optional[Callable] = None) -> PluginHost:
    """Creates a plugin manager with the hook specs and every loadable plugin of ``group``.

    Args:
        group: entry-point group to load plugins from.
        extra_plugins: plugins to register directly, by name (tests, embedding).
        entry_points: replacement for the entry-point listing (tests).
    """
    manager = pluggy.PluginManager(hookspecs.PROJECT_NAME)
    manager.add_hookspecs(hookspecs)
    host = PluginHost(manager)
    listing = entry_points(group) if entry_points else _unique_entry_points(group)
    for entry_point in listing:
        try:
            plugin = entry_point.load()
            manager.register(plugin, name=entry_point.name)
        except Exception as error:
            host.record_failure(entry_point.name, f"loading entry point {entry_point.value}", error)
            continue
        dist = getattr(entry_point, "dist", None)
        host.distributions[entry_point.name] = f"{dist.name} {dist.version}" if dist else "?"
    for name, plugin in (extra_plugins or {}).items():
        manager.register(plugin, name=name)
        host.distributions[name] = "(registered directly)"
    return host
