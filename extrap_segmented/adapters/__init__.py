"""Glue between the pure algorithms of :mod:`extrap_segmented` and its hosts (Extra-P, pytest).

Installed as ``extrap_segmented.adapters`` (the folder ``extrap_segmented/adapters/`` of the source tree); it is
never a top-level ``adapters`` module.
"""
