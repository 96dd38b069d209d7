"""Relative-distance clustering of the ranks of one real Score-P profile (one configuration).

The last column gives the adaptive default classifier's classes (``classify_ranks``) for comparison.

Reads one ``profile.cubex`` with the core reader, clusters the per-rank ``time`` of the heaviest
call paths with the default 10 % threshold, prints the cluster sizes and the ranks of small
clusters, and writes a PNG: for the chosen call paths, the per-rank values sorted and colored by
cluster (top) and the clusters on the ranks laid out row-major on a square grid (bottom; only when
the number of ranks is a square; the profile itself carries no Cartesian topology).

Used for docs/clustering.md with pycubexr's public test profile ``data/blast.p64.r1/profile.cubex``
(not part of this repository):

    python benchmarks/clustering/clustering_real_profile.py /path/to/blast.p64.r1/profile.cubex \
        --png docs/img/clustering/blast-ranks.png \
        --positions PARALLEL->main->Eval_dv_dt->MPI_Isend PARALLEL->main->Eval_dv_dt->MPI_Irecv
"""
import argparse

import numpy as np

from extrap_segmented.cube.directory import read_cubex
from extrap_segmented.clustering.classify import classify_ranks
from extrap_segmented.clustering.ranks import format_ranks
from extrap_segmented.clustering.relative_distance import DEFAULT_THRESHOLD, relative_distance_labels

DEFAULT_CALLPATHS = ("PARALLEL->main->Eval_dv_dt->MPI_Irecv", "PARALLEL->main->ComputeCornerForces")
COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]


def ranks_text(ranks, limit=8):
    shown = ", ".join(str(r) for r in ranks[:limit])
    return shown + (f" (+{len(ranks) - limit})" if len(ranks) > limit else "")


def table(profile, metric, threshold, top):
    values = profile.values[metric]
    visits = profile.values.get("visits")
    totals = values.sum(axis=1)
    print(f"{profile.path}: {values.shape[1]} ranks, {values.shape[0]} call paths; threshold {threshold:g}")
    print("| call path | total [s] | clusters | sizes (ascending value) | ranks of clusters with <= 4 ranks |"
          " visits per cluster | adaptive default: sizes; outliers |")
    print("|---|---:|---:|---|---|---|---|")
    for i in np.argsort(-totals)[:top]:
        labels = relative_distance_labels(values[i], threshold)
        sizes = np.bincount(labels)
        small = "; ".join(ranks_text(np.flatnonzero(labels == c).tolist()) for c in range(len(sizes)) if sizes[c] <= 4)
        calls = ""
        if visits is not None:
            calls = " / ".join("=".join(sorted({f"{v:g}" for v in visits[i][labels == c]})[:2])
                               for c in range(len(sizes)))
        adaptive = classify_ranks(values[i])
        outliers = format_ranks(np.flatnonzero(adaptive < 0)) if (adaptive < 0).any() else "none"
        print(f"| {profile.callpaths[i]} | {totals[i]:.1f} | {len(sizes)} | {', '.join(map(str, sizes))} | "
              f"{small or '-'} | {calls} | {', '.join(map(str, np.bincount(adaptive[adaptive >= 0])))}; "
              f"{outliers} |")


def grid_position(rank: int, side: int) -> str:
    """corner, edge or inner of ``rank`` on a row-major ``side`` x ``side`` grid."""
    row, column = divmod(rank, side)
    border = (row in (0, side - 1)) + (column in (0, side - 1))
    return ("inner", "edge", "corner")[border]


def positions_table(profile, callpaths):
    """Per call path and metric: the adaptive default's classes and the grid positions of their ranks."""
    n = next(iter(profile.values.values())).shape[1]
    side = int(round(np.sqrt(n)))
    if side * side != n:
        print("(not a square number of ranks: no grid positions)")
        return
    print(f"\nAdaptive default classes and the positions of their ranks on a row-major {side} x {side} grid:\n")
    print("| call path | metric | values | classes (ascending): size = positions | outliers |")
    print("|---|---|---|---|---|")
    for callpath in callpaths:
        i = profile.callpaths.index(callpath)
        for metric, values in profile.values.items():
            v = values[i]
            if np.ptp(v) == 0:
                continue
            labels = classify_ranks(v)
            parts = []
            for c in range(labels.max() + 1):
                ranks = np.flatnonzero(labels == c)
                kinds = {}
                for r in ranks:
                    kinds[grid_position(int(r), side)] = kinds.get(grid_position(int(r), side), 0) + 1
                parts.append(f"{ranks.size} = " + " + ".join(f"{k} {name}" for name, k in kinds.items()))
            outliers = format_ranks(np.flatnonzero(labels < 0)) if (labels < 0).any() else "none"
            span = f"{v.min():.4g} .. {v.max():.4g}"
            print(f"| {callpath.replace('PARALLEL->', '')} | {metric} | {span} | {'; '.join(parts)} | {outliers} |")


def figure(profile, metric, threshold, callpaths, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import ListedColormap

    n = profile.values[metric].shape[1]
    side = int(round(np.sqrt(n)))
    grid = side * side == n
    fig, axes = plt.subplots(2 if grid else 1, len(callpaths), figsize=(4.2 * len(callpaths), 6.4 if grid else 3),
                             squeeze=False)
    for column, callpath in enumerate(callpaths):
        v = profile.values[metric][profile.callpaths.index(callpath)]
        labels = relative_distance_labels(v, threshold)
        order = np.argsort(v, kind="stable")
        ax = axes[0, column]
        for c in range(labels.max() + 1):
            chosen = labels[order] == c
            ax.scatter(np.flatnonzero(chosen), v[order][chosen], s=8, color=COLORS[c % len(COLORS)],
                       label=f"C{c + 1}: {int(chosen.sum())} ranks")
        ax.set_title(callpath.replace("PARALLEL->", ""), fontsize=8)
        ax.set_xlabel("ranks, sorted by value", fontsize=7)
        ax.set_ylabel(f"{metric} [s]", fontsize=7)
        ax.tick_params(labelsize=7)
        ax.legend(fontsize=7)
        if grid:
            ax = axes[1, column]
            ax.imshow(labels.reshape(side, side), cmap=ListedColormap(COLORS[:labels.max() + 1]),
                      vmin=-0.5, vmax=labels.max() + 0.5)
            for r in range(n):
                ax.text(r % side, r // side, str(r), ha="center", va="center", fontsize=6, color="white")
            ax.set_title(f"cluster of each rank (row-major {side} x {side})", fontsize=8)
            ax.set_xticks([])
            ax.set_yticks([])
    fig.suptitle(f"{profile.path.parent.name}: per-rank {metric}, relative-distance clusters "
                 f"(threshold {100 * threshold:g} %)", fontsize=9, x=0.02, ha="left")
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profile")
    parser.add_argument("--metric", default="time")
    parser.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    parser.add_argument("--top", type=int, default=10, help="heaviest call paths listed")
    parser.add_argument("--callpaths", nargs="*", default=list(DEFAULT_CALLPATHS))
    parser.add_argument("--png", help="write the figure of --callpaths here")
    parser.add_argument("--positions", nargs="*", default=[],
                        help="call paths whose classes are listed for every metric with the grid positions of their ranks")
    args = parser.parse_args()
    profile = read_cubex(args.profile)
    table(profile, args.metric, args.threshold, args.top)
    if args.positions:
        positions_table(profile, args.positions)
    if args.png:
        figure(profile, args.metric, args.threshold, args.callpaths, args.png)
        print(f"wrote {args.png}")


if __name__ == "__main__":
    main()
