"""``--save-experiment`` (and the GUI's save, the same function) keeps every promise a plain write
keeps -- permissions, links, modes, owner, any valid name -- and adds atomicity: a killed save
leaves nothing behind. Stock Extra-P 4.2.5 writes in place; with the plugin the save used to
replace a read-only file, replace a symbolic link by a file, make a 0600 file 0644, fail on long
names and leave ``.NAME.XXXX.partial`` after a kill.
"""
from __future__ import annotations

import os
import pwd
import signal
import stat
import subprocess
import sys
import tempfile
import textwrap
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERIES = ROOT / "fixtures" / "series" / "mpi_collectives.txt"
EXTRAP = str(Path(sys.executable).parent / "extrap")


def _extrap(*args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "EXTRAP_SEGMENTED_DISABLE"}
    return subprocess.run([EXTRAP, *args, "--disable-progress"], capture_output=True, text=True, timeout=300, env=env)


def _save(target: Path) -> subprocess.CompletedProcess:
    return _extrap("--text", str(SERIES), "--save-experiment", str(target), "--print", "callpaths")


def _opens(path: Path) -> bool:
    result = _extrap("--experiment", str(path), "--print", "callpaths")
    return result.returncode == 0 and "MPI_Allreduce" in result.stdout


def _listing(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


@pytest.mark.slow
def test_saving_through_a_symbolic_link_updates_the_file_it_names_and_keeps_its_mode(tmp_path):
    real = tmp_path / "results" / "run.extra-p"
    real.parent.mkdir()
    real.write_bytes(b"an older save")
    real.chmod(0o600)
    link = tmp_path / "latest.extra-p"
    link.symlink_to(Path("results") / "run.extra-p")
    result = _save(link)
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == str(Path("results") / "run.extra-p")
    assert zipfile.is_zipfile(real) and _opens(link)
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    assert _listing(real.parent) == ["run.extra-p"] and _listing(tmp_path) == ["latest.extra-p", "results"]


@pytest.mark.parametrize("length", [255, 250])
@pytest.mark.slow
def test_a_long_valid_file_name_is_saved(tmp_path, length):
    target = tmp_path / ("r" * (length - len(".extra-p")) + ".extra-p")
    if len(os.fsencode(target.name)) > os.pathconf(tmp_path, "PC_NAME_MAX"):
        pytest.skip("longer than this file system's name limit")
    target.write_bytes(b"an older save")
    result = _save(target)
    assert result.returncode == 0, result.stderr
    assert _opens(target) and _listing(tmp_path) == [target.name]


@pytest.mark.slow
def test_a_hard_linked_file_is_saved_in_place_and_the_user_is_told(tmp_path):
    target = tmp_path / "run.extra-p"
    target.write_bytes(b"an older save")
    os.link(target, tmp_path / "archive.extra-p")
    result = _save(target)
    assert result.returncode == 0, result.stderr
    assert "in place, not atomically: it has 2 hard links" in result.stderr
    assert _opens(tmp_path / "archive.extra-p") and target.stat().st_ino == (tmp_path / "archive.extra-p").stat().st_ino


def test_a_killed_save_leaves_the_previous_file_and_nothing_else(tmp_path):
    """The save is stopped with SIGKILL while Extra-P serialises the experiment."""
    if not getattr(os, "O_TMPFILE", 0):
        pytest.skip("no unnamed temporary files on this system")
    target = tmp_path / "run.extra-p"
    assert _save(target).returncode == 0
    good = target.read_bytes()
    code = textwrap.dedent(f"""
        import sys, time
        import extrap_segmented
        extrap_segmented.activate()
        from extrap.fileio import experiment_io
        from extrap.fileio.file_reader.text_file_reader import TextFileReader
        from extrap.fileio.experiment_io import ExperimentSchema
        experiment = TextFileReader().read_experiment({str(SERIES)!r})
        dumps = ExperimentSchema.dumps
        def slow_dumps(self, *args, **kwargs):
            text = dumps(self, *args, **kwargs)
            print("serialising", flush=True)
            time.sleep(120)
            return text
        ExperimentSchema.dumps = slow_dumps
        experiment_io.write_experiment(experiment, {str(target)!r})
    """)
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=tempfile.gettempdir())
    try:
        assert process.stdout.readline().strip() == "serialising"
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait(timeout=60)
    assert target.read_bytes() == good  # exact: the file must be untouched
    assert _listing(tmp_path) == ["run.extra-p"]


def test_a_read_only_file_is_refused_with_permission_denied_and_kept():
    """As another user (root may write anything, as with a plain write): Extra-P's save function,
    wrapped by the plugin, refuses a file that user may not write, and leaves it as it was."""
    if os.geteuid() != 0:
        pytest.skip("needs root to act as another user")
    try:
        user = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("no user 'nobody'")
    directory = Path(tempfile.mkdtemp(prefix="save-promises-"))
    try:
        directory.chmod(0o755)
        os.chown(directory, user.pw_uid, user.pw_gid)
        target = directory / "run.extra-p"
        target.write_bytes(b"an older save")
        os.chown(target, user.pw_uid, user.pw_gid)
        target.chmod(0o444)
        code = textwrap.dedent(f"""
            import os, sys
            import extrap_segmented
            extrap_segmented.activate()
            from extrap.fileio import experiment_io
            from extrap.fileio.file_reader.text_file_reader import TextFileReader
            from extrap.util.exceptions import RecoverableError
            experiment = TextFileReader().read_experiment({str(SERIES)!r})
            experiment_io.write_experiment(experiment, {str(directory / "warm-up.extra-p")!r})  # imports done
            os.unlink({str(directory / "warm-up.extra-p")!r})
            os.setgroups([]); os.setgid({user.pw_gid}); os.setuid({user.pw_uid})
            try:
                experiment_io.write_experiment(experiment, {str(target)!r})
            except RecoverableError as error:
                print(error)
                sys.exit(1)
        """)
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                                cwd=tempfile.gettempdir())
        assert result.returncode == 1, result.stderr
        assert result.stdout.strip() == f"cannot save the experiment to {target}: Permission denied"
        assert target.read_bytes() == b"an older save" and stat.S_IMODE(target.stat().st_mode) == 0o444
        assert _listing(directory) == ["run.extra-p"]
    finally:
        subprocess.run(["rm", "-rf", str(directory)], check=False)
