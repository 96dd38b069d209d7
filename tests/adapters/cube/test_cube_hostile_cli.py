"""Hostile profiles through `extrap --cube-ranks`: the bad repetition is named and skipped, the run
goes on, memory stays bounded."""
from __future__ import annotations

import io
import subprocess
import sys
import tarfile
import zlib
from pathlib import Path

import numpy as np
import pytest

from extrap_segmented.cube.writer import make_location_table, write_cubex

EXTRAP = Path(sys.executable).with_name("extrap")
PATHS = ["main", "main->solve", "main->solve->MPI_Allreduce"]


def _replace(path, name, payload):
    with tarfile.open(path) as tar:
        members = [(m.name, tar.extractfile(m).read()) for m in tar.getmembers()]
    with tarfile.open(path, "w", format=tarfile.USTAR_FORMAT) as tar:
        for n, data in members:
            data = payload if n == name else data
            info = tarfile.TarInfo(n)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def _extrap_max_rss_kib(*args) -> tuple[subprocess.CompletedProcess, int]:
    """Runs extrap in a child and returns its result and peak resident memory (KiB)."""
    code = ("import resource, sys\nfrom extrap.extrap import extrapcmd\nsys.argv = ['extrap'] + sys.argv[1:]\n"
            "try:\n    extrapcmd.main()\nfinally:\n"
            "    print('MAXRSS', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n")
    result = subprocess.run([sys.executable, "-c", code, *map(str, args), "--disable-progress"], capture_output=True,
                            text=True, timeout=300)
    rss = int(result.stderr.rsplit("MAXRSS", 1)[1].split()[0])
    return result, rss


@pytest.mark.slow
def test_inflation_bomb_in_one_repetition_is_skipped_and_the_run_goes_on(tmp_path):
    loc = make_location_table(4)
    for p in (2, 4, 8, 16, 32):
        for r in (1, 2):
            values = {"time": np.full((3, 4), p * (1.0 + 0.01 * r))}
            write_cubex(tmp_path / f"app.p{p}.r{r}" / "profile.cubex", callpaths=PATHS, values=values, locations=loc,
                        compress=True)
    c = zlib.compressobj(9)
    bomb = b"".join([c.compress(bytes(1 << 20)) for _ in range(1024)] + [c.flush()])  # 1 MB -> 1 GiB
    _, baseline_kib = _extrap_max_rss_kib("--cube-ranks", tmp_path, "--print", "callpaths")
    bad = tmp_path / "app.p8.r2" / "profile.cubex"
    _replace(bad, "0.data", b"ZCUBEX.DATA" + np.array([1, 0, 0, len(bomb)], "<i8").tobytes() + bomb)
    result, rss_kib = _extrap_max_rss_kib("--cube-ranks", tmp_path, "--print", "callpaths")
    assert result.returncode == 0, result.stderr[-2000:]
    assert f"skipped: {bad}: compressed data of metric 'time' inflates to more than the 96 bytes" in result.stderr
    assert "main->solve->MPI_Allreduce" in result.stdout
    # peak RSS of the whole extrap process next to the same run without the bomb (which alone would
    # need 1 GiB); the baseline is Extra-P's own (~400 MB with its GUI toolkit imported)
    assert rss_kib - baseline_kib < 64 * 1024, (rss_kib, baseline_kib)


def test_anchor_limits_are_reader_options(fixtures_dir, monkeypatch):
    """A legitimately huge anchor (hundreds of thousands of locations) needs higher limits: the
    reader options (GUI import dialog) and read_cube_directory's keywords pass them on."""
    import pytest
    from extrap.util.exceptions import FileFormatError

    from extrap_segmented.adapters.cube.reader import CubeRankReader
    from extrap_segmented.cube.directory import read_cube_directory

    path = fixtures_dir / "cube" / "gather-switch-p"
    reader = CubeRankReader()
    reader.scaling_type = "weak"
    assert (reader.anchor_limit_mib, reader.anchor_element_limit) == (256, 2_000_000)
    reader.anchor_element_limit = 50
    with pytest.raises(FileFormatError, match="more than 50 XML elements .*reader option 'Anchor element limit'"):
        with pytest.warns(UserWarning):
            reader.read_experiment(path)
    # 0 would refuse every profile: refused before any file is read, naming the option and its range
    reader.anchor_element_limit, reader.anchor_limit_mib = 2_000_000, 0
    from extrap_segmented.adapters.option_rules import InvalidOptionError
    with pytest.raises(InvalidOptionError, match=r"Anchor size limit \(MiB\): 0 is not accepted; it must be a whole "
                                                 r"number from 1 to 1,048,576 MiB"):
        reader.read_experiment(path)
    # the size limit reaches the Cube core in bytes
    from extrap_segmented.adapters.cube import reader as reader_module
    seen = {}

    def capture(*args, **kwargs):
        seen.update(kwargs)
        raise CubeFormatError("captured")
    from extrap_segmented.exceptions import CubeFormatError
    monkeypatch.setattr(reader_module, "read_cube_points", capture)
    reader.anchor_limit_mib = 3
    with pytest.raises(FileFormatError, match="captured"):
        reader.read_experiment(path)
    assert (seen["max_anchor_bytes"], seen["max_anchor_elements"]) == (3 << 20, 2_000_000)
    with pytest.raises(Exception, match="more than 50 XML elements"):
        with pytest.warns(UserWarning):
            read_cube_directory(path, max_anchor_elements=50)
    assert read_cube_directory(path, max_anchor_elements=2_000).points
