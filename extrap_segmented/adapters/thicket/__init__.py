"""Thicket bridge: models of a Thicket ensemble with any modeler (optional extra ``[thicket]``)."""
