"""The --cube-ranks and --caliper readers' options are made from their declarations
(extrap_segmented/cube/options.py, caliper/options.py) by adapters/option_rules.py reader_option."""
import pytest

from extrap_segmented.adapters.caliper.reader import CaliperFileReader
from extrap_segmented.adapters.cube.reader import CubeRankReader
from extrap_segmented.caliper.options import READER as CALIPER
from extrap_segmented.cube.options import READER as CUBE, UNITS


@pytest.mark.parametrize("reader, contract, fields", [
    (CubeRankReader, CUBE, {"inclusive": "use_inclusive_measurements"}),
    (CaliperFileReader, CALIPER, {"pattern": "file_pattern"}),
])
def test_default_meaning_and_range_of_every_reader_option_come_from_its_declaration(reader, contract, fields):
    reader = type(reader())  # Extra-P collects a reader's OPTIONS when the first one is made
    own = set(reader.OPTIONS) - {"scaling_type"}  # Extra-P's --scaling, which its own Cube reader has too
    assert own == {fields.get(name, name) for name in contract}
    for name, option in contract.items():
        declared = reader.OPTIONS[fields.get(name, name)]
        assert (declared.value, declared.type, declared.description) == (option.default, option.kind, option.meaning)
        if option.kind is int:
            assert (declared.range.start, declared.range[-1]) == (option.low, option.high)
        else:
            assert declared.range is None


def test_the_cube_readers_units_and_check_use_the_declared_range():
    assert CubeRankReader.OPTION_UNITS == UNITS
    reader = CubeRankReader()
    reader.anchor_limit_mib = CUBE["anchor_limit_mib"].high + 1
    assert reader.option_problems() == ["Anchor size limit (MiB): 1,048,577 is not accepted; it must be a whole "
                                        "number from 1 to 1,048,576 MiB"]
