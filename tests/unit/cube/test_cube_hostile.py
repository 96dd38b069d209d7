"""Hostile and corrupt Cube profiles: each gives a CubeFormatError naming the file and the problem,
or is read with a note, within bounded memory and time. Rows of docs/robustness.md (Cube profiles)."""
from __future__ import annotations

import gzip
import io
import sys
import tarfile
import time
import tracemalloc
import zlib

import numpy as np
import pytest

from extrap_segmented.cube.directory import profile_notes, read_cube_directory
from extrap_segmented.cube.profile import read_cubex
from extrap_segmented.cube.writer import make_location_table, write_cubex
from extrap_segmented.exceptions import CubeFormatError

PATHS = ["main", "main->work", "main->work->MPI_Send"]
MiB = 1 << 20


def write_profile(path, *, compress=False, n_loc=4, values=None, paths=PATHS):
    vals = values if values is not None else {"time": np.arange(len(paths) * n_loc, dtype=float).reshape(-1, n_loc) + 1}
    return write_cubex(path, callpaths=paths, values=vals, locations=make_location_table(n_loc), compress=compress)


def members(path) -> dict[str, bytes]:
    with tarfile.open(path) as tar:
        return {m.name: tar.extractfile(m).read() for m in tar.getmembers()}


def rewrite(path, replace: dict[str, bytes], drop=()):
    """Rewrites the archive with members replaced (or added) and dropped, keeping the order."""
    old = members(path)
    old.update(replace)
    with tarfile.open(path, "w", format=tarfile.USTAR_FORMAT) as tar:
        for name, data in old.items():
            if name in drop:
                continue
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


def anchor_text(path) -> str:
    raw = members(path)["anchor.xml"]
    return (gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).decode()


def with_anchor(path, old: str, new: str, count=1):
    text = anchor_text(path)
    assert old in text, old
    return rewrite(path, {"anchor.xml": text.replace(old, new, count).encode()})


def zcubex(chunks: list[bytes], sizes=None, n=None) -> bytes:
    sizes = [len(c) for c in chunks] if sizes is None else sizes
    table = []
    for i, s in enumerate(sizes):
        table += [0, sum(sizes[:i]), s]
    return (b"ZCUBEX.DATA" + np.array([len(chunks) if n is None else n], "<i8").tobytes()
            + np.asarray(table, "<i8").tobytes() + b"".join(chunks))


def deflate_zeros(n_bytes: int, wbits=15, prefix=b"", suffix=b"", filler=b"\0") -> bytes:
    """A zlib (wbits=15) or gzip (wbits=31) stream of ``n_bytes`` of ``filler``, built a MiB at a time."""
    c = zlib.compressobj(9, zlib.DEFLATED, wbits)
    block = filler * (MiB // len(filler))
    return b"".join([c.compress(prefix)] + [c.compress(block) for _ in range(n_bytes // MiB)]
                    + [c.compress(suffix), c.flush()])


def read_bounded(path, **kwargs):
    """read_cubex under tracemalloc: (result or raised CubeFormatError, peak bytes, seconds)."""
    tracemalloc.start()
    start = time.perf_counter()
    try:
        result = read_cubex(path, **kwargs)
    except CubeFormatError as err:
        result = err
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return result, peak, time.perf_counter() - start


def expect_error(path, *fragments, **kwargs):
    with pytest.raises(CubeFormatError) as info:
        read_cubex(path, **kwargs)
    message = str(info.value)
    assert str(path) in message
    for fragment in fragments:
        assert fragment in message, message
    return message


@pytest.fixture
def profile(tmp_path):
    return write_profile(tmp_path / "app.p4.r1" / "profile.cubex")


@pytest.fixture
def zprofile(tmp_path):
    return write_profile(tmp_path / "app.p4.r1" / "profile.cubex", compress=True)


# --- inflation bombs -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def bomb_2_5_gib():
    return deflate_zeros(int(2.5 * 1024) * MiB)  # 2.6 MB of zlib inflating to 2.5 GiB


@pytest.mark.slow
def test_zlib_chunk_inflating_to_2_5_gib_stops_at_the_size_the_index_announces(zprofile, bomb_2_5_gib):
    assert len(bomb_2_5_gib) < 3 * MiB
    rewrite(zprofile, {"0.data": zcubex([bomb_2_5_gib])})
    err, peak, seconds = read_bounded(zprofile)
    assert isinstance(err, CubeFormatError)
    assert "inflates to more than the 96 bytes its index and the system tree announce" in str(err)
    assert peak < 8 * MiB and seconds < 5, (peak, seconds)  # was MemoryError


def test_gzip_anchor_of_512_mib_zeros_fails_at_the_first_megabyte(profile):
    rewrite(profile, {"anchor.xml": deflate_zeros(512 * MiB, wbits=31)})
    err, peak, _ = read_bounded(profile)
    assert "anchor.xml is gzip-compressed data that is not XML" in str(err)
    assert peak < 8 * MiB, peak  # was 1.1 GB


def test_well_formed_gzip_anchor_padded_to_512_mib_stops_at_max_anchor_bytes(profile):
    head, tail = anchor_text(profile).encode().split(b"<doc>", 1)
    rewrite(profile, {"anchor.xml": deflate_zeros(512 * MiB, wbits=31, prefix=head + b"<doc>", suffix=tail,
                                                  filler=b" ")})
    err, peak, _ = read_bounded(profile, max_anchor_bytes=32 * MiB)
    assert "anchor.xml inflates to more than 33554432 bytes (limit max_anchor_bytes" in str(err)
    assert peak < 2.5 * 32 * MiB, peak


def test_plain_anchor_larger_than_the_limit_is_rejected_before_reading(profile):
    text = anchor_text(profile).encode()
    rewrite(profile, {"anchor.xml": text + b" " * (2 * MiB)})
    err, peak, _ = read_bounded(profile, max_anchor_bytes=MiB)
    assert "anchor.xml is too large" in str(err) and peak < 4 * MiB


def test_anchor_of_millions_of_tiny_elements_stops_at_max_anchor_elements(profile):
    head, tail = anchor_text(profile).encode().split(b"<doc>", 1)
    # 64 MiB of "<a/>": 16.7 million elements, 1.4 GB once parsed
    rewrite(profile, {"anchor.xml": deflate_zeros(64 * MiB, wbits=31, prefix=head + b"<doc>", suffix=tail,
                                                  filler=b"<a/>")})
    err, peak, _ = read_bounded(profile, max_anchor_elements=100_000)
    assert "anchor.xml has more than 100000 XML elements (limit max_anchor_elements" in str(err)
    assert peak < 48 * MiB, peak


def test_uncompressed_data_larger_than_announced_is_rejected_before_reading(profile):
    rewrite(profile, {"0.data": b"CUBEX.DATA" + bytes(64 * MiB)})
    err, peak, _ = read_bounded(profile)
    assert "holds 8388608 values, expected 3 cnodes x 4 locations = 12" in str(err)
    assert peak < 4 * MiB, peak


def test_index_larger_than_the_call_tree_is_rejected_before_reading(profile):
    index = members(profile)["0.index"]
    rewrite(profile, {"0.index": index + bytes(32 * MiB)})
    err, peak, _ = read_bounded(profile)
    assert "is larger than 3 entries, the number of cnodes" in str(err) and peak < 4 * MiB


# --- compressed data --------------------------------------------------------------------------------

COMPRESSED_CASES = [
    ("negative chunk count", lambda c: zcubex(c, n=-1), "-1 chunks announced"),
    ("huge chunk count", lambda c: zcubex(c, n=1 << 40), "chunks announced, the member has room for at most"),
    ("chunk sizes do not add up", lambda c: zcubex(c, sizes=[len(c[0]) + 7]), "chunk sizes add up to"),
    ("negative chunk size", lambda c: zcubex(c, sizes=[-5]), "chunk sizes add up to"),
    ("chunk is not zlib", lambda c: zcubex([b"not zlib at all"]), "compressed data of metric 'time' is corrupt"),
    ("truncated zlib stream", lambda c: zcubex([c[0][:-6]]), "ends before its zlib stream"),
    ("garbage after a zlib stream", lambda c: zcubex([c[0] + b"xyz"]), "bytes after the end of a chunk"),
    ("no chunk count", lambda c: b"ZCUBEX.DATA\x01", "no chunk count"),
    ("inflates to fewer values", lambda c: zcubex([zlib.compress(bytes(40))]), "holds 5 values, expected 3 cnodes"),
]


@pytest.mark.parametrize("case, payload, fragment", COMPRESSED_CASES, ids=[c[0] for c in COMPRESSED_CASES])
def test_corrupt_compressed_data(zprofile, case, payload, fragment):
    chunk = zlib.compress(np.ones(12).tobytes())
    rewrite(zprofile, {"0.data": payload([chunk])})
    expect_error(zprofile, fragment)


# --- index and data members ---------------------------------------------------------------------------

def _index(n, rows, fmt=1, head=b"CUBEX.INDEX"):
    return head + np.array([1], "<u4").tobytes() + b"\0\0" + bytes([fmt]) + np.array([n] + rows, "<i4").tobytes()


INDEX_CASES = [
    ("index announces more entries than it holds", _index(5, [0, 1, 2]), "announces 5 entries but holds 3"),
    ("negative entry count", _index(-1, []), "announces -1 entries"),
    ("negative row", _index(3, [0, -1, 2]), "lists a negative row"),
    ("row beyond the call tree", _index(3, [0, 1, 7]), "lists row 7, the call tree has 3 cnodes"),
    ("dense index format", _index(3, [0, 1, 2], fmt=0), "uses index format 0"),
    ("bad index header", _index(3, [0, 1, 2], head=b"CUBEX.INDEY"), "has no valid header"),
    ("empty index member", b"", "has no valid header"),
]


@pytest.mark.parametrize("case, index, fragment", INDEX_CASES, ids=[c[0] for c in INDEX_CASES])
def test_bad_index(profile, case, index, fragment):
    rewrite(profile, {"0.index": index})
    expect_error(profile, "index of metric 'time'", fragment)


def test_bad_data_header(profile):
    rewrite(profile, {"0.data": b"CUBEX.DATB" + bytes(96)})
    expect_error(profile, "data of metric 'time' (0.data) has no valid header")


def test_data_of_fewer_locations_than_the_system_tree(profile):
    rewrite(profile, {"0.data": b"CUBEX.DATA" + np.ones(9).tobytes()})
    expect_error(profile, "holds 9 values, expected 3 cnodes x 4 locations = 12")


def test_missing_anchor(profile):
    rewrite(profile, {}, drop=("anchor.xml",))
    expect_error(profile, "the archive has no anchor.xml")


def test_anchor_member_that_is_a_directory(profile):
    data = members(profile)
    with tarfile.open(profile, "w", format=tarfile.USTAR_FORMAT) as tar:
        info = tarfile.TarInfo("anchor.xml")
        info.type = tarfile.DIRTYPE
        tar.addfile(info)
        for name in ("0.index", "0.data"):
            info = tarfile.TarInfo(name)
            info.size = len(data[name])
            tar.addfile(info, io.BytesIO(data[name]))
    expect_error(profile, "member anchor.xml is not a regular file")


def test_empty_file(tmp_path):
    path = tmp_path / "empty.cubex"
    path.write_bytes(b"")
    expect_error(path, "not a Cube4 profile")


def test_archive_truncated_inside_a_member(profile):
    raw = profile.read_bytes()
    profile.write_bytes(raw[:1100])
    expect_error(profile)


# --- anchor.xml ---------------------------------------------------------------------------------------

ANCHOR_CASES = [
    ("anchor truncated", "</system>", "", "not well-formed XML"),
    ("control character in a region name", "<name>work</name>", "<name>wo\x01rk</name>", "not well-formed XML"),
    ("mismatched tag", "<program>", "<programme>", "not well-formed XML"),
    ("cnode calls an unknown region", 'calleeId="1"', 'calleeId="99"', "calls unknown region 99"),
    ("metric without id", '<metric id="0"', '<metric', "metric 'time' has no valid id"),
    ("entity expansion (billion laughs)", '<?xml version="1.0" encoding="UTF-8"?>',
     '<?xml version="1.0"?><!DOCTYPE cube [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
     '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">'
     '<!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">'
     '<!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>', None),
    ("external entity", '<?xml version="1.0" encoding="UTF-8"?>',
     '<?xml version="1.0"?><!DOCTYPE cube [<!ENTITY x SYSTEM "file:///etc/passwd">]>', None),
]


@pytest.mark.parametrize("case, old, new, fragment", ANCHOR_CASES, ids=[c[0] for c in ANCHOR_CASES])
def test_bad_anchor(profile, case, old, new, fragment):
    with_anchor(profile, old, new)
    if case == "entity expansion (billion laughs)":
        with_anchor(profile, "<name>work</name>", "<name>&h;</name>")
        err, peak, _ = read_bounded(profile)
        assert isinstance(err, CubeFormatError) and "has a document type declaration" in str(err), err
        assert peak < 4 * MiB, peak
        return
    if case == "external entity":
        with_anchor(profile, "<name>work</name>", "<name>&x;</name>")
        expect_error(profile, "has a document type declaration")
        return
    expect_error(profile, fragment)


@pytest.mark.parametrize("section", ["metrics", "system"])
def test_anchor_without_a_section(profile, section):
    text = anchor_text(profile)
    start, end = text.index(f"<{section}>"), text.index(f"</{section}>") + len(section) + 3
    rewrite(profile, {"anchor.xml": (text[:start] + text[end:]).encode()})
    expect_error(profile, f"anchor.xml has no <{section}> section")


def test_anchor_without_program_section(profile):
    text = anchor_text(profile)
    start, end = text.index("<program>"), text.index("</program>") + len("</program>")
    rewrite(profile, {"anchor.xml": (text[:start] + text[end:]).encode()})
    expect_error(profile, "anchor.xml has no <program> section")


def test_empty_call_tree(profile):
    text = anchor_text(profile)
    start, end = text.index("<cnode"), text.index("</program>")
    rewrite(profile, {"anchor.xml": (text[:start] + text[end:]).encode()})
    expect_error(profile, "the call tree is empty")


def test_system_tree_without_locations(profile):
    text = anchor_text(profile)
    start, end = text.index("<systemtreenode"), text.index("</system>")
    rewrite(profile, {"anchor.xml": (text[:start] + text[end:]).encode()})
    expect_error(profile, "the system tree has no locations")


def test_truncated_gzip_anchor(zprofile):
    raw = members(zprofile)["anchor.xml"]
    rewrite(zprofile, {"anchor.xml": raw[:len(raw) // 2]})
    expect_error(zprofile, "gzip-compressed anchor.xml is truncated")


def test_corrupt_gzip_anchor(zprofile):
    raw = bytearray(members(zprofile)["anchor.xml"])
    raw[12:40] = b"\xff" * 28
    rewrite(zprofile, {"anchor.xml": bytes(raw)})
    expect_error(zprofile, "anchor.xml")


def test_binary_anchor(profile):
    rewrite(profile, {"anchor.xml": b"\x00\x01\x02binary"})
    expect_error(profile, "anchor.xml is neither XML nor gzip")


# --- deep trees ------------------------------------------------------------------------------------------

def test_call_tree_3000_levels_deep_is_read_quickly(tmp_path):
    paths = ["main"]
    for i in range(1, 3000):
        paths.append(f"{paths[-1]}->f{i}")
    path = write_profile(tmp_path / "deep.cubex", paths=paths, n_loc=2)
    start = time.perf_counter()
    prof = read_cubex(path, inclusive=True)
    assert time.perf_counter() - start < 10
    assert int(prof.tree.depth.max()) == 2999
    # inclusive value of the root: sum over the whole chain
    assert prof.values["time"][0].tolist() == pytest.approx(np.sum(np.arange(6000.0).reshape(-1, 2) + 1, axis=0))


def test_system_tree_nested_3000_levels_deep_needs_no_recursion(profile):
    nested = "".join(f'<systemtreenode Id="{100 + i}">\n<name>n{i}</name>\n<class>node</class>\n' for i in range(3000))
    with_anchor(profile, "</system>", "")
    text = anchor_text(profile)
    end = text.rindex("</systemtreenode>")
    text = text[:end] + nested + "</systemtreenode>\n" * 3000 + text[end:] + "</system>\n"
    text = text.replace("</cube>\n</system>\n", "</system>\n</cube>\n")
    rewrite(profile, {"anchor.xml": text.encode()})
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(300)
    try:
        prof = read_cubex(profile)
    finally:
        sys.setrecursionlimit(limit)
    assert len(prof.locations) == 4


# --- values and locations that are read with a note --------------------------------------------------------

def test_nan_and_inf_values_are_kept_and_noted(profile):
    values = np.ones(12)
    values[[3, 7]] = [np.nan, np.inf]
    rewrite(profile, {"0.data": b"CUBEX.DATA" + values.tobytes()})
    prof = read_cubex(profile)
    assert np.isnan(prof.values["time"][0, 3]) and np.isinf(prof.values["time"][1, 3])
    assert prof.nonfinite == {"time": 2}
    assert any("metric 'time' has 2 NaN or infinite values" in n for n in profile_notes(prof))


def test_duplicate_rank_and_thread_are_kept_and_noted(profile):
    with_anchor(profile, "<rank>1</rank>\n<type>process</type>", "<rank>0</rank>\n<type>process</type>")
    prof = read_cubex(profile)
    assert prof.locations.rank.tolist() == [0, 0, 2, 3]
    assert prof.duplicate_locations == 1
    assert any("lists 1 locations whose (rank, thread) pair an earlier location already has" in n
               for n in profile_notes(prof))


def test_huge_location_count_with_small_data_is_rejected(profile):
    many = "".join(f'<location Id="{10 + i}">\n<name>t</name>\n<rank>{i + 1}</rank>\n<type>thread</type>\n</location>\n'
                   for i in range(50_000))
    with_anchor(profile, "</locationgroup>", many + "</locationgroup>")
    expect_error(profile, "expected 3 cnodes x 50004 locations")


def test_hostile_file_among_good_ones_is_skipped_and_the_rest_read(tmp_path, bomb_2_5_gib):
    for p in (2, 4, 8):
        write_profile(tmp_path / f"app.p{p}.r1" / "profile.cubex", compress=True)
    bad = tmp_path / "app.p4.r1" / "profile.cubex"
    rewrite(bad, {"0.data": zcubex([bomb_2_5_gib])})
    with pytest.warns(UserWarning, match="inflates to more than"):
        series = read_cube_directory(tmp_path)
    assert series.points == [(2.0,), (8.0,)]
    assert series.skipped[0][0] == bad


# --- found by the fuzz target (tests/property/cube/test_cube_fuzz.py) ------------------------------------------

@pytest.mark.parametrize("encoding", ["UTF256", "EUC-JP"], ids=["unknown", "multi-byte"])
def test_unknown_or_unsupported_xml_encoding_declaration(profile, encoding):
    with_anchor(profile, 'encoding="UTF-8"', f'encoding="{encoding}"')
    # was LookupError (unknown) or ValueError "multi-byte encodings are not supported"
    expect_error(profile, "anchor.xml declares an unknown or unsupported encoding")


def test_numbers_beyond_int64_in_the_system_tree_are_ignored_like_other_garbage(tmp_path):
    path = tmp_path / "p.cubex"
    write_cubex(path, callpaths=PATHS, values={"time": np.ones((3, 4))},
                locations=make_location_table(4, cart_dims=(2, 2)))
    with_anchor(path, '<coord locId="0">0 0</coord>', f'<coord locId="0">0 {10 ** 30}</coord>')
    with_anchor(path, "<rank>3</rank>\n<type>process</type>", f"<rank>{2 ** 64}</rank>\n<type>process</type>")
    prof = read_cubex(path)  # was OverflowError
    assert prof.locations.coords is None  # the topology no longer covers every location
    assert prof.locations.rank.tolist() == [0, 1, 2, 0]


@pytest.mark.parametrize("link", [tarfile.SYMTYPE, tarfile.LNKTYPE], ids=["symlink", "hardlink"])
def test_member_that_is_a_link_is_not_followed(profile, link):
    data = members(profile)
    with tarfile.open(profile, "w", format=tarfile.USTAR_FORMAT) as tar:
        for name in ("anchor.xml", "0.index"):
            info = tarfile.TarInfo(name)
            info.size = len(data[name])
            tar.addfile(info, io.BytesIO(data[name]))
        info = tarfile.TarInfo("0.data")
        info.type, info.linkname = link, ""
        tar.addfile(info)
    expect_error(profile, "member 0.data is not a regular file")  # was KeyError: "linkname '' not found"
