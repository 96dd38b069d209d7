"""Expectation-based scalability validation: parse a big-O expectation, build its search space, fit
measurements, judge divergence and verdicts, check cross-function rules.
"""
