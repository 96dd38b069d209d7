"""``extrap-segmented`` / ``python -m extrap_segmented``: what is installed and registered.

The first command to run when a modeler or reader is missing from ``extrap``: it prints the
package version, the Extra-P version found, whether the start-up hook is installed, and every
plugin with the modelers and readers it registered (or the error that kept it out).
"""
from __future__ import annotations

import argparse
import site
import sys
import warnings
from pathlib import Path
from typing import Optional, Sequence

from extrap_segmented import __version__

PTH_NAME = "extrap_segmented_autoload.pth"


def _startup_hook_files() -> list[Path]:
    directories = list(site.getsitepackages()) + [site.getusersitepackages()]
    return [Path(d) / PTH_NAME for d in directories if (Path(d) / PTH_NAME).is_file()]


def describe() -> str:
    """The report printed by the command, as text."""
    lines = [f"extrap-segmented {__version__}"]
    try:
        import extrap
    except ImportError as error:
        lines.append(f"Extra-P: not importable ({error}); install it with `pip install extrap`")
        return "\n".join(lines)
    lines.append(f"Extra-P {extrap.__version__} ({Path(extrap.__file__).parent})")
    hook_files = _startup_hook_files()
    lines.append("start-up hook: " + (", ".join(map(str, hook_files)) if hook_files else
                                      f"not found ({PTH_NAME} missing: `extrap` will not see the plugins; "
                                      "reinstall with pip)"))

    from extrap_segmented.adapters.plugin.registration import activate
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        registrar = activate()
    host = registrar.host
    lines.append("")
    lines.append("Plugins (entry-point group extrap.plugins):")
    plugin_names = list(host.distributions) or ["(none)"]
    descriptions = {}
    for name, result in host.call_each("extrap_segmented_describe"):
        descriptions.setdefault(name, str(result))
    for plugin in plugin_names:
        description = descriptions.get(plugin)
        lines.append(f"  {plugin} [{host.distributions.get(plugin, '')}]"
                     + (f": {description}" if description else ""))
        for registration in registrar.registrations:
            if registration.plugin != plugin:
                continue
            kind = {"extrap.modelers.single_parameter": "single-parameter modeler",
                    "extrap.modelers.multi_parameter": "multi-parameter modeler",
                    "extrap.fileio.file_reader": "reader"}[registration.registry]
            if registration.registry == "extrap.fileio.file_reader":
                label = f"{registration.key} ({registration.cls.CMD_ARGUMENT})"
            else:
                label = f"{registration.key} (--modeler {registration.key.lower()})"
            lines.append(f"    {kind:25s} {label:40s} {registration.qualified_name}")
    for old, new in registrar.renamed_builtins:
        lines.append(f"  Extra-P built-in {old!r} is reachable as {new!r} (--modeler {new.lower()})")
    problems = [f"{failure.plugin}: {failure.stage}: {failure.error}" for failure in host.failures]
    problems += [str(w.message) for w in caught
                 if "extrap-segmented" in str(w.message) and "failed (" not in str(w.message)]
    if problems:
        lines.append("")
        lines.append("Problems:")
        lines.extend(f"  {problem}" for problem in problems)
    return "\n".join(lines)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the command (``argv`` without the program name; default: ``sys.argv[1:]``); returns 0."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["run"]:  # extrap-segmented run ...: modeling on a Dask cluster
        from extrap_segmented.adapters.distributed.run import command
        return command(argv[1:])
    parser = argparse.ArgumentParser(prog="extrap-segmented", description=__doc__.splitlines()[0],
                                     epilog="extrap-segmented run --help: model Cube directories on a Dask cluster")
    parser.add_argument("--version", action="store_true",
                        help="print versions and the registered plugins (the default)")
    parser.parse_args(argv)
    print(describe())
    return 0


if __name__ == "__main__":
    sys.exit(main())
