"""The Dask path: ``extrap-segmented run --scheduler local|ADDRESS`` (needs the ``dask`` extra)."""
