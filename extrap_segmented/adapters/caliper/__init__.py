"""Glue of the Caliper reader: ``--caliper`` and the experiment it builds."""
