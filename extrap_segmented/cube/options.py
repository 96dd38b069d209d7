"""The option contract of reading a set of Cube profiles keeping every rank's values
(:func:`~.directory.read_cube_points`), see :mod:`extrap_segmented.options`. The ``--cube-ranks``
reader's options, the import dialog's inputs and their checks are made from it
(``extrap_segmented/adapters/cube/reader.py``); ``UNITS`` names the unit of each number."""
from __future__ import annotations

from extrap_segmented.cube.profile import MAX_ANCHOR_BYTES, MAX_ANCHOR_ELEMENTS
from extrap_segmented.options import Option, declare

MIB = 1 << 20

READER = declare(
    Option("inclusive", bool, False, "Use inclusive values (a call path's value includes its callees)"),
    # a positive whole number (0 would refuse every profile) up to 1 TiB of text (reading peaks at
    # about twice the limit)
    Option("anchor_limit_mib", int, MAX_ANCHOR_BYTES // MIB, "Largest accepted size of a profile's anchor.xml after "
                                                             "inflating (MiB); larger ones are skipped as possible "
                                                             "inflation bombs", low=1, high=1 << 20),
    # up to a billion elements: about 400 GB once parsed, some 100 million locations
    Option("anchor_element_limit", int, MAX_ANCHOR_ELEMENTS, "Largest accepted number of XML elements in a profile's "
                                                             "anchor.xml (about 10 per location and 2 per call path); "
                                                             "each costs up to 400 bytes of memory",
           low=1, high=1_000_000_000),
)
UNITS = {"anchor_limit_mib": "MiB", "anchor_element_limit": "elements"}
