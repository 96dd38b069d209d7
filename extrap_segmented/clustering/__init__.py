"""Per-rank clustering: groups the ranks of each configuration whose values are alike, matches the
classes across configurations, applies user rules and topology positions.
"""
