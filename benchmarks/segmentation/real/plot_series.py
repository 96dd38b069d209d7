"""Log-log plots of the measured series (all repetitions and their median), for reading changes off.

    python benchmarks/segmentation/real/plot_series.py fixtures/real/mpi/idle/*.txt \\
        --out benchmarks/segmentation/real/plots

One PNG per file, named after its folder and file (``idle_allreduce_2.png``). Each repetition is a
dot, the median a line; every measured size is a tick, so a change can be read as the interval
between two neighbouring ticks.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np


def read_text_series(path: Path):
    """(name, sizes, values[point, repetition]) of a one-parameter, one-kernel Extra-P text file."""
    sizes, rows, region = None, [], None
    for line in path.read_text().splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "POINTS":
            sizes = np.array([float(w) for w in words[1:]])
        elif words[0] == "REGION":
            region = " ".join(words[1:])
        elif words[0] == "DATA":
            rows.append([float(w) for w in words[1:]])
    if sizes is None or len(rows) != len(sizes):
        raise ValueError(f"{path}: expected one POINTS line and one DATA line per point")
    return region, sizes, np.array(rows)


def axis_label(path: Path) -> str:
    """The METRIC name with the unit the header's first line gives in brackets ("time [us]")."""
    import re

    text = path.read_text()
    metric = re.search(r"^METRIC\s+(\S+)", text, re.MULTILINE)
    unit = re.search(r"\[(\w+)\]", text.splitlines()[0]) if text.startswith("#") else None
    return (metric.group(1) if metric else "value") + (f" [{unit.group(1)}]" if unit else "")


def size_label(n: float) -> str:
    n = int(n)
    for unit, scale in (("M", 2 ** 20), ("K", 2 ** 10)):
        if n >= scale and n % scale == 0:
            return f"{n // scale}{unit}"
    return str(n)


def plot(path: Path, out: Path, marks=None, title_extra: str = "") -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    region, sizes, values = read_text_series(path)
    fig, ax = plt.subplots(figsize=(9, 4.8), dpi=72)
    for column in values.T:
        ax.plot(sizes, column, ".", color="0.55", markersize=5)
    ax.plot(sizes, np.median(values, axis=1), "-", color="C0", linewidth=1.2, label="median of repetitions")
    for i, (x, label, color) in enumerate(marks or []):
        ax.axvline(x, color=color, linestyle="--", linewidth=1, label=label)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xticks(sizes)
    ax.set_xticklabels([size_label(n) for n in sizes], rotation=90, fontsize=7)
    ax.grid(True, which="both", alpha=0.3)
    ax.set_xlabel("n")
    ax.set_ylabel(axis_label(path))
    ax.set_title(f"{path.parent.name}/{path.name}: {region}{title_extra}", fontsize=9)
    ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{path.parent.name}_{path.stem}.png"
    fig.savefig(target)
    plt.close(fig)
    shrink_png(target)
    return target


def shrink_png(path: Path) -> None:
    """Re-save with a 64-colour palette: a third of the size, same look (the PNGs are committed)."""
    from PIL import Image

    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=64)
    small.save(path, optimize=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "plots")
    args = parser.parse_args(argv)
    for path in args.files:
        print(plot(path, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
