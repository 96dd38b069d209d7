"""``AtomicReplacement`` keeps every promise a plain write keeps and adds atomicity.

Each class of promise is checked: permissions (a read-only file is refused, not replaced), links
(symbolic links followed, hard links kept), mode, owner and extended attributes, the names the
file system accepts, and no temporary file after an error or a kill. Where keeping a promise needs
an in-place write, the replacement says so in ``note``.
"""
from __future__ import annotations

import errno
import os
import pwd
import signal
import stat
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

import extrap_segmented.atomic_files as atomic_files
from extrap_segmented.atomic_files import AtomicReplacement

MODULE = Path(atomic_files.__file__)


def _replace(target, data: bytes, **kwargs) -> AtomicReplacement:
    with AtomicReplacement(target, **kwargs) as replacement:
        os.write(replacement.fd, data)
    return replacement


def _listing(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


@pytest.fixture(params=["unnamed", "named"])
def flavour(request, monkeypatch):
    """Both ways of making the temporary file: Linux's unnamed file and the named fallback."""
    if request.param == "named":
        monkeypatch.setattr(atomic_files.AtomicReplacement, "_create_unnamed", lambda self: False)
    elif not (getattr(os, "O_TMPFILE", 0) and atomic_files._HAS_PROC_FD):
        pytest.skip("no unnamed temporary files on this system")
    return request.param


def test_a_new_file_gets_the_mode_of_a_plain_open(tmp_path, flavour):
    old_mask = os.umask(0o027)
    try:
        _replace(tmp_path / "out.bin", b"new")
    finally:
        os.umask(old_mask)
    assert (tmp_path / "out.bin").read_bytes() == b"new"
    assert (tmp_path / "out.bin").stat().st_mode & 0o777 == 0o640
    assert _listing(tmp_path) == ["out.bin"]


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o755, 0o444 | 0o200])
def test_an_existing_file_keeps_its_mode(tmp_path, flavour, mode):
    target = tmp_path / "out.bin"
    target.write_bytes(b"old")
    target.chmod(mode)
    replacement = _replace(target, b"new")
    assert replacement.note is None  # atomic
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == mode


def test_the_target_is_untouched_until_the_block_ends(tmp_path, flavour):
    target = tmp_path / "out.bin"
    target.write_bytes(b"old")
    with AtomicReplacement(target) as replacement:
        os.write(replacement.fd, b"new")
        assert target.read_bytes() == b"old"
        with open(replacement.path, "rb") as by_path:  # writers that need a path (Extra-P's) get one
            assert by_path.read() == b"new"
    assert target.read_bytes() == b"new"


@pytest.mark.parametrize("error", [OSError(errno.ENOSPC, "No space left on device"), KeyboardInterrupt()])
def test_a_failure_keeps_the_target_and_leaves_no_temporary_file(tmp_path, flavour, error):
    target = tmp_path / "out.bin"
    target.write_bytes(b"old")
    with pytest.raises(type(error)):
        with AtomicReplacement(target) as replacement:
            os.write(replacement.fd, b"half")
            raise error
    assert target.read_bytes() == b"old"
    assert _listing(tmp_path) == ["out.bin"]


@pytest.mark.parametrize("how", ["relative", "absolute", "chain"])
def test_a_symbolic_link_stays_a_link_and_the_file_it_names_is_updated(tmp_path, flavour, how):
    real = tmp_path / "data" / "real.bin"
    real.parent.mkdir()
    real.write_bytes(b"old")
    real.chmod(0o600)
    link = tmp_path / "link.bin"
    if how == "relative":
        link.symlink_to(Path("data") / "real.bin")
    elif how == "absolute":
        link.symlink_to(real)
    else:
        (tmp_path / "middle.bin").symlink_to(real)
        link.symlink_to("middle.bin")
    replacement = _replace(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"new" and link.read_bytes() == b"new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    assert replacement.target == str(real)
    assert _listing(real.parent) == ["real.bin"]


def test_a_dangling_link_creates_the_file_it_names(tmp_path, flavour):
    (tmp_path / "out").mkdir()
    link = tmp_path / "link.bin"
    link.symlink_to(Path("out") / "new.bin")
    _replace(link, b"new")
    assert link.is_symlink() and (tmp_path / "out" / "new.bin").read_bytes() == b"new"


def test_a_link_loop_is_the_error_a_plain_write_gives(tmp_path):
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    with pytest.raises(OSError) as caught:
        AtomicReplacement(tmp_path / "a")
    assert caught.value.errno == errno.ELOOP
    assert _listing(tmp_path) == ["a", "b"]


def test_a_hard_linked_file_is_written_in_place_and_says_so(tmp_path, flavour):
    target = tmp_path / "out.bin"
    target.write_bytes(b"old")
    os.link(target, tmp_path / "other-name.bin")
    replacement = _replace(target, b"new")
    assert "2 hard links" in replacement.note
    assert (tmp_path / "other-name.bin").read_bytes() == b"new"
    assert os.stat(target).st_ino == os.stat(tmp_path / "other-name.bin").st_ino
    assert _listing(tmp_path) == ["other-name.bin", "out.bin"]


def test_an_in_place_write_that_fails_while_serialising_leaves_the_target_untouched(tmp_path, flavour):
    target = tmp_path / "out.bin"
    target.write_bytes(b"old")
    os.link(target, tmp_path / "other-name.bin")
    with pytest.raises(RuntimeError):
        with AtomicReplacement(target) as replacement:
            os.write(replacement.fd, b"half")
            raise RuntimeError("serialising failed")
    assert target.read_bytes() == b"old"
    assert _listing(tmp_path) == ["other-name.bin", "out.bin"]


def test_a_device_is_written_like_a_plain_write_would(tmp_path):
    replacement = _replace("/dev/null", b"new")
    assert replacement.note == "it is not a regular file"
    assert Path("/dev/null").is_char_device()


@pytest.mark.parametrize("name", ["x" * 255, "é" * 127, "a" * 250 + ".ext"])
def test_every_name_the_file_system_accepts_works(tmp_path, flavour, name):
    if len(os.fsencode(name)) > os.pathconf(tmp_path, "PC_NAME_MAX"):
        pytest.skip("longer than this file system's limit")
    target = tmp_path / name
    target.write_bytes(b"old")
    _replace(target, b"new")
    assert target.read_bytes() == b"new"
    assert _listing(tmp_path) == [name]


def test_a_directory_is_the_error_a_plain_write_gives(tmp_path):
    with pytest.raises(IsADirectoryError):
        AtomicReplacement(tmp_path)
    with pytest.raises(FileNotFoundError):
        AtomicReplacement(tmp_path / "missing" / "out.bin")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "setxattr"), reason="no extended attributes here")
def test_extended_attributes_are_kept(tmp_path, flavour):
    target = tmp_path / "out.bin"
    target.write_bytes(b"old")
    try:
        os.setxattr(target, "user.origin", b"measured on system X")
    except OSError:
        pytest.skip("this file system keeps no user extended attributes")
    replacement = _replace(target, b"new")
    assert replacement.note is None
    assert os.getxattr(target, "user.origin") == b"measured on system X"


def test_a_kill_while_writing_leaves_no_temporary_file(tmp_path):
    """SIGKILL cannot be caught: only an unnamed temporary file (Linux O_TMPFILE) leaves nothing."""
    if not (getattr(os, "O_TMPFILE", 0) and atomic_files._HAS_PROC_FD):
        pytest.skip("no unnamed temporary files on this system")
    target = tmp_path / "out.bin"
    target.write_bytes(b"old")
    code = textwrap.dedent(f"""
        import os, sys, time
        from extrap_segmented.atomic_files import AtomicReplacement
        with AtomicReplacement({str(target)!r}) as replacement:
            os.write(replacement.fd, b"half" * 100000)
            print("writing", flush=True)
            time.sleep(60)
    """)
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().strip() == "writing"
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait(timeout=30)
    assert target.read_bytes() == b"old"
    assert _listing(tmp_path) == ["out.bin"]


# -- promises about users: the write runs as another user -----------------------------------

def _other_user() -> pwd.struct_passwd:
    if os.geteuid() != 0:
        pytest.skip("needs root to act as another user")
    try:
        return pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("no user 'nobody'")


@pytest.fixture
def shared_dir():
    """A directory other users can reach (pytest's tmp_path is private to its user)."""
    directory = Path(tempfile.mkdtemp(prefix="atomic-files-"))
    directory.chmod(0o755)
    yield directory
    subprocess.run(["rm", "-rf", str(directory)], check=False)


def _write_as(user: pwd.struct_passwd, target: Path, data: bytes) -> subprocess.CompletedProcess:
    """Replaces ``target`` as ``user``: the child starts as root (the interpreter may live where
    only root can read), loads the module, then becomes ``user`` for good."""
    code = textwrap.dedent(f"""
        import importlib.util, os, sys
        spec = importlib.util.spec_from_file_location("atomic_files", {str(MODULE)!r})
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        os.setgroups([])
        os.setgid({user.pw_gid})
        os.setuid({user.pw_uid})
        try:
            with module.AtomicReplacement({str(target)!r}) as replacement:
                os.write(replacement.fd, {data!r})
        except OSError as error:
            print("error", error.errno, error.strerror)
            sys.exit(1)
        print("note", replacement.note)
    """)
    return subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=60)


def test_a_read_only_file_is_refused_with_permission_denied_and_kept(shared_dir):
    user = _other_user()
    directory = shared_dir / "mine"
    directory.mkdir()
    os.chown(directory, user.pw_uid, user.pw_gid)  # the user may create and rename files here
    target = directory / "out.extra-p"
    target.write_bytes(b"old")
    os.chown(target, user.pw_uid, user.pw_gid)
    target.chmod(0o444)
    result = _write_as(user, target, b"new")
    assert result.returncode == 1 and result.stdout.split()[:2] == ["error", str(errno.EACCES)], result
    assert "Permission denied" in result.stdout
    assert target.read_bytes() == b"old" and stat.S_IMODE(target.stat().st_mode) == 0o444
    assert _listing(directory) == ["out.extra-p"]


def test_a_file_of_another_owner_keeps_its_owner(shared_dir):
    """Root can give the new file the old one's owner: replaced atomically, owner and group kept."""
    user = _other_user()
    target = shared_dir / "theirs.bin"
    target.write_bytes(b"old")
    os.chown(target, user.pw_uid, user.pw_gid)
    target.chmod(0o640)
    replacement = _replace(target, b"new")
    assert replacement.note is None
    status = target.stat()
    assert (status.st_uid, status.st_gid, stat.S_IMODE(status.st_mode)) == (user.pw_uid, user.pw_gid, 0o640)


def test_a_writable_file_of_another_owner_is_written_in_place_keeping_its_owner(shared_dir):
    """The user may write the file but cannot give a new file its owner: in place, and said."""
    user = _other_user()
    shared_dir.chmod(0o777)
    target = shared_dir / "team.bin"
    target.write_bytes(b"old")
    target.chmod(0o666)
    inode = target.stat().st_ino
    result = _write_as(user, target, b"new")
    assert result.returncode == 0, result
    assert result.stdout.startswith("note it belongs to user root"), result.stdout
    assert target.read_bytes() == b"new" and target.stat().st_uid == 0 and target.stat().st_ino == inode
    assert _listing(shared_dir) == ["team.bin"]


def test_a_writable_file_in_a_directory_the_user_cannot_write_is_written_in_place(shared_dir):
    user = _other_user()
    target = shared_dir / "shared.bin"
    target.write_bytes(b"old")
    os.chown(target, user.pw_uid, user.pw_gid)
    result = _write_as(user, target, b"new")
    assert result.returncode == 0, result
    assert "may write the file but not create files in its directory" in result.stdout
    assert target.read_bytes() == b"new"
    assert _listing(shared_dir) == ["shared.bin"]


def test_a_new_file_in_a_directory_the_user_cannot_write_is_refused(shared_dir):
    user = _other_user()
    result = _write_as(user, shared_dir / "new.bin", b"new")
    assert result.returncode == 1 and result.stdout.split()[:2] == ["error", str(errno.EACCES)], result
    assert _listing(shared_dir) == []
