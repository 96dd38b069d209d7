"""Extra-P's single-parameter hypothesis search (PMNF terms ``p^i * log2(p)^j``), vectorized over terms,
leave-one-out folds and series. Shared by segmentation and clustering.
"""
