"""The ``--cube-ranks`` reader and the experiment that keeps every location's identity.
"""
