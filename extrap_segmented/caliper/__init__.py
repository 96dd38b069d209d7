"""Caliper ``.cali`` profiles as numpy arrays (reader, sets of profiles, writer); no Extra-P import."""
