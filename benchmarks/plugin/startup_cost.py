"""Start-up cost of the ``.pth`` hook: ``python -c pass`` before and after installing the wheel.

Builds the wheel, creates a fresh virtual environment, times N interpreter starts without the
package, installs it (no dependencies: the hook must be inert on its own), times N starts again
and prints the medians and their difference. Target: < 5 ms.

    python benchmarks/plugin/startup_cost.py [--runs 40]
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def time_starts(python: Path, runs: int) -> list[float]:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([str(python), "-c", "pass"], check=True)
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp, REPO_ROOT], check=True)
        wheel = next(tmp.glob("extrap_segmented-*.whl"))
        venv.create(tmp / "env", with_pip=True)
        python = tmp / "env" / "bin" / "python"
        time_starts(python, 3)  # warm the file cache
        without = time_starts(python, args.runs)
        subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "-q", wheel], check=True)
        time_starts(python, 3)  # compile .pyc files once
        with_hook = time_starts(python, args.runs)
        importtime = subprocess.run([str(python), "-X", "importtime", "-c", "pass"], capture_output=True,
                                    text=True).stderr
    ours = [line for line in importtime.splitlines() if "extrap_segmented" in line]
    print(f"python -c pass, median of {args.runs} runs")
    print(f"  without extrap-segmented: {statistics.median(without):7.2f} ms")
    print(f"  with    extrap-segmented: {statistics.median(with_hook):7.2f} ms")
    print(f"  difference:               {statistics.median(with_hook) - statistics.median(without):7.2f} ms "
          "(target < 5 ms)")
    print("-X importtime lines of this package (self us | cumulative us | module):")
    for line in ours:
        print("  " + line.replace("import time:", "").strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
