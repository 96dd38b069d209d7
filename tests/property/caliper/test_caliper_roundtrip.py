"""Property: every profile the Caliper writer accepts reads back unchanged (regions, metrics, ranks,
globals), through caliper-reader, whatever the names hold (the format's separators included)."""
from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

from extrap_segmented.caliper.profile import read_cali
from extrap_segmented.caliper.writer import write_cali

# Region names: any text without line breaks (the format escapes ',', '=' and '\\'); '->' separates
# Extra-P call-path levels and so cannot be inside a name.
names = st.text(st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\r\n\x85\u2028\u2029"),
                min_size=1, max_size=12).filter(lambda s: "->" not in s and s.strip() == s and not s.endswith("-")
                                                and not s.startswith(">"))
finite = st.floats(min_value=-1e12, max_value=1e12, allow_nan=False, allow_infinity=False)


@st.composite
def profiles(draw):
    regions = draw(st.lists(names, min_size=1, max_size=5, unique=True))
    callpaths = [regions[0]] + [f"{regions[0]}->{r}" for r in regions[1:]]
    ranks = draw(st.one_of(st.none(), st.integers(1, 4)))
    shape = (len(callpaths),) if ranks is None else (len(callpaths), ranks)
    metrics = draw(st.lists(st.sampled_from(["sum#time.duration", "avg#x", "max#x", "count"]), min_size=1,
                            max_size=3, unique=True))
    values = {m: np.array(draw(st.lists(finite, min_size=int(np.prod(shape)), max_size=int(np.prod(shape)))))
              .reshape(shape) for m in metrics}
    title = draw(names)
    return callpaths, values, ranks, title


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(profiles())
def test_written_profiles_read_back_unchanged(tmp_path, profile):
    callpaths, values, ranks, title = profile
    path = tmp_path / "p.cali"
    write_cali(path, callpaths, values, ranks=None if ranks is None else list(range(ranks)),
               globals={"mpi.world.size": 4, "title": title})
    back = read_cali(path)
    assert back.callpaths == tuple(callpaths)
    assert set(back.values) == set(values)
    for name, array in values.items():
        assert np.array_equal(back.values[name], array)
    assert back.globals["title"] == title
    assert (back.ranks is None) == (ranks is None)
