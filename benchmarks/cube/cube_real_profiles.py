#!/usr/bin/env python3
"""--cube-ranks against Extra-P's --cube on real Score-P profiles: what was compared, and the result.

    python benchmarks/cube/cube_real_profiles.py --prepare <pycubexr git dir> /tmp/realcube   # build the sets
    python benchmarks/cube/cube_real_profiles.py /tmp/realcube                               # compare

``--prepare`` copies the real profiles of pycubexr's repository (``git show HEAD:data/...``; none
of them may be committed here) into Extra-P-style experiment directories, each profile under two
values of ``p`` because Extra-P needs two points, with Cube's CSV exports next to them where the
repository has them. The comparison reads every set with both readers for weak/strong scaling and
exclusive/inclusive values and prints, per set, the number of measurements and of aggregates
(mean, median, minimum, maximum, std, repetitions) compared and which of them differ.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# set name -> (file in pycubexr's repository, CSV exports beside it, the two values of p)
SETS = {
    "blast": ("data/blast.p64.r1/profile.cubex", True, (64, 128)),
    "btmz": ("data/bt-mz_sum.p2.r1/cube4.8_with_checksum_bug.cubex", False, (2, 4)),
    "calltree": ("data/call_tree_test/call_tree_test.cubex", True, (2, 4)),
    "fastest": ("data/fastest.p16.size131072.r1/profile.cubex", False, (16, 32)),
    "kripke": ("data/kripke.p8.d2.g32.r1/profile.cubex", False, (8, 16)),
    "l2dcm": ("data/hw_counter/L2_DCM_negative.cubex", False, (2, 4)),
    "l3dca": ("data/hw_counter/L3_DCA_negative.cubex", False, (2, 4)),
    "time": ("data/time.p4.n2000.x1.r0/profile.cubex", True, (4, 8)),
}
AGGREGATES = ("mean", "median", "minimum", "maximum", "std", "repetitions")


def prepare(git_dir: Path, out: Path) -> None:
    for name, (source, has_csv, ps) in SETS.items():
        members = [(source, "profile.cubex")]
        if has_csv:
            members += [(str(Path(source).parent / f"{k}.csv"), f"{k}.csv") for k in ("excl", "incl")]
        for p in ps:
            run = out / name / f"{name}.p{p}.r1"
            run.mkdir(parents=True, exist_ok=True)
            for src, dst in members:
                data = subprocess.run(["git", "-C", str(git_dir), "show", f"HEAD:{src}"], check=True,
                                      capture_output=True).stdout
                (run / dst).write_bytes(data)
        print(f"{out / name}: {source} as p = {ps}")


def compare(root: Path) -> int:
    from extrap.fileio.file_reader.cube_file_reader2 import CubeFileReader2

    from extrap_segmented.adapters.cube.reader import CubeRankReader
    from extrap_segmented.cube.profile import read_cubex

    def read(cls, path, scaling, inclusive):
        reader = cls()
        reader.scaling_type = scaling
        reader.use_inclusive_measurements = inclusive
        return reader.read_experiment(path)

    print("| set | locations | call paths | metrics read | scaling | values | measurements | aggregates compared "
          "| differing |")
    print("|---|---|---|---|---|---|---|---|---|")
    total = Counter()
    for directory in sorted(p for p in root.iterdir() if p.is_dir()):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            profile = read_cubex(next(directory.glob("*/*.cubex")))
            for scaling in ("weak", "strong"):
                for inclusive in (False, True):
                    stock = read(CubeFileReader2, directory, scaling, inclusive)
                    ours = read(CubeRankReader, directory, scaling, inclusive)
                    assert list(ours.measurements) == list(stock.measurements), directory
                    n, differing = 0, Counter()
                    for key, ms in stock.measurements.items():
                        for a, b in zip(ms, ours.measurements[key], strict=True):
                            n += 1
                            differing.update(f"{key[1].name}.{attr}" for attr in AGGREGATES
                                             if not getattr(a, attr) == getattr(b, attr))
                    total.update(measurements=n, aggregates=n * len(AGGREGATES), differing=sum(differing.values()))
                    text = ", ".join(f"{k} x{v}" for k, v in sorted(differing.items())) or "none"
                    print(f"| {directory.name} | {len(profile.locations)} | {len(profile.callpaths)} | "
                          f"{len(profile.metrics)} | {scaling} | {'inclusive' if inclusive else 'exclusive'} | {n} | "
                          f"{n * len(AGGREGATES)} | {text} |")
    print(f"total: {total['measurements']} measurements, {total['aggregates']} aggregates compared, "
          f"{total['differing']} differ")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path, help="directory of experiment directories")
    parser.add_argument("--prepare", type=Path, metavar="GIT_DIR",
                        help="first build the sets from pycubexr's git repository (bare or not)")
    args = parser.parse_args(argv)
    if args.prepare:
        prepare(args.prepare, args.directory)
    return compare(args.directory)


if __name__ == "__main__":
    sys.exit(main())
