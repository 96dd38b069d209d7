"""Segmentation: finds where a kernel's behaviour changes (change points) in a short series.

As in ruptures, costs and detection are separate: ``costs`` (per-segment fit costs, by name or
instance), ``window`` (the shared window and binary-segmentation machinery), ``significance``
(the default one- vs two-segment test) and ``paper`` (the paper's nRSS windows), ``search``
(``ChangePointSearch(mode=...)``, which builds either); ``suggest`` proposes where to measure
next, ``synthetic`` generates seeded test series, ``plot`` draws a result.
"""
