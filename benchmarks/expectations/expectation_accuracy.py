"""Verdict accuracy on the paper's MPI case in miniature (seeded synthetic series).

    PYTHONPATH=. python benchmarks/expectations/expectation_accuracy.py [--cases 2000] [--noise 0.05]

True functions log p, p, p log p, p^1.5 (constant up to the term's value at p = 8), measured at
p = 8 … 4096 with 5 repetitions of multiplicative Gaussian noise; each case is validated against
one of the same four expectations with default deviation and search space. The right verdict is
the one the true function gets (match / approximate / no match). Prints rates per true class
and per aggregation, with and without preferring the expectation.
"""
from __future__ import annotations

import argparse
from collections import defaultdict

from extrap_segmented.expectations.synthetic import generate_cases
from extrap_segmented.expectations.validation import ScalabilityValidator, judge


def rates(cases, aggregation, prefer):
    by_truth = defaultdict(lambda: [0, 0])
    for expectation in sorted(set(cases.expectations)):
        idx = [i for i, e in enumerate(cases.expectations) if e == expectation]
        validator = ScalabilityValidator(expectation, aggregation=aggregation, prefer_expectation=prefer)
        for i, result in zip(idx, validator.validate_many(cases.x, cases.values[idx])):
            truth = cases.truths[i].big_o()
            by_truth[truth][0] += result.verdict == judge(cases.truths[i], validator.limits_)
            by_truth[truth][1] += 1
    total = sum(r for r, _ in by_truth.values()) / sum(n for _, n in by_truth.values())
    return total, {k: r / n for k, (r, n) in by_truth.items()}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--noise", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    cases = generate_cases(args.cases, noise=args.noise, seed=args.seed)
    truths = ["O(log p)", "O(p)", "O(p log p)", "O(p^1.5)"]
    print(f"{args.cases} cases, noise {args.noise:.0%}, seed {args.seed}")
    print("| aggregation | prefer expectation | all | " + " | ".join(f"true {t}" for t in truths) + " |")
    print("|---|---|---|" + "---|" * len(truths))
    for aggregation in ("median", "mean", "q1", "min"):
        for prefer in (True, False):
            total, per = rates(cases, aggregation, prefer)
            print(f"| {aggregation} | {'yes' if prefer else 'no'} | {total:.1%} | "
                  + " | ".join(f"{per[t]:.1%}" for t in truths) + " |")


if __name__ == "__main__":
    main()
