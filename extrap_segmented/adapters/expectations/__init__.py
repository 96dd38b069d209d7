"""The ``Expectation`` modeler, ``extrap-validate`` and the pytest plugin: glue of
:mod:`extrap_segmented.expectations`.
"""
