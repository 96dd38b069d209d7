"""What the Segmented, Clustered and Expectation modelers (single- and multi-parameter) do the same way.

* :mod:`.runs`: one modeling run: the modeler's option rules checked before the first kernel,
  the run's warnings summarised (one line per condition), a failing kernel isolated;
* :mod:`.parameters`: the experiment's parameter names, told by Extra-P's model generator;
* :mod:`.multiparameter`: a multi-parameter modeler's single-parameter modeler with the command
  line's options, Extra-P's own multi-parameter model of a kernel, parameter labels for messages.

The options themselves are declared by the core estimators' contracts and made into Extra-P
options by :mod:`extrap_segmented.adapters.option_rules`; kernels go to worker processes through
:mod:`extrap_segmented.adapters.parallel.runner` (``map_kernels``, the ``jobs`` option). What is a
modeler's own lives in its capability's folder (``segmentation/``, ``clustering/``, ``expectations/``).
"""
