"""The package's public names resolve, lazily: importing the package stays free of numpy."""
from __future__ import annotations

import json

import extrap_segmented
from conftest import run_python


def test_every_public_name_resolves():
    for name in extrap_segmented.__all__:
        assert getattr(extrap_segmented, name) is not None, name


def test_importing_the_package_imports_no_numpy():
    result = run_python("import sys, json, extrap_segmented; "
                        "print(json.dumps(['numpy' in sys.modules, 'extrap' in sys.modules]))")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [False, False]
