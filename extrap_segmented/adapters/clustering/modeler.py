"""The "Clustered" modelers: find the behavior classes among MPI ranks and model each one.

Registered as "Clustered" for single-parameter (:class:`ClusteredSingleParameterModeler`) and
multi-parameter experiments (:class:`ClusteredMultiParameterModeler`). The work is split into
small modules:

* :mod:`.kernel`: one kernel from its measurements to a :class:`ClusteredModel` (the classes are
  found on arrays by :mod:`extrap_segmented.clustering.kernel`);
* :mod:`.summary`: a kernel whose data keep only a per-rank summary (Caliper's Min/Avg/Max);
* :mod:`.models`: the model, cluster and annotation classes and their saved schemas;
* :mod:`.text`: readable text of the clusters (``--print all``, GUI tooltip);
* :mod:`.report`: the ``extrap --print all`` integration;
* :mod:`.plots`: PNG plots (``plot_dir`` option).

Per-cluster and membership fits use :class:`~extrap_segmented.adapters.pmnf.basic_modeler.VectorizedBasicModeler`, which
returns Extra-P's default single-parameter models with a vectorized search (directly for one
parameter, as the ``single_parameter_modeler`` of Extra-P's multi-parameter modeler otherwise).

A kernel that cannot be clustered (NaN values, a single rank, no per-rank values) gets the
ordinary model, a :class:`~extrap_segmented.exceptions.ClusteringWarning` and an annotation that
says why; the other kernels are not affected.

``extrap --print all`` shows each clustered kernel's ``Clusters:`` section through the plugin
host's report sections (:mod:`extrap_segmented.adapters.clustering.report`).
"""
from __future__ import annotations

import copy
import functools
import warnings
from typing import Sequence

from extrap.entities.measurement import Measure, Measurement
from extrap.entities.model import Model
from extrap.modelers import multi_parameter
from extrap.modelers.abstract_modeler import AbstractModeler, MultiParameterModeler
from extrap.modelers.loader import create_schema
from extrap.modelers.modeler_options import modeler_options
from extrap.util.exceptions import RecoverableError
from extrap.util.progress_bar import DUMMY_PROGRESS

from extrap_segmented.adapters import option_rules
from extrap_segmented.adapters.modeling.parameters import tell_parameter_names
from extrap_segmented.adapters.modeling.runs import summarised_run
from extrap_segmented.adapters.clustering.kernel import (NO_RANK_VALUES_MESSAGE, Fitter, Settings,
                                                        cluster_kernel, fallback_model, rank_matrix)
from extrap_segmented.adapters.clustering.models import (ClusterAnnotation, ClusterAnnotationSchema,
                                                        ClusteredModel, ClusteredModelSchema, ClusterInfo,
                                                        ClusterInfoSchema)
from extrap_segmented.adapters.clustering.summary import rank_summary, summary_kernel
from extrap_segmented.adapters.clustering.text import cluster_summary
from extrap_segmented.adapters.parallel.runner import jobs_option, map_kernels, plot_selected
from extrap_segmented.adapters.pmnf.basic_modeler import VectorizedBasicModeler
from extrap_segmented.clustering.rules import load_rules
from extrap_segmented.exceptions import ClusteringWarning, ExtrapSegmentedError
from extrap_segmented.clustering.options import CLASSIFIER, MATCHING

# The modelers, and (for code written against the single-module version) the result classes and
# their schemas, which keep saved experiments loadable.
__all__ = ["ClusteredSingleParameterModeler", "ClusteredMultiParameterModeler", "ClusteredModel", "ClusterInfo",
           "ClusterAnnotation", "ClusteredModelSchema", "ClusterInfoSchema", "ClusterAnnotationSchema",
           "cluster_summary"]


class _ClusteringMixin:
    """Options and algorithm shared by the single- and multi-parameter Clustered modelers."""

    # declared by classify_ranks's contract (clustering/options.py); modeler option -> core option
    CONTRACT = {**CLASSIFIER, **MATCHING}
    CORE_OPTIONS = {"classifier": "mode", "threshold": "threshold", "max_outlier_fraction": "max_outlier_fraction",
                    "rank_value": "rank_value", "cluster_value": "cluster_value", "min_points": "min_points"}
    classifier = option_rules.modeler_option(CLASSIFIER["mode"], name="Classifier")
    threshold = option_rules.modeler_option(CLASSIFIER["threshold"], name="Threshold")
    max_outlier_fraction = option_rules.modeler_option(CLASSIFIER["max_outlier_fraction"],
                                                       name="Max. outlier fraction")
    rank_value = option_rules.modeler_option(CLASSIFIER["rank_value"], name="Rank value")
    cluster_value = option_rules.modeler_option(MATCHING["cluster_value"], name="Cluster value")
    rules_file = modeler_options.add("", str, "TOML file assigning ranks to named clusters by rank list or "
                                              "Cartesian position; rules take precedence over distances",
                                     name="Rules file")
    extra_metrics = modeler_options.add("", str, "Comma-separated metrics clustered together with the modeled one "
                                                 "(e.g. PAPI_TOT_INS); each is normalized", name="Extra metrics")
    min_points = option_rules.modeler_option(MATCHING["min_points"], name="Min. points")
    plot_dir = modeler_options.add("", str, "Directory for PNG plots of every kernel's clusters and models "
                                            "(empty: no plots)", name="Plot directory")
    plot_kernels = modeler_options.add("*", str, "Glob of the kernels plot_dir plots, matched against the call "
                                                 "path and 'call path/metric' (e.g. *MPI_Allreduce*)",
                                       name="Plot kernels")
    jobs = jobs_option()
    # No options group: Extra-P's CLI parser accepts options shared by a single- and a multi-parameter
    # modeler of the same NAME only when they are ungrouped.

    parameter_names: tuple = ()
    """The experiment's parameter names for the plots' axes and panels; told by
    `ModelGenerator.model_all` (see :func:`~extrap_segmented.adapters.modeling.parameters.tell_parameter_names`),
    empty otherwise."""

    def _inner_modeler(self) -> AbstractModeler:
        raise NotImplementedError

    # threshold, rank/cluster value and min points are checked with the rules file (Settings.validate)
    OPTION_RULES = {"plot_dir": option_rules.writable_directory_or_empty()}

    @summarised_run
    def model(self, measurements: Sequence[Sequence[Measurement]], progress_bar=DUMMY_PROGRESS) -> list[Model]:
        """Cluster and model every kernel; a kernel that fails gets its ordinary model and a note."""
        measurements = [list(ms) for ms in measurements]
        if not any(rank_matrix(m) is not None or rank_summary(m) is not None for ms in measurements for m in ms):
            raise RecoverableError(NO_RANK_VALUES_MESSAGE)
        try:
            rules = load_rules(self.rules_file) if self.rules_file else None
            extra = [name.strip() for name in self.extra_metrics.split(",") if name.strip()]
            threshold = rules.threshold if rules is not None and rules.threshold is not None else self.threshold
            settings = Settings(float(threshold), self.rank_value, self.cluster_value, int(self.min_points),
                                rules, extra, self.plot_dir, self.classifier, float(self.max_outlier_fraction),
                                parameter_names=tuple(self.parameter_names))
            settings.validate()
        except ExtrapSegmentedError as error:
            raise RecoverableError(f"Clustered modeler: {error}") from error
        siblings = {(ms[0].callpath, ms[0].metric.name): ms for ms in measurements if ms}
        fitter = Fitter(self._inner_modeler(), settings.min_points)
        # each kernel travels with its own call path's other metrics only (extra_metrics needs them)
        by_callpath = {}
        for key, ms in (siblings.items() if extra else ()):
            by_callpath.setdefault(key[0], {})[key] = ms
        kernels = [(ms, by_callpath.get(ms[0].callpath, {}) if ms else {}) for ms in measurements]
        return map_kernels(functools.partial(self._model_kernel, settings=settings, fitter=fitter), kernels,
                           self.jobs, progress_bar)

    def _model_kernel(self, kernel, settings, fitter) -> Model:
        measurements, siblings = kernel
        if settings.plot_dir and not plot_selected(self.plot_kernels, measurements):
            settings = copy.copy(settings)
            settings.plot_dir = ""
        kernel = f"{measurements[0].callpath}/{measurements[0].metric}" if measurements else "<empty>"
        try:
            if measurements and rank_matrix(measurements[0]) is None:
                if rank_summary(measurements[0]) is not None:  # Caliper's Min/Avg/Max per rank
                    return summary_kernel(measurements, settings, fitter)
                # other kernels of the run have them (checked before): say so briefly, once per kernel
                raise ExtrapSegmentedError("this metric keeps neither per-rank values nor a per-rank summary "
                                           "(of Caliper's Min/Avg/Max per rank, the Avg metric keeps the summary)")
            return cluster_kernel(measurements, siblings, settings, fitter)
        except (ExtrapSegmentedError, ValueError) as error:
            message = f"not clustered: {error}"
        except Exception as error:  # one kernel must never abort the others
            message = f"not clustered ({type(error).__name__}): {error}"
        warnings.warn(f"Clustered modeler, {kernel}: {message}; using the ordinary model", ClusteringWarning,
                      stacklevel=2)
        model = fallback_model(measurements, fitter)
        model.annotations.append(ClusterAnnotation(0, f"Clusters: {message}", message, problem=True))
        return model


@modeler_options
class ClusteredSingleParameterModeler(_ClusteringMixin, AbstractModeler):
    """Clusters the ranks of every configuration and models each cluster (one parameter)."""

    NAME = "Clustered"
    DESCRIPTION = ("Finds behavior classes among MPI ranks (relative-distance clustering or rules) and models "
                   "each class and its size; needs per-rank values (--cube-ranks, --keep-values, --caliper with "
                   "per-rank records) or Caliper's per-rank summary (Min/Avg/Max time/rank).")

    def __init__(self):
        super().__init__(use_measure=Measure.MEAN)
        tell_parameter_names(_ClusteringMixin)

    def _inner_modeler(self) -> AbstractModeler:
        modeler = VectorizedBasicModeler()
        modeler.use_measure = self.use_measure
        return modeler


@modeler_options
class ClusteredMultiParameterModeler(_ClusteringMixin, MultiParameterModeler):
    """Clusters the ranks of every configuration and models each cluster (several parameters)."""

    NAME = "Clustered"
    DESCRIPTION = ClusteredSingleParameterModeler.DESCRIPTION

    def __init__(self):
        super().__init__(use_measure=Measure.MEAN, single_parameter_modeler=VectorizedBasicModeler())
        tell_parameter_names(_ClusteringMixin)

    def _inner_modeler(self) -> AbstractModeler:
        modeler = multi_parameter.Default()
        modeler.single_parameter_modeler = copy.copy(self.single_parameter_modeler)
        modeler.use_measure = self.use_measure
        return modeler


# Schemas at definition, as Extra-P's loader does for its own modelers: an experiment modeled with
# an instance made directly (not looked up in the registry) is saved with its options too.
create_schema(ClusteredSingleParameterModeler)
create_schema(ClusteredMultiParameterModeler)
