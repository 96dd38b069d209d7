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
    """The start-up files in the site directories and, where those are not processed (``python -S``,
    site-packages on ``PYTHONPATH``), in the directories on ``sys.path``."""
    directories = list(site.getsitepackages()) + [site.getusersitepackages()] + list(sys.path)
    found = {}
    for directory in directories:
        path = Path(directory or ".") / PTH_NAME
        if path.is_file():
            found.setdefault(path.resolve(), path)
    return list(found.values())


def describe() -> str:
    """The report printed by the command, as text."""
    lines = [f"extrap-segmented {__version__}"]
    try:
        import extrap
    except ImportError as error:
        lines.append(f"Extra-P: not importable ({error}); install it with `pip install extrap`")
        return "\n".join(lines)
    lines.append(f"Extra-P {extrap.__version__} ({Path(extrap.__file__).parent})")
    from extrap_segmented.adapters.plugin import autoload
    hook_files = _startup_hook_files()
    without = ("an `extrap` or `extrap-gui` started this way runs without the plugins: `--modeler segmented` there "
               "is Extra-P's built-in Segmented modeler, not this package's; `extrap-segmented extrap ARGS` runs "
               "Extra-P's command line with them")
    if hook_files and autoload.INSTALL_CALLED:
        lines.append("start-up hook: " + ", ".join(map(str, hook_files)) + " (ran in this interpreter)")
    elif hook_files:
        reason = ("python -S skips the start-up files of site-packages" if sys.flags.no_site else
                  "its directory is not a site directory of this interpreter, e.g. reached through PYTHONPATH")
        lines.append(f"start-up hook: {', '.join(map(str, hook_files))}, but it did NOT run in this interpreter "
                     f"({reason}); {without}")
    else:
        lines.append(f"start-up hook: not found ({PTH_NAME} missing from the site directories: reinstall with "
                     f"pip); {without}")
    value, disable = autoload.disable_setting()
    if disable:
        lines.append("")
        lines.append(f"Plugins: disabled by {autoload.DISABLE_VARIABLE}={value}: `extrap` and `extrap-gui` run "
                     "stock Extra-P (no Segmented, Clustered or Expectation modeler of this package, no "
                     "--cube-ranks; `--modeler segmented` is Extra-P's built-in); extrap-validate and "
                     f"extrap-segmented run/extrap use them regardless. Unset {autoload.DISABLE_VARIABLE} or set "
                     "it to 0 to enable them.")
        return "\n".join(lines)

    from extrap_segmented.adapters.plugin.registration import activate
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        registrar = activate()
    host = registrar.host
    lines.append("")
    lines.append("Plugins (entry-point group extrap.plugins)" + (
        ":" if autoload.INSTALL_CALLED else ", registered here by extrap-segmented itself, not by the start-up "
        "hook (see above):"))
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


def run_extrap(argv: Sequence[str]) -> int:
    """``extrap-segmented extrap ARGS``: Extra-P's command line with the plugins registered by this
    process itself, whatever the start-up files (``python -S``, site-packages on ``PYTHONPATH``,
    frozen applications) and ``EXTRAP_SEGMENTED_DISABLE``: ``--modeler segmented`` is this package's."""
    from extrap_segmented.adapters.plugin.registration import activate
    activate()
    from extrap.extrap import extrapcmd
    extrapcmd.main(list(argv), prog="extrap")
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the command (``argv`` without the program name; default: ``sys.argv[1:]``); returns 0."""
    from extrap_segmented.adapters.console import degrade_standard_streams
    degrade_standard_streams()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["run"]:  # extrap-segmented run ...: modeling on a Dask cluster
        from extrap_segmented.adapters.distributed.run import command
        return command(argv[1:])
    if argv[:1] == ["extrap"]:
        return run_extrap(argv[1:])
    parser = argparse.ArgumentParser(prog="extrap-segmented", description=__doc__.splitlines()[0],
                                     epilog="extrap-segmented run --help: model Cube directories on a Dask cluster; "
                                            "extrap-segmented extrap ARGS: Extra-P's command line with the plugins "
                                            "active, whatever the start-up files")
    parser.add_argument("--version", action="store_true",
                        help="print versions and the registered plugins (the default)")
    parser.parse_args(argv)
    from extrap_segmented.adapters.console import print_report
    print_report(describe())
    return 0


if __name__ == "__main__":
    sys.exit(main())
