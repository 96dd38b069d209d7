"""The expectations file (TOML) of ``extrap-validate``: which call paths/metrics to validate how.

Example::

    [defaults]
    metric = "time"          # glob over metric names
    aggregation = "q1"       # mean, median, min, q1
    deviation = "sqrt(p)"    # optional; default: half the leading exponent
    upper_bound = "p^2"      # optional; default: E^2

    [[expectation]]
    name = "Allreduce"       # label in the table and in rules
    callpath = "*Allreduce*" # glob over call paths (default: the name)
    expectation = "O(log p)"

    [[rule]]
    rule = "Allreduce <= Reduce + Bcast"
    target = 65536           # fail if predicted to break at or below this scale

Multi-parameter experiments: ``parameter = "p"`` names the modeled parameter (default: the
expectation's variable); ``fix = { n = 64 }`` selects one value of the others, otherwise every
combination of the other parameters is validated separately ("Allreduce [n=64]").
"""
from __future__ import annotations

import fnmatch
import math
from dataclasses import dataclass, field
from typing import Optional

from extrap_segmented.expectations.multi import parse_multi_expectation
from extrap_segmented.expectations.rules import CrossFunctionRule, parse_rule
from extrap_segmented.exceptions import ExpectationSyntaxError, InvalidInputError
from extrap_segmented.expectations.fit import aggregation_name
from extrap_segmented.expectations.options import ENTRY, RULE, VALIDATOR
from extrap_segmented.toml_files import read_toml


ENTRY_KEYS = {"name", "callpath", "metric", "expectation", "deviation", "lower_bound", "upper_bound",
              "depth", "refinement", "search_exponents", "aggregation", "parameter", "fix", "alpha",
              "prefer_expectation"}
DEFAULT_KEYS = ENTRY_KEYS - {"name", "callpath", "expectation", "fix"}
RULE_KEYS = {"rule", "target", "tolerance", "name"}


class ExpectationConfigError(InvalidInputError):
    """The expectations file is malformed; the message names the file and the entry."""


@dataclass
class ExpectationEntry:
    """One ``[[expectation]]`` table with defaults applied."""

    name: str
    callpath: str
    metric: str
    expectation: Optional[str]
    options: dict = field(default_factory=dict)
    parameter: Optional[str] = None
    fix: dict = field(default_factory=dict)
    aggregation: str = "median"

    def validator_options(self) -> dict:
        """Keyword options for :class:`~extrap_segmented.expectations.validation.ScalabilityValidator`."""
        opts = {k: v for k, v in self.options.items()
                if k in {"deviation", "lower_bound", "upper_bound", "depth", "refinement", "alpha",
                         "prefer_expectation", "extra_terms"}}
        if "search_exponents" in self.options:
            opts["extra_exponents"] = [str(e) for e in self.options["search_exponents"]]
        opts["aggregation"] = self.aggregation
        return opts


@dataclass
class RuleEntry:
    """One ``[[rule]]`` table: the parsed rule, its target scale and tolerance."""
    rule: CrossFunctionRule
    target: Optional[float] = None
    tolerance: float = 0.0


@dataclass
class ExpectationConfig:
    """A parsed expectations file: its ``[[expectation]]`` entries, ``[[rule]]`` entries and source name."""
    entries: list
    rules: list
    source: str = "<config>"


_STRINGS = {"name", "callpath", "metric", "expectation", "deviation", "lower_bound", "upper_bound",
            "aggregation", "parameter"}
# keys checked against their declarations (expectations/options.py)
_DECLARED = {**{key: VALIDATOR[key] for key in ("depth", "refinement", "prefer_expectation")}, **ENTRY, **RULE}


def _check_types(where: str, table: dict) -> None:
    """Raises ExpectationConfigError naming the key and value of a wrongly typed entry."""
    def bad(key, wanted):
        raise ExpectationConfigError(f"{where}: {key} = {table[key]!r} must be {wanted}")

    for key, value in table.items():
        if key in _STRINGS and not isinstance(value, str):
            bad(key, "a string" + (" such as \"O(log p)\"" if key in ("expectation", "deviation") else ""))
        elif key in _DECLARED and not (_DECLARED[key].accepts(value)
                                       and (_DECLARED[key].kind is not int or isinstance(value, int))):
            bad(key, _DECLARED[key].allowed())  # TOML keeps integers apart from floats (depth = 2.0)
        elif key == "fix" and (not isinstance(value, dict) or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in value.values())):
            bad(key, "a table of finite numbers such as { n = 64 }")
        elif key == "rule" and not isinstance(value, str):
            bad(key, "a string such as \"Allreduce <= Reduce + Bcast\"")


def _tables(data: dict, key: str, source: str) -> list:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise ExpectationConfigError(f"{source}: '{key}' must be an array of tables ([[{key}]]), "
                                     f"got {type(value).__name__}")
    return value


def _where(source, kind, index, name=None):
    label = f"{kind} #{index + 1}" + (f" ({name!r})" if name else "")
    return f"{source}: {label}"


def config_from_mapping(data: dict, source: str = "<config>") -> ExpectationConfig:
    """Builds the config from parsed TOML.

    Raises:
        ExpectationConfigError: unknown keys, missing expectation, bad types; names the entry.
        ExpectationSyntaxError: an unparsable expectation or rule (message prefixed with the entry).
    """
    unknown = set(data) - {"defaults", "expectation", "rule"}
    if unknown:
        raise ExpectationConfigError(f"{source}: unknown top-level table(s) {sorted(unknown)}; "
                                     "use [defaults], [[expectation]] and [[rule]]")
    if not isinstance(data.get("defaults", {}), dict):
        raise ExpectationConfigError(f"{source}: [defaults] must be a table, got {data['defaults']!r}")
    defaults = dict(data.get("defaults", {}))
    _check_types(f"{source}: [defaults]", defaults)
    bad = set(defaults) - DEFAULT_KEYS
    if bad:
        raise ExpectationConfigError(f"{source}: unknown key(s) {sorted(bad)} in [defaults]; valid: "
                                     f"{sorted(DEFAULT_KEYS)}")
    entries = []
    first_entry_named: dict = {}
    raw_entries = _tables(data, "expectation", source)
    raw_rules = _tables(data, "rule", source)
    for i, raw in enumerate(raw_entries):
        where = _where(source, "[[expectation]]", i, raw.get("name"))
        _check_types(where, raw)
        bad = set(raw) - ENTRY_KEYS
        if bad:
            raise ExpectationConfigError(f"{where}: unknown key(s) {sorted(bad)}; valid: {sorted(ENTRY_KEYS)}")
        merged = {**defaults, **raw}
        name = merged.get("name") or merged.get("callpath")
        if not name:
            raise ExpectationConfigError(f"{where}: needs 'name' or 'callpath'")
        if name in first_entry_named:
            raise ExpectationConfigError(
                f"{where}: the name {name!r} is already used by [[expectation]] #{first_entry_named[name] + 1}"
                f"; the report and [[rule]] entries refer to functions by name, so give each entry its own name "
                f"(an entry without a name is named after its callpath)")
        first_entry_named[name] = i
        expectation = merged.get("expectation")
        try:
            # one-parameter texts as before; products over several parameters (O(p*n)) by factor
            if expectation is not None:
                parse_multi_expectation(str(expectation), allow_decreasing=False)
            for key in ("deviation", "lower_bound", "upper_bound"):
                if merged.get(key) is not None:
                    parse_multi_expectation(str(merged[key]), allow_decreasing=False)
            aggregation = aggregation_name(merged.get("aggregation", "median"))
        except ExpectationSyntaxError as error:
            raise ExpectationSyntaxError(f"{where}: {error}") from error
        except InvalidInputError as error:
            raise ExpectationConfigError(f"{where}: {error}") from error
        fix = merged.get("fix", {})
        if not isinstance(fix, dict):
            raise ExpectationConfigError(f"{where}: 'fix' must be a table such as {{ n = 64 }}")
        options = {k: merged[k] for k in ("deviation", "lower_bound", "upper_bound", "depth", "refinement",
                                          "search_exponents", "alpha", "prefer_expectation") if k in merged}
        entries.append(ExpectationEntry(name=str(name), callpath=str(merged.get("callpath", name)),
                                        metric=str(merged.get("metric", "*")),
                                        expectation=None if expectation is None else str(expectation),
                                        options=options, parameter=merged.get("parameter"), fix=fix,
                                        aggregation=aggregation))
    rules = []
    for i, raw in enumerate(raw_rules):
        where = _where(source, "[[rule]]", i, raw.get("rule"))
        _check_types(where, raw)
        bad = set(raw) - RULE_KEYS
        if bad or "rule" not in raw:
            raise ExpectationConfigError(f"{where}: needs 'rule' and accepts only {sorted(RULE_KEYS)}")
        try:
            rule = parse_rule(str(raw["rule"]))
        except ExpectationSyntaxError as error:
            raise ExpectationSyntaxError(f"{where}: {error}") from error
        target = raw.get("target")
        rules.append(RuleEntry(rule, None if target is None else float(target), float(raw.get("tolerance", RULE["tolerance"].default))))
    return ExpectationConfig(entries, rules, source)


def load_expectation_config(path) -> ExpectationConfig:
    """Reads an expectations TOML file.

    Raises:
        ExpectationConfigError: the file is missing or not valid TOML (names the file).
    """
    data = read_toml(path, ExpectationConfigError, "expectations file")
    return config_from_mapping(data, str(path))


def match_names(pattern: str, names, *, what: str, entry: str, source: str = "<config>") -> list:
    """Names matching a glob (exact names match themselves).

    Raises:
        ExpectationConfigError: nothing matches; the message lists a few available names.
    """
    names = list(names)
    matched = [n for n in names if fnmatch.fnmatchcase(n, pattern)]
    if not matched:
        sample = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")
        raise ExpectationConfigError(f"{source}: {entry}: {what} glob {pattern!r} matches nothing; "
                                     f"available: {sample or '(none)'}")
    return matched
