"""One .cali file: what is read (regions, metrics, aliases, ranks) and what bad files give.

Files are written by the tests themselves (extrap_segmented.caliper.writer or by hand: the format
is text records) and parsed with caliper-reader, as Hatchet/Thicket parse them.
"""
from __future__ import annotations

import numpy as np
import pytest

from extrap_segmented.caliper.profile import read_cali
from extrap_segmented.caliper.writer import write_cali
from extrap_segmented.exceptions import CaliperFormatError

SPOT = {"min#inclusive#sum#time.duration": "Min time/rank", "max#inclusive#sum#time.duration": "Max time/rank",
        "avg#inclusive#sum#time.duration": "Avg time/rank", "sum#inclusive#sum#time.duration": "Total time"}


def _spot_profile(path, p=64):
    values = {"min#inclusive#sum#time.duration": [1.0, 0.2, 0.05],
              "max#inclusive#sum#time.duration": [1.3, 0.5, 0.25],
              "avg#inclusive#sum#time.duration": [1.1, 0.3, 0.1],
              "sum#inclusive#sum#time.duration": [1.1 * p, 0.3 * p, 0.1 * p]}
    write_cali(path, ["main", "main->solve", "main->solve->MPI_Allreduce"], values,
               globals={"mpi.world.size": p, "jobsize": p, "user": "ted"}, aliases=SPOT,
               units={k: "sec" for k in SPOT})
    return values


def test_region_profile_metrics_are_named_by_alias_with_units_and_values(tmp_path):
    values = _spot_profile(tmp_path / "a.cali")
    profile = read_cali(tmp_path / "a.cali")
    assert profile.callpaths == ("main", "main->solve", "main->solve->MPI_Allreduce")
    assert list(profile.metrics) == list(SPOT.values())
    assert profile.metrics["Avg time/rank"].attribute == "avg#inclusive#sum#time.duration"
    assert profile.metrics["Avg time/rank"].unit == "sec"
    for attribute, alias in SPOT.items():
        assert profile.values[alias] == pytest.approx(values[attribute], rel=1e-15)
    assert profile.ranks is None and profile.notes == []
    assert profile.global_number("mpi.world.size") == 64.0 and profile.globals["user"] == "ted"
    assert profile.numeric_globals() == {"mpi.world.size": 64.0, "jobsize": 64.0}


def test_per_rank_records_give_one_column_per_rank_and_zero_where_a_rank_did_not_enter_a_region(tmp_path):
    time = np.array([[1.0, 2.0, 3.0, 4.0], [np.nan, 0.5, np.nan, 0.7]])
    write_cali(tmp_path / "r.cali", ["main", "main->io"], {"sum#time.duration": time}, ranks=[0, 1, 2, 3],
               globals={"mpi.world.size": 4}, aliases={"sum#time.duration": "time"})
    profile = read_cali(tmp_path / "r.cali")
    assert profile.ranks.tolist() == [0, 1, 2, 3]
    assert profile.values["time"].tolist() == [[1.0, 2.0, 3.0, 4.0], [0.0, 0.5, 0.0, 0.7]]


def test_names_with_separators_of_the_format_are_read_back(tmp_path):
    paths = ["main", "main->a,b=c", "main->a,b=c->back\\slash", "caf\u00e9 \u03bb"]
    write_cali(tmp_path / "n.cali", paths, {"sum#time": [1.0, 2.0, 3.0, 4.0]}, globals={"mpi.world.size": 2,
                                                                                        "name": "x,y=z"})
    profile = read_cali(tmp_path / "n.cali")
    assert profile.callpaths == tuple(paths)
    assert profile.globals["name"] == "x,y=z"


def test_records_of_one_region_are_added_up_with_a_note_and_other_channels_left_out(tmp_path):
    path = tmp_path / "dup.cali"
    write_cali(path, ["main"], {"sum#time": [1.0]}, globals={"mpi.world.size": 8})
    lines = path.read_text().splitlines()
    ctx = next(line for line in lines if line.startswith("__rec=ctx"))
    # a second record of the same region, and a time-series record (another spot channel)
    timeseries = ctx.split(",ref=")[0] + ",ref=" + ctx.split(",ref=")[1].split("=")[0] + ",attr=" + \
        ctx.split(",attr=")[1].split(",")[0] + ",data=2.5"
    channel_node = f"__rec=node,id=900,attr={_attribute_id(lines, 'spot.channel')},data=timeseries"
    ts_record = timeseries.replace(",ref=", ",ref=900=", 1)
    lines[-1:-1] = [ctx, channel_node, ts_record]
    path.write_text("\n".join(lines) + "\n")
    profile = read_cali(path)
    assert profile.values["sum#time"].tolist() == [2.0]
    assert any("repeat the region path" in n and str(path) in n for n in profile.notes)
    assert any("other spot channels" in n for n in profile.notes)


def _attribute_id(lines, name):
    return next(line.split("id=")[1].split(",")[0] for line in lines if f"attr=8,data={name}," in line)


def test_node_order_is_not_a_metric(tmp_path):
    write_cali(tmp_path / "o.cali", ["main", "main->a"], {"sum#time": [1.0, 2.0], "min#min#aggregate.slot": [0, 1]},
               globals={"mpi.world.size": 2}, aliases={"min#min#aggregate.slot": "Node order"})
    assert list(read_cali(tmp_path / "o.cali").metrics) == ["sum#time"]


# --- bad files: one clear message naming the file ---------------------------------------------

def _good(tmp_path):
    path = tmp_path / "good.cali"
    _spot_profile(path)
    return path


@pytest.mark.parametrize("case, content, expected", [
    ("empty", b"", "is empty"),
    ("binary", bytes(range(256)) * 4, "not a Caliper .cali file"),
    ("json", b'{"records": []}\n', "not a Caliper .cali file"),
    ("cut inside a record", None, "ends in the middle of a record (truncated?)"),
    ("cut before the globals", None, "has no global attributes"),
    ("dangling reference", None, "refers to node"),
])
def test_bad_files_give_one_message_naming_the_file(tmp_path, case, content, expected):
    path = tmp_path / "bad.cali"
    good = _good(tmp_path).read_bytes()
    if case == "cut inside a record":
        content = good[: len(good) // 2 + 3].rstrip(b"\n") + b"=0.1"
    elif case == "cut before the globals":
        content = b"\n".join(line for line in good.split(b"\n") if not line.startswith(b"__rec=globals")) 
    elif case == "dangling reference":
        content = good.replace(b"__rec=ctx,ref=", b"__rec=ctx,ref=99999=", 1)
    path.write_bytes(content)
    with pytest.raises(CaliperFormatError) as error:
        read_cali(path)
    assert str(path) in str(error.value) and expected in str(error.value)


def test_profile_without_region_records_names_the_file_and_what_it_holds(tmp_path):
    path = tmp_path / "noregion.cali"
    _spot_profile(path)
    text = path.read_text()
    # the same records without their region reference: time outside any annotated region
    lines = []
    for line in text.splitlines():
        if line.startswith("__rec=ctx"):
            refs = line.split(",ref=")[1].split(",")[0].split("=")
            line = line.replace("ref=" + "=".join(refs), "ref=" + refs[-1])
        lines.append(line)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(CaliperFormatError) as error:
        read_cali(path)
    message = str(error.value)
    assert str(path) in message and "has no region records" in message and "3 without a region path" in message


def test_a_directory_or_missing_file_is_named(tmp_path):
    with pytest.raises(CaliperFormatError, match="is a directory"):
        read_cali(tmp_path)
    with pytest.raises(CaliperFormatError, match="cannot be read"):
        read_cali(tmp_path / "absent.cali")


def test_writer_refuses_wrong_shapes_and_empty_region_names(tmp_path):
    with pytest.raises(CaliperFormatError, match="shape"):
        write_cali(tmp_path / "x.cali", ["main"], {"t": [1.0, 2.0]})
    with pytest.raises(CaliperFormatError, match="empty region name"):
        write_cali(tmp_path / "x.cali", ["main->"], {"t": [1.0]})
    assert not list(tmp_path.iterdir())
