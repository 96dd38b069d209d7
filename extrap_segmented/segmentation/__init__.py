"""Segmentation: finds where a kernel's behaviour changes (change points) in a short series.

``costs`` (per-segment fit costs) and ``search`` (the detection) are separate, as in ruptures;
``synthetic`` generates seeded test series, ``plot`` draws a result.
"""
