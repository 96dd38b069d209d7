"""Extra-P's default single-parameter modeler on top of the vectorized PMNF search.
"""
