"""Multi-parameter Segmented against Extra-P's multi-parameter Default, in the same run.

    python benchmarks/segmentation/multiparameter_benchmark.py [--kernels 300] [--noise 0.01]

Kernels on a 5 × 9 grid (p = 4 … 64, n = 256 … 65536), 3 repetitions, multiplicative normal noise (``--noise``, relative standard deviation, seeded): half
with an eager limit in n at every p, ``(50 + 0.01·n for n <= 4096; 200 + 0.05·n beyond)·log2 p``,
half smooth, ``(5 + 0.01·n)·log2 p``. Prints the time of both modelers and, for Segmented, how
many kernels of each kind got a change and how many of those at n <= 4096 / n >= 8192.
"""
import argparse
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np

import extrap_segmented

P = [4, 8, 16, 32, 64]
N = [2 ** k for k in range(8, 17)]


def write(path: Path, kernels: int, noise: float) -> None:
    rng = np.random.default_rng(0)
    lines = ["PARAMETER p", "PARAMETER n", "", "POINTS " + " ".join(f"( {p} {n} )" for p in P for n in N)]
    for k in range(kernels):
        lines += ["", f"REGION {'eager' if k % 2 == 0 else 'smooth'}{k}", "METRIC time"]
        for p in P:
            for n in N:
                base = (50 + 0.01 * n if n <= 4096 else 200 + 0.05 * n) if k % 2 == 0 else 5 + 0.01 * n
                value = base * np.log2(p) * (1 + k / 100)
                lines.append("DATA " + " ".join(f"{value * (1 + noise * rng.standard_normal()):.6g}" for _ in range(3)))
    path.write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernels", type=int, default=300)
    parser.add_argument("--noise", type=float, default=0.01)
    args = parser.parse_args()
    extrap_segmented.activate()
    from extrap.fileio.file_reader.text_file_reader import TextFileReader
    from extrap.modelers.model_generator import ModelGenerator
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "grid.txt"
        write(path, args.kernels, args.noise)
        experiment = TextFileReader().read_experiment(str(path))
    print(f"{args.kernels} kernels, 5 x 9 grid, 3 repetitions, noise {args.noise:.0%}")
    print(f"{'modeler':<12} {'seconds':>8} {'eager segmented':>16} {'at n<=4096':>11} {'smooth segmented':>17}")
    for name in ("Default", "Segmented"):
        generator = ModelGenerator(experiment, modeler=name)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            started = time.perf_counter()
            generator.model_all()
            seconds = time.perf_counter() - started
        texts = {cp.name: m.hypothesis.function.to_string(*experiment.parameters)
                 for (cp, _), m in generator.models.items()}
        eager = [t for k, t in texts.items() if k.startswith("eager")]
        smooth = [t for k, t in texts.items() if k.startswith("smooth")]
        found = sum(" for " in t for t in eager)
        located = sum("for n<=4096; " in t and "for n>=8192)" in t for t in eager)
        print(f"{name:<12} {seconds:>8.1f} {found:>9}/{len(eager):<6} {located:>11} "
              f"{sum(' for ' in t for t in smooth):>10}/{len(smooth)}")


if __name__ == "__main__":
    main()
