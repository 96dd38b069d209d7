"""Cube4 profiles as numpy arrays: call tree, one ``.cubex`` file, a directory of profiles, and a writer.
"""
