"""The pluggy host: loads every plugin of the ``extrap.plugins`` entry-point group.

Entry points are loaded one by one (pluggy's ``load_setuptools_entrypoints`` gives up on all
plugins when one raises), and hooks are called implementation by implementation, so one
broken plugin costs a warning and never the others.
"""
from __future__ import annotations

import importlib.metadata
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import pluggy

from extrap_segmented.adapters.plugin import hookspecs


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

    def call_each(self, hook_name: str) -> list[tuple[str, Any]]:
        """Calls a hook on every plugin separately; returns (plugin name, result) pairs.

        A plugin whose implementation raises is reported as a warning and skipped.
        """
        results = []
        hook_caller = getattr(self.manager.hook, hook_name)
        for impl in reversed(hook_caller.get_hookimpls()):  # registration order
            try:
                result = impl.function()
            except Exception as error:
                self.record_failure(impl.plugin_name, f"hook {hook_name}", error)
                continue
            if result is not None:
                results.append((impl.plugin_name, result))
        return results

    def record_failure(self, plugin: str, stage: str, error: BaseException):
        """Keeps the failure for `extrap-segmented --version` and warns once; Extra-P goes on."""
        failure = PluginFailure(plugin, stage, f"{type(error).__name__}: {error}")
        self.failures.append(failure)
        warnings.warn(f"extrap-segmented: plugin {plugin!r} failed ({stage}): {failure.error}; "
                      "Extra-P continues without it.", RuntimeWarning, stacklevel=3)


def _unique_entry_points(group: str):
    """Entry points of the group, once per name (editable and regular installs may both list one)."""
    seen = set()
    for entry_point in importlib.metadata.entry_points(group=group):
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
