"""Draws docs/img/multiparameter/segmented_two_parameters.png, the figure of docs/multiparameter.md.

Run from anywhere after the README's install: ``python docs/img/multiparameter/segmented_two_parameters.py``.

Left: a kernel with an eager limit in the message size n at every rank count p, ``(50 + 0.01·n for
n <= 4096; 200 + 0.05·n beyond)·log2 p``, 2 % noise; right: the case of Extra-P's own test input
``tests/data/text/two_parameter_segmented_1.txt`` (its formula ``IF(x<55; 0.4·x²·y; 1400 + 10·x·y)``,
2 % noise). Dots: measurements (mean of 3 repetitions), one colour per value of the other
parameter; lines: the multi-parameter Segmented model at that value; dotted: the change.
"""
import tempfile
import warnings
from pathlib import Path

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

import extrap_segmented

OUT = Path(__file__).resolve().with_suffix(".png")


def _experiment(path, names, grid, f, seed):
    rng = np.random.default_rng(seed)
    lines = [f"PARAMETER {n}" for n in names] + ["", "POINTS " + " ".join(f"( {a} {b} )" for a, b in grid), "",
                                                 "REGION kernel", "METRIC time"]
    for point in grid:
        lines.append("DATA " + " ".join(f"{f(*point) * (1 + 0.02 * rng.standard_normal()):.9g}" for _ in range(3)))
    path.write_text("\n".join(lines) + "\n")
    from extrap.fileio.file_reader.text_file_reader import TextFileReader
    return TextFileReader().read_experiment(str(path))


def _panel(ax, experiment, x_index, title, log_x=True):
    from extrap.modelers.model_generator import ModelGenerator
    generator = ModelGenerator(experiment, modeler="Segmented")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        generator.model_all()
    model = next(iter(generator.models.values()))
    names = [str(p) for p in experiment.parameters]
    other = 1 - x_index
    coordinates = np.array([tuple(m.coordinate) for m in model.measurements])
    values = np.array([m.mean for m in model.measurements])
    levels = np.unique(coordinates[:, other])
    colours = [f"C{i}" for i in range(len(levels))]
    for level, colour in zip(levels, colours):
        mine = coordinates[:, other] == level
        low, high = coordinates[mine, x_index].min(), coordinates[mine, x_index].max()
        xs = np.geomspace(low, high, 400) if log_x else np.linspace(low, high, 400)
        point = np.empty((2, xs.size))
        point[x_index], point[other] = xs, level
        ax.plot(xs, model.hypothesis.function.evaluate(point), color=colour, lw=1.5)
        ax.plot(coordinates[mine, x_index], values[mine], "o", color=colour, ms=4, label=f"{names[other]} = {level:g}")
    function = model.hypothesis.function
    for term in function.compound_terms:
        for index, single in term.parameter_term_pairs:
            if hasattr(single, "intervals"):
                for (_, before), (after, _) in zip(single.intervals[:-1], single.intervals[1:]):
                    middle = (before * after) ** 0.5 if log_x else (before + after) / 2
                    ax.axvline(middle, color="0.4", ls=":", lw=1)  # the change lies between the points
    if log_x:
        ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel(names[x_index])
    ax.set_ylabel("time")
    ax.legend(fontsize=7, loc="upper left")
    text = function.to_string(*experiment.parameters)
    ax.set_title(title, fontsize=9)
    return text


def main():
    extrap_segmented.activate()
    figure = Figure(figsize=(11, 5.2))
    FigureCanvasAgg(figure)
    left, right = figure.subplots(1, 2)
    with tempfile.TemporaryDirectory() as tmp:
        eager = _experiment(Path(tmp) / "eager.txt", ("p", "n"),
                            [(p, n) for p in (4, 8, 16, 32, 64) for n in (2 ** k for k in range(8, 17))],
                            lambda p, n: (50 + 0.01 * n if n <= 4096 else 200 + 0.05 * n) * np.log2(p), 1)
        text_left = _panel(left, eager, 1, "eager limit in n at every p")
        extrap_case = _experiment(Path(tmp) / "extrap_case.txt", ("x", "y"),
                                  [(x, y) for y in (2, 4, 8, 16, 32, 64) for x in range(10, 101, 10)],
                                  lambda x, y: 0.4 * x * x * y if x < 55 else 1400 + 10 * x * y, 5)
        text_right = _panel(right, extrap_case, 0, "Extra-P's two_parameter_segmented_1 case", log_x=False)
    import re
    short = lambda t: re.sub(r"\d+\.\d+(?:e-?\d+)?", lambda m: f"{float(m.group()):.4g}", t).replace(" * ", "·")
    figure.text(0.01, 0.01, "left:  " + short(text_left) + "\nright: " + short(text_right), fontsize=7,
                family="monospace", va="bottom")
    figure.subplots_adjust(bottom=0.2, top=0.93, wspace=0.25, left=0.07, right=0.98)
    figure.savefig(OUT, dpi=110)
    print(OUT)
    print(text_left)
    print(text_right)


if __name__ == "__main__":
    main()
