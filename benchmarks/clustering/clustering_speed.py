"""Time relative-distance clustering of 1,000,000 values (target < 0.5 s).

Run: python benchmarks/clustering/clustering_speed.py
"""
import time

import numpy as np

from extrap_segmented.clustering.relative_distance import relative_distance_labels, relative_distance_labels_batch


def best_of(function, repeat=5):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    rng = np.random.default_rng(0)
    values = rng.choice([1.0, 1.5, 2.0, 3.0], size=1_000_000) * rng.uniform(0.98, 1.02, size=1_000_000)
    one = best_of(lambda: relative_distance_labels(values))
    batch_values = rng.choice([1.0, 2.0], size=(500 * 10, 256))  # 500 call paths x 10 points x 256 ranks
    batch = best_of(lambda: relative_distance_labels_batch(batch_values))
    print("| case | values | best of 5 [s] | target |")
    print("|---|---:|---:|---|")
    print(f"| one set | 1,000,000 | {one:.3f} | < 0.5 s: {'met' if one < 0.5 else 'NOT met'} |")
    print(f"| 5,000 sets x 256 (batch) | {batch_values.size:,} | {batch:.3f} | - |")


if __name__ == "__main__":
    main()
