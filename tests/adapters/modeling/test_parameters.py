"""The experiment's parameter names told to the modelers (extrap_segmented/adapters/modeling/parameters.py)
and the labels of the multi-parameter modelers' messages (modeling/multiparameter.py)."""
from __future__ import annotations

from types import SimpleNamespace

from extrap.entities.parameter import Parameter
from extrap.modelers.model_generator import ModelGenerator

from extrap_segmented.adapters.clustering.modeler import ClusteredMultiParameterModeler
from extrap_segmented.adapters.expectations.modeler import ExpectationModeler
from extrap_segmented.adapters.expectations.multiparameter import ExpectationMultiParameterModeler
from extrap_segmented.adapters.modeling.multiparameter import parameter_labels
from extrap_segmented.adapters.modeling.parameters import _teller, tell_parameter_names
from extrap_segmented.adapters.segmentation.modeler import SegmentedChangePointModeler
from extrap_segmented.adapters.segmentation.multiparameter import SegmentedMultiParameterModeler


def _generator(modeler, *names):
    return SimpleNamespace(modeler=modeler, experiment=SimpleNamespace(parameters=[Parameter(n) for n in names]))


def test_every_modeler_and_its_single_parameter_modeler_is_told_the_names():
    expectation = ExpectationMultiParameterModeler()  # its single-parameter modeler is an ExpectationModeler
    for callback in ModelGenerator.model_all.extrap_segmented_callbacks:
        callback(_generator(expectation, "ranks", "size"))
    assert expectation.parameter_names == ("ranks", "size")
    assert expectation.single_parameter_modeler.parameter_names == ("ranks", "size")
    segmented, clustered = SegmentedMultiParameterModeler(), ClusteredMultiParameterModeler()
    for modeler in (segmented, clustered):
        for callback in ModelGenerator.model_all.extrap_segmented_callbacks:
            callback(_generator(modeler, "x", "y"))
        assert modeler.parameter_names == ("x", "y")
    # the single-parameter Segmented takes a name only from a one-parameter experiment
    assert segmented.single_parameter_modeler.parameter_name == "p"
    single = SegmentedChangePointModeler()
    for callback in ModelGenerator.model_all.extrap_segmented_callbacks:
        callback(_generator(single, "x"))
    assert single.parameter_name == "x"


def test_telling_is_registered_once_per_class_and_receiver():
    ExpectationModeler()
    before = list(ModelGenerator.model_all.extrap_segmented_callbacks)
    tell_parameter_names(ExpectationModeler)
    ExpectationModeler()
    assert ModelGenerator.model_all.extrap_segmented_callbacks == before
    assert _teller(ExpectationModeler, print) is not _teller(ExpectationModeler, repr)
    # a modeler of another class is left alone
    other = SimpleNamespace(parameter_names=None, single_parameter_modeler=None)
    _teller(ExpectationModeler, lambda m, n: setattr(m, "parameter_names", n))(_generator(other, "q"))
    assert other.parameter_names is None


def test_parameter_labels_complete_the_known_names():
    assert parameter_labels(("ranks",), 3) == ["ranks", "q", "r"]
    assert parameter_labels(None, 7) == ["p", "q", "r", "s", "t", "x5", "x6"]
    assert parameter_labels(("a", "b", "c"), 2) == ["a", "b"]
