"""Saved experiments that open in stock Extra-P and open fully with this package.

Extra-P saves every polymorphic object with ``$type`` = its class name and refuses a file with a
``$type`` it does not know. So each object of a class of this package is written as its *nearest
Extra-P type* — the first Extra-P class among its bases that has a schema of its own (a
``MultiSegmentModel`` as ``SegmentedModel``, an ``ExpectationFunction`` as
``SingleParameterFunction``; a class without such a base, like ``ClusteredModel`` or
``RankExperiment``, as the plain Extra-P object) — and what only this package understands goes
under the key :data:`SIDE_KEY` beside it:

- ``$type``: the real class name;
- ``annotations``: a model's full annotation list (Extra-P has no annotation type it can load, so
  annotations of this package are left out of the list stock Extra-P reads);
- ``changing_point_values``: per-location values of a segmented model's change points (stock
  Extra-P cannot read values of measurements nested in a model).

A schema class may name its stock type itself (``STOCK_TYPE``, None for the plain Extra-P
object) and replace fields in the stock form (``stock_fields(result)``; the originals go under
``fields``): a model with three or more segments, which Extra-P's ``SegmentedModel`` cannot hold,
is written as a plain model of its last segment (the behaviour at scale).

Extra fields of the real class stay where they are: Extra-P's schemas ignore unknown keys. Stock
Extra-P therefore reads the nearest Extra-P model (segments, functions and values intact, notes
and verdicts absent); with this package installed, :func:`restore` puts the real type and the
annotations back before Extra-P dispatches on ``$type``. Modelers are left as they are: Extra-P
already loads an unknown modeler as a placeholder.

Files written by version 0.1 (real ``$type`` names, no side key) load unchanged.
"""
from __future__ import annotations

import warnings
from typing import Any

from extrap_segmented.exceptions import ExtrapSegmentedWarning
from extrap_segmented.adapters.plugin import extrap_internals

#: Key of the data only this package reads, beside the stock form of each object.
SIDE_KEY = "extrap_segmented"
_TYPE = "$type"
_NEAREST = object()
_USED = "extrap_segmented_side_data"  # set in the (shared) schema context once any side data is written


def _note() -> dict:
    from extrap_segmented._version import __version__
    return {"saved_with": f"extrap-segmented {__version__}",
            "note": "Parts of this experiment were made with extrap-segmented. Extra-P without it shows them as "
                    "the nearest Extra-P models (segments, functions and values intact; notes, verdicts and "
                    "rank classes left out); install extrap-segmented to see them in full."}


NOTE = _note()


class SavedFileWarning(ExtrapSegmentedWarning):
    """A saved experiment names a type of this package that this version does not know."""


def _is_ours(cls: type) -> bool:
    return cls.__module__.split(".", 1)[0] == "extrap_segmented"


def _nearest_stock_name(schema_class: type, root: type) -> str | None:
    """The ``$type`` of the first Extra-P schema among the bases of ``schema_class`` (None: the root)."""
    names = extrap_internals.schema_names(root)
    for base in schema_class.__mro__[1:]:
        if base is root:
            return None
        if not _is_ours(base) and base in names:
            return names[base]
    return None


#: Measurement statistics Extra-P saves as numbers.
_STATISTICS = ("median", "mean", "minimum", "maximum", "std")
#: How Extra-P's number field writes a statistic numpy left masked (the std of a NaN value).
_MASKED = "--"


def _masked_statistics_as_nan(data: dict) -> None:
    """Makes ``"--"`` statistics of an experiment's measurements ``"nan"``, in place.

    Extra-P writes a masked statistic as ``"--"`` and its own loader then rejects the whole file
    ("Not a valid number"), so an experiment with one NaN measurement saved but never reopened,
    with or without this package. NaN is what the statistic means, and Extra-P loads it.
    """
    measurements = data.get("measurements")
    if not isinstance(measurements, dict):
        return
    for metrics in measurements.values():
        for points in metrics.values() if isinstance(metrics, dict) else ():
            for point in points if isinstance(points, list) else ():
                if isinstance(point, dict):
                    for name in _STATISTICS:
                        if point.get(name) == _MASKED:
                            point[name] = "nan"


def make_portable(schema: Any, result: Any) -> Any:
    """``result`` of ``schema.dump`` in the form stock Extra-P loads, plus :data:`SIDE_KEY`."""
    if not isinstance(result, dict):
        return result
    if _is_experiment(type(schema)):
        _masked_statistics_as_nan(result)
    side: dict = {}
    root = extrap_internals.schema_root(type(schema))
    own_type = result.get(_TYPE)
    if own_type is not None and root is not None and _is_ours(type(schema)) and not _is_modeler(root):
        side[_TYPE] = own_type
        stock = getattr(type(schema), "STOCK_TYPE", _NEAREST)
        if stock is _NEAREST:
            stock = _nearest_stock_name(type(schema), root)
        replace = getattr(schema, "stock_fields", None)
        for name, value in (replace(result) if callable(replace) else {}).items():
            side.setdefault("fields", {})[name] = result.get(name)
            result[name] = value
        if stock is None:
            del result[_TYPE]
        else:
            result[_TYPE] = stock
    annotations = result.get("annotations")
    if isinstance(annotations, list) and any(_needs_plugin(a) for a in annotations):
        side["annotations"] = annotations
        result["annotations"] = [a for a in annotations if not _needs_plugin(a)]
    points = result.get("changing_points")
    if isinstance(points, list) and any(isinstance(m, dict) and m.get("values") is not None for m in points):
        # Stock Extra-P reads measurements nested in a model without its value store (KeyError
        # 'value_io'), so their per-location values are kept for this package only.
        side["changing_point_values"] = [m.get("values") if isinstance(m, dict) else None for m in points]
        result["changing_points"] = [{**m, "values": None} if isinstance(m, dict) else m for m in points]
    context = getattr(schema, "context", None)
    if side and isinstance(context, dict):
        context[_USED] = True
    if root is not None and root.__name__ == "ExperimentSchema" and isinstance(context, dict) and context.get(_USED):
        side.update(NOTE)
    if side:
        result[SIDE_KEY] = {**result.get(SIDE_KEY, {}), **side}
    return result


def restore(schema: Any, data: Any) -> Any:
    """Saved ``data`` with the real type and annotations put back (stock form when unknown)."""
    if isinstance(data, dict) and _is_experiment(type(schema)):
        data = dict(data)  # files saved before, or by stock Extra-P, may hold "--" statistics
        _masked_statistics_as_nan(data)
    if not isinstance(data, dict) or not isinstance(data.get(SIDE_KEY), dict):
        return data
    data = dict(data)
    side = data.pop(SIDE_KEY)
    own_type = side.get(_TYPE)
    root = extrap_internals.schema_root(type(schema))
    if own_type is not None and root is not None:
        if extrap_internals.registered_schema(root, own_type) is not None:
            data[_TYPE] = own_type
        else:
            warnings.warn(f"the saved experiment contains a {own_type}, which this version of extrap-segmented "
                          f"does not know; showing it as {data.get(_TYPE, 'an Extra-P object')}",
                          SavedFileWarning, stacklevel=2)
            return data
    if isinstance(side.get("fields"), dict):
        data.update(side["fields"])
    if isinstance(side.get("annotations"), list):
        data["annotations"] = [a for a in side["annotations"] if _known_annotation(a)]
    values, points = side.get("changing_point_values"), data.get("changing_points")
    if isinstance(values, list) and isinstance(points, list) and len(values) == len(points):
        data["changing_points"] = [{**m, "values": v} if isinstance(m, dict) else m for m, v in zip(points, values)]
    return data


def _known_annotation(annotation: Any) -> bool:
    """False, with a warning, for an annotation of a type this version does not know: Extra-P
    would load it as None, which its GUI cannot show."""
    own_type = annotation.get(SIDE_KEY, {}).get(_TYPE) if _needs_plugin(annotation) else None
    if own_type is None:
        return True
    from extrap.entities.annotations import AnnotationSchema
    if extrap_internals.registered_schema(AnnotationSchema, own_type) is not None:
        return True
    warnings.warn(f"the saved experiment contains a {own_type} note, which this version of extrap-segmented "
                  f"does not know; it is not shown", SavedFileWarning, stacklevel=2)
    return False


def _needs_plugin(annotation: Any) -> bool:
    return isinstance(annotation, dict) and SIDE_KEY in annotation


def _is_experiment(schema_class: type) -> bool:
    root = extrap_internals.schema_root(schema_class)
    return root is not None and root.__name__ == "ExperimentSchema"


def _is_modeler(root: type) -> bool:
    return root.__name__ == "ModelerSchema"


def install() -> None:
    """Saves through :func:`make_portable` and loads through :func:`restore` (idempotent)."""
    extrap_internals.wrap_schema_io(make_portable, restore)
