"""Draws docs/img/design/layers.png, the layer diagram of docs/design.md.

Run from anywhere: ``python docs/img/design/layers.py``.
"""
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

OUT = Path(__file__).resolve().with_suffix(".png")
CAPABILITIES = ("pmnf", "segmentation", "clustering", "expectations", "cube")
CORE_TEXT = {
    "pmnf": "terms, search\n(Extra-P's hypothesis\nsearch, vectorized)",
    "segmentation": "costs, detection,\nsuggest, synthetic, plot",
    "clustering": "relative_distance, matching,\nrules, topology, migration, plot",
    "expectations": "complexity, search_space,\nfit, validation, rules,\nconfig, baseline, plot",
    "cube": "tree, profile,\ndirectory, writer",
}
GLUE_TEXT = {
    "pmnf": "basic_modeler\n(Extra-P's default model)",
    "segmentation": "modeler\n--modeler segmented",
    "clustering": "modeler, kernel, models,\ntext, report, plots",
    "expectations": "modeler, validate_cli,\npytest_plugin",
    "cube": "reader (--cube-ranks),\nexperiment",
}


def _box(ax, x, y, w, h, title, body, color):
    ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0.02,rounding_size=0.08",
                                facecolor=color, edgecolor="#333333", linewidth=1.2))
    ax.text(x + w / 2, y + h - 0.17, title, ha="center", va="top", fontsize=10.5, fontweight="bold")
    if body:
        ax.text(x + w / 2, y + h - 0.5, body, ha="center", va="top", fontsize=8.3, linespacing=1.25)


def _arrow(ax, start, end, label=None):
    ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=14, linewidth=1.3, color="#444444"))
    if label:
        ax.text((start[0] + end[0]) / 2 + 0.08, (start[1] + end[1]) / 2, label, fontsize=8, va="center",
                color="#444444")


def draw(path: Path = OUT) -> Path:
    fig = Figure(figsize=(13, 9.4), dpi=110)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 13)
    ax.set_ylim(0, 9.4)
    ax.axis("off")

    # Layer bands
    for y, h, label, color in ((7.0, 2.05, "Extra-P (unchanged, imported)", "#e8eef7"),
                               (2.9, 3.85, "extrap_segmented/adapters/  →  extrap_segmented.adapters   (Extra-P, pluggy, pytest glue)",
                                "#fdf3e3"),
                               (0.2, 2.5, "extrap_segmented/   pure core: numpy, scipy (matplotlib lazily in plot.py)",
                                "#e9f5ea")):
        ax.add_patch(FancyBboxPatch((0.15, y), 12.7, h, boxstyle="round,pad=0.02,rounding_size=0.12",
                                    facecolor=color, edgecolor="#999999", linewidth=0.8))
        ax.text(0.35, y + h - 0.12, label, fontsize=10, va="top", style="italic", color="#333333")

    # Extra-P
    _box(ax, 0.5, 7.15, 3.0, 1.35, "extrap, extrap-gui", "command line, GUI,\n--print, --save-experiment", "#ffffff")
    _box(ax, 4.0, 7.15, 4.3, 1.35, "registries",
         "single_parameter.all_modelers\nmulti_parameter.all_modelers\nfile_reader.all_readers", "#ffffff")
    _box(ax, 8.8, 7.15, 3.8, 1.35, "entities, schemas",
         "Measurement, Model, Hypothesis,\nExperiment, BaseSchema", "#ffffff")

    # Plugin host
    _box(ax, 0.5, 4.55, 3.6, 1.2, "plugin/",
         "autoload, host (pluggy), hookspecs,\nregistration, builtin, errors,\nextrap_internals", "#fff9ef")
    _box(ax, 4.5, 4.75, 1.9, 1.0, "cli.py", "extrap-segmented", "#fff9ef")
    _box(ax, 6.8, 4.75, 2.1, 1.0, "measurements.py", "Measurement → arrays", "#fff9ef")

    width, gap, x0 = 2.3, 0.2, 0.5
    for i, name in enumerate(CAPABILITIES):
        x = x0 + i * (width + gap)
        _box(ax, x, 3.05, width, 1.3, name + "/", GLUE_TEXT[name], "#fff9ef")
        _box(ax, x, 0.35, width, 1.85, name + "/", CORE_TEXT[name], "#f6fbf6")
        _arrow(ax, (x + width / 2, 3.05), (x + width / 2, 2.22))

    _arrow(ax, (2.3, 5.75), (5.0, 7.15))
    ax.text(3.55, 6.15, "registers classes (lazily, on first read)", fontsize=8, color="#444444")
    _arrow(ax, (12.05, 4.35), (10.7, 7.15))
    ax.text(11.3, 5.6, "subclass Modeler, Model,\nFileReader; build Models", fontsize=8, ha="right",
            va="center", color="#444444")
    ax.text(12.85, 9.3, "arrows: imports / calls; the core never imports Extra-P, pluggy or pytest "
                         "(tests/unit/shared/test_layering.py)", fontsize=7.5, ha="right", va="top", color="#555555")
    fig.savefig(path)
    return path


if __name__ == "__main__":
    print(draw())
