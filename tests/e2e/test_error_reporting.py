"""Bad input read through this package's plugins ends in a message, not a bare traceback."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXTRAP = Path(sys.executable).with_name("extrap")


def run_extrap(*args, env_extra=None):
    env = {"PATH": str(EXTRAP.parent), "HOME": str(Path.home()), **(env_extra or {})}
    return subprocess.run([str(EXTRAP), *map(str, args), "--disable-progress"], capture_output=True, text=True,
                          env=env, timeout=120)


def test_unreadable_profiles_give_a_message_naming_the_files(tmp_path):
    for p in (1, 2):
        profile = tmp_path / f"app.p{p}.r1" / "profile.cubex"
        profile.parent.mkdir()
        profile.write_text("this is not a tar archive")
    result = run_extrap("--cube-ranks", tmp_path)
    assert result.returncode == 1
    assert "extrap: error: no readable Cube profile" in result.stderr
    assert str(tmp_path / "app.p1.r1" / "profile.cubex") in result.stderr
    assert "Traceback" not in result.stderr


def test_directory_without_profiles(tmp_path):
    result = run_extrap("--cube-ranks", tmp_path)
    assert result.returncode == 1
    assert f"No cube_ranks files were found in: {tmp_path}" in result.stderr
    assert "Traceback" not in result.stderr


def test_traceback_on_request_and_extrap_own_readers_unchanged(tmp_path):
    result = run_extrap("--cube-ranks", tmp_path, env_extra={"EXTRAP_SEGMENTED_TRACEBACK": "1"})
    assert "Traceback" in result.stderr
    # Errors of Extra-P's own readers are not ours to reformat.
    stock = run_extrap("--cube", tmp_path)
    assert stock.returncode != 0 and "Traceback" in stock.stderr
    assert "No cube files were found" in stock.stderr and "EXTRAP_SEGMENTED_TRACEBACK" not in stock.stderr


def test_errors_are_ours_by_module_name_not_by_file_location():
    """In an editable install the package's files live in the repository; only module names
    tell this package's frames from Extra-P's (or anybody's) code."""
    from extrap.util.exceptions import FileFormatError
    from extrap_segmented.adapters.plugin import errors

    def traceback_of(module_name):
        namespace = {"__name__": module_name, "FileFormatError": FileFormatError}
        # a file name inside this package, as an editable install may make Extra-P's look
        code = compile("def fail():\n    raise FileFormatError('x')\n", errors.__file__, "exec")
        exec(code, namespace)
        try:
            namespace["fail"]()
        except FileFormatError as error:
            return error.__traceback__.tb_next

    assert errors._raised_in_package(traceback_of("extrap_segmented.adapters.cube.reader"))
    assert not errors._raised_in_package(traceback_of("extrap.fileio.file_reader.cube_file_reader2"))


def test_data_warnings_are_one_line_and_others_keep_python_format():
    import io
    from extrap_segmented.adapters.plugin.errors import make_showwarning
    from extrap_segmented.exceptions import CubeDataWarning
    passed_on = []
    showwarning = make_showwarning(lambda *args: passed_on.append(args))
    stream = io.StringIO()
    showwarning(CubeDataWarning("f.cubex: metric 'x' has 3 negative values"), CubeDataWarning, "m.py", 3, stream)
    showwarning(DeprecationWarning("old"), DeprecationWarning, "m.py", 4, stream)
    assert stream.getvalue().endswith(": warning: f.cubex: metric 'x' has 3 negative values\n")
    assert stream.getvalue().count("\n") == 1
    assert len(passed_on) == 1 and passed_on[0][1] is DeprecationWarning
