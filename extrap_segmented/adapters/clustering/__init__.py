"""The ``Clustered`` modelers: Extra-P glue of :mod:`extrap_segmented.clustering`.
"""
