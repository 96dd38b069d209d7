"""``AtomicReplacement``: the target is replaced only by a complete file, with the mode a plain
``open`` would give, and a failure leaves the target and no temporary file."""
from __future__ import annotations

import os

import pytest

from extrap_segmented.atomic_files import AtomicReplacement


def _write(replacement: AtomicReplacement, data: bytes) -> None:
    with os.fdopen(replacement.fd, "wb") as handle:
        handle.write(data)


def test_a_clean_exit_replaces_the_target_with_the_umask_mode(tmp_path):
    target = tmp_path / "out.bin"
    target.write_bytes(b"old")
    old_mask = os.umask(0o027)
    try:
        with AtomicReplacement(target) as replacement:
            _write(replacement, b"new")
            assert target.read_bytes() == b"old"  # not before the block ends
    finally:
        os.umask(old_mask)
    assert target.read_bytes() == b"new"
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.bin"]


def test_an_explicit_mode_wins(tmp_path):
    with AtomicReplacement(tmp_path / "shared", mode=0o644) as replacement:
        _write(replacement, b"x")
    assert (tmp_path / "shared").stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize("error", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_failure_keeps_the_target_and_removes_the_temporary_file(tmp_path, error):
    target = tmp_path / "out.bin"
    target.write_bytes(b"old")
    with pytest.raises(type(error)):
        with AtomicReplacement(target) as replacement:
            _write(replacement, b"half")
            raise error
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.bin"]


def test_a_directory_that_cannot_hold_the_file_fails_before_anything_exists(tmp_path):
    with pytest.raises(OSError):
        AtomicReplacement(tmp_path / "missing" / "out.bin")
    assert list(tmp_path.iterdir()) == []
