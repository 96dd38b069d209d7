"""Packaging details pyproject.toml cannot express.

* The start-up files in ``startup/`` go to the root of site-packages: the ``.pth`` file (and the
  PEP 829 ``.start`` file) that register the plugins when Extra-P is imported. A regular wheel gets
  them through ``build_py``'s outputs; an editable install writes them next to setuptools' own
  editable finder.
"""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

STARTUP_FILES = sorted(p for p in Path("startup").iterdir() if p.suffix in (".pth", ".start"))


def _packages() -> list[str]:
    return sorted(".".join(p.parent.parts) for p in Path("extrap_segmented").rglob("__init__.py"))


class BuildPyWithStartupFiles(build_py):
    """``build_py`` that also places the start-up files at the root of the installed tree."""

    def run(self):
        super().run()
        # Editable wheels are assembled from the install directory, not from build_lib.
        root = self.get_finalized_command("install").install_lib if self.editable_mode else self.build_lib
        for source in STARTUP_FILES:
            self.copy_file(str(source), str(Path(root) / source.name))

    def get_outputs(self, include_bytecode=True):
        outputs = super().get_outputs(include_bytecode)
        if self.editable_mode:
            return outputs
        return outputs + [str(Path(self.build_lib) / source.name) for source in STARTUP_FILES]


setup(
    packages=_packages(),
    cmdclass={"build_py": BuildPyWithStartupFiles},
)
