"""The Cube writer refuses what its reader cannot read back, and writes atomically."""
from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from extrap_segmented.cube.profile import read_cubex
from extrap_segmented.cube.writer import CubeMetric, make_location_table, write_cubex
from extrap_segmented.exceptions import CubeFormatError

LOC = make_location_table(2)


def _write(path, paths=("main", "main->work"), **kwargs):
    kwargs.setdefault("values", {"time": np.ones((len(paths), 2))})
    kwargs.setdefault("locations", LOC)
    return write_cubex(path, callpaths=list(paths), **kwargs)


@pytest.mark.parametrize("char", ["\x00", "\x01", "\x1b", "\x1f", "\t", "\n", "\r", "\ufffe", "\ud800"],
                         ids=repr)
def test_control_character_in_a_region_name_is_refused_and_nothing_is_written(tmp_path, char):
    path = tmp_path / "p.cubex"
    with pytest.raises(CubeFormatError) as info:
        _write(path, ("main", f"main->wo{char}rk"))
    message = str(info.value)
    assert str(path) in message and "region name of call path" in message
    assert f"U+{ord(char):04X} at position 2" in message
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("field, kwargs", [
    ("metric name", dict(values={"ti\x02me": np.ones((2, 2))})),
    ("unit of metric 'time'", dict(metrics=[CubeMetric("time", unit="s\x07")])),
    ("display name of metric 'time'", dict(metrics=[CubeMetric("time", display_name="T\n")])),
    ("description of metric 'time'", dict(metrics=[CubeMetric("time", description="a\x0cb")])),
    ("node name", dict(locations=make_location_table(2, node_prefix="n\x1b"))),
    ("attribute key", dict(attributes={"k\x00": "v"})),
    ("value of attribute 'k'", dict(attributes={"k": "v\x01"})),
])
def test_control_characters_in_other_texts_are_refused(tmp_path, field, kwargs):
    with pytest.raises(CubeFormatError, match=field):
        _write(tmp_path / "p.cubex", **kwargs)
    assert list(tmp_path.iterdir()) == []


def test_descriptions_keep_tabs_and_newlines(tmp_path):
    path = _write(tmp_path / "p.cubex", metrics=[CubeMetric("time", description="line 1\n\tline 2")])
    assert read_cubex(path).metrics[0].name == "time"


_region = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12).filter(
    lambda s: "->" not in s and not s.endswith("-") and not s.startswith(">"))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=_region)
def test_every_region_name_the_writer_accepts_is_read_back_unchanged(tmp_path, name):
    path = tmp_path / "p.cubex"
    try:
        _write(path, ("main", f"main->{name}"))
    except CubeFormatError as err:
        assert "cannot hold" in str(err)
        return
    assert read_cubex(path).callpaths == ("main", f"main->{name}")


def test_directory_as_output_path_is_a_clear_error_and_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "out"
    target.mkdir()
    (target / "keep.txt").write_text("x")
    with pytest.raises(CubeFormatError, match="out: is a directory; give the path of the profile to write"):
        _write(target)
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["keep.txt", "out"]  # was IsADirectoryError + out.tmp


def test_parent_that_is_a_file_is_a_clear_error(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(CubeFormatError, match="cannot write the profile here"):
        _write(tmp_path / "file" / "p.cubex")


def test_failed_write_keeps_the_previous_profile_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    path = _write(tmp_path / "p.cubex")
    before = path.read_bytes()

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(CubeFormatError, match="cannot write the profile: .*No space left on device"):
        _write(path, ("main", "main->other"))
    assert path.read_bytes() == before  # exact: the file must be untouched
    assert [p.name for p in tmp_path.iterdir()] == ["p.cubex"]


def test_interrupted_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    import tarfile

    def interrupted(self, *args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(tarfile.TarFile, "addfile", interrupted)
    with pytest.raises(KeyboardInterrupt):
        _write(tmp_path / "p.cubex")
    assert list(tmp_path.iterdir()) == []


def test_written_profile_is_readable_by_others(tmp_path):
    path = _write(tmp_path / "p.cubex")
    assert path.stat().st_mode & 0o777 == 0o644
