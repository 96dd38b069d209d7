"""The plugin host: pluggy hooks, loading of ``extrap.plugins`` entry points, registration in Extra-P's
registries at start-up, error reporting, and the list of every Extra-P internal this package uses.
"""
