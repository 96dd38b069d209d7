"""The ``Segmented`` modeler: Extra-P glue of :mod:`extrap_segmented.segmentation`.
"""
