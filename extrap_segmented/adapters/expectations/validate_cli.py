"""``extrap-validate``: check measured scaling against big-O expectations (CI gate).

    extrap-validate --text fixtures/series/mpi_collectives.txt \\
        --expectations fixtures/expectations/mpi_collectives.toml --json-out report.json

Reads any experiment Extra-P can read (its reader flags, plus plugin readers such as
``--cube-ranks`` and ``--experiment`` for ``.extra-p`` files), validates the call paths and
metrics listed in the expectations TOML, prints a table like the paper's and exits 1 when a
verdict or rule listed in ``--fail-on`` occurs (2 on bad input). ``--json`` already selects
Extra-P's JSON reader, so the report option is ``--json-out``.
"""
from __future__ import annotations

import argparse
import glob
import json
import sys
import warnings
from collections import defaultdict
from pathlib import Path

import numpy as np

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.expectations.options import GATE, RULE
from extrap_segmented.options import Option, declare, from_text

#: The flags of extrap-validate that take a value, declared as the core's options are (help and
#: checks are made from them); --target and --fail-on are the core's, the others this command's.
FLAGS = declare(
    Option("scaling", str, None, "scaling type for readers that convert per-process values",
           choices=("weak", "strong")),
    Option("metric", str, None, "metric glob used with --expect (default: all)"),
    Option("aggregation", str, None, "statistic of the repetitions at each point: mean, median, min or q1 (overrides "
                                     "the file)"),
    RULE["target"],
    GATE["fail_on"],
)
FAIL_CHOICES = GATE["fail_on"].choices
EXIT_PASS, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2
EXIT_CODES = """exit codes:
  0  every validated function and rule passed the --fail-on conditions
  1  validation failed: a verdict, rule or growth listed in --fail-on occurred
  2  bad input or configuration (unreadable or malformed file, unknown option value, unknown
     parameter, nothing to validate, unwritable output); the message names the file, option or
     value at fault. extrap-validate never ends with a traceback."""


class _InputError(Exception):
    pass


def _readers():
    import extrap_segmented
    try:
        extrap_segmented.activate()
    except Exception as error:  # a broken plugin must not hide Extra-P's own readers
        warnings.warn(f"extrap-validate: plugin registration failed: {error}", RuntimeWarning)
    from extrap.fileio.experiment_io import ExperimentReader
    from extrap.fileio.file_reader import all_readers
    readers = dict(all_readers)
    readers.setdefault(ExperimentReader.NAME, ExperimentReader)
    return readers


def build_parser(readers, parser_class=argparse.ArgumentParser) -> argparse.ArgumentParser:
    strict = {} if parser_class is argparse.ArgumentParser else {"allow_abbrev": False}
    parser = parser_class(
        prog="extrap-validate", **strict, description="Validate measured scaling against big-O expectations "
        "(scalability validation); exits 1 when --fail-on conditions occur, 2 on bad input.",
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    inputs = parser.add_argument_group("input (one reader, as in extrap)")
    group = inputs.add_mutually_exclusive_group(required=True)
    for reader in readers.values():
        group.add_argument(reader.CMD_ARGUMENT, action="store_true", dest=f"reader_{reader.NAME}",
                           help=reader.DESCRIPTION)
    inputs.add_argument("path", metavar="PATH", help="experiment file or directory")
    inputs.add_argument("--scaling", choices=FLAGS["scaling"].choices, default=None, help=FLAGS["scaling"].meaning)
    spec = parser.add_argument_group("expectations")
    spec.add_argument("--expectations", metavar="TOML", help="expectations file (call-path globs, metrics, "
                      "expectations, deviations, aggregation, rules)")
    spec.add_argument("--expect", metavar="O(...)", help="validate every call path against this expectation "
                      "(instead of, or as default for, the TOML file)")
    spec.add_argument("--metric", default=None, help=FLAGS["metric"].meaning)
    spec.add_argument("--aggregation", default=None, help=FLAGS["aggregation"].meaning)
    spec.add_argument("--target", type=_flag_value(FLAGS["target"]), default=None,
                      help=f"the target of rules that give none. {_help(FLAGS['target'])}")
    regression = parser.add_argument_group("regression mode")
    regression.add_argument("--save-baseline", metavar="JSON", help="save the fitted models as a baseline")
    regression.add_argument("--baseline", metavar="JSON", help="use a saved baseline as the expectation "
                            "(status quo); default --fail-on becomes no-match,rule,worse")
    out = parser.add_argument_group("output")
    out.add_argument("--json-out", metavar="OUT", help="write the report as JSON")
    out.add_argument("--plot-dir", metavar="DIR", help="write one PNG per validated function")
    out.add_argument("--fail-on", default=None, help=f"comma-separated. {_help(FLAGS['fail_on'])}")
    return parser


def _help(option: Option) -> str:
    """A flag's help: the declaration's meaning, default and accepted values."""
    default = option.default
    shown = ",".join(default) if isinstance(default, (list, tuple)) else default
    return f"{option.meaning} (" + (f"default {shown}; " if default is not None else "") + f"{option.allowed()})"


def _flag_value(option: Option):
    """An argparse ``type`` checking a flag's value against its declaration."""
    def parse(text: str):
        try:
            return from_text(option, text)
        except InvalidInputError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return parse


def check_output_file(path: str, option: str) -> None:
    """Fails early (before any work) when ``option``'s file cannot be written."""
    import os
    target = Path(path)
    if target.is_dir():
        raise _InputError(f"{option} {path}: is a directory, not a file")
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise _InputError(f"{option} {path}: directory {parent} does not exist")
    if (target.exists() and not os.access(target, os.W_OK)) or not os.access(parent, os.W_OK):
        raise _InputError(f"{option} {path}: not writable")


def check_output_dir(path: str, option: str) -> None:
    """Fails early when ``option``'s directory cannot be created or written."""
    import os
    target = Path(path)
    if target.exists():
        if not target.is_dir():
            raise _InputError(f"{option} {path}: exists and is not a directory")
        if not os.access(target, os.W_OK | os.X_OK):
            raise _InputError(f"{option} {path}: directory is not writable")
        return
    existing = next((p for p in target.parents if p.exists()), Path("."))
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise _InputError(f"{option} {path}: cannot be created ({existing} is not a writable directory)")


def parse_fail_on(text, regression: bool) -> set:
    if text is None:
        return set(GATE["fail_on"].default) | ({"worse"} if regression else set())
    items = {t.strip() for t in text.split(",") if t.strip()}
    bad = items - set(FAIL_CHOICES)  # the declared choices (GATE in expectations/options.py)
    if bad:
        raise _InputError(f"--fail-on: unknown value(s) {sorted(bad)}; use {', '.join(FAIL_CHOICES)}")
    return set() if "never" in items else items


def read_input(args, readers=None):
    """The experiment to validate: Extra-P's reader's, or for a ``--text`` file that the fast
    path fully understands, a :class:`~extrap_segmented.adapters.expectations.text_input.TextSeries`
    with the same names and arrays (tested against Extra-P's reader)."""
    path = Path(args.path)
    if getattr(args, "reader_text", False):
        if not path.exists():
            raise _InputError(f"{path} does not exist")
        from extrap_segmented.adapters.expectations.text_input import NotFastPath, read_text_series
        try:
            return read_text_series(path)
        except NotFastPath:
            pass  # Extra-P's reader reads it, or reports what is wrong in its own words
    readers = readers or _readers()
    from extrap.fileio.file_reader.abstract_directory_reader import AbstractScalingConversionReader
    from extrap.fileio.file_reader.file_reader_mixin import TKeepValuesReader
    from extrap.util.exceptions import RecoverableError
    reader_class = next(r for r in readers.values() if getattr(args, f"reader_{r.NAME}", False))
    reader = reader_class()
    if isinstance(reader, TKeepValuesReader):
        reader.keep_values = True  # repetitions are needed for q1 / median of repetitions
    if args.scaling and issubclass(reader_class, AbstractScalingConversionReader):
        reader.scaling_type = args.scaling
    if not path.exists():
        raise _InputError(f"{path} does not exist")
    try:
        return reader.read_experiment(str(path))
    except (RecoverableError, OSError, ValueError) as error:
        message = str(error)
        if message.startswith(f"{path}:"):  # already names the file
            raise _InputError(f"{message} (read with {reader_class.NAME})") from error
        raise _InputError(f"cannot read {path} with {reader_class.NAME}: {message}") from error


def _series(measurements, index: int, aggregation: str, notes: list, label: str):
    """Repeated x and y arrays of one call path/metric (the modeler's too: one engine)."""
    from extrap_segmented.adapters.expectations.text_input import ArraySeries
    if isinstance(measurements, ArraySeries):  # the --text fast path: every repetition, no note
        return measurements.x.copy(), measurements.y.copy()
    from extrap_segmented.adapters.expectations.series import series_arrays
    x, y, note = series_arrays(measurements, index, aggregation)
    if note:
        notes.append(f"{label}: {note}")
    return x, y


def entry_parameter(entry, expectation: str, parameters: list, where: str, source: str) -> str:
    """The parameter an entry models, after checking every parameter name the entry uses: its
    expectation's, ``parameter``, the variables of ``deviation``, ``lower_bound`` and
    ``upper_bound``, and the keys of ``fix``. A name the data lack is an error naming it (a
    bound in ``q`` on data over ``p`` must not be read as a bound in ``p``).

    Raises:
        ExpectationConfigError: a name the experiment does not have, or names that disagree.
    """
    from extrap_segmented.expectations.complexity import parse_expectation, written_in
    from extrap_segmented.expectations.config import ExpectationConfigError

    def fail(message):
        raise ExpectationConfigError(f"{source}: {where}: {message}")

    def known(name, what, verb="is in", text=None):
        if name not in parameters:
            hint = f"; write it in {parameters[0]}: {written_in(text, parameters[0])}" \
                if text is not None and len(parameters) == 1 else ""
            fail(f"{what} {verb} parameter {name!r}, which the experiment does not have (its parameters: "
                 f"{', '.join(parameters)}){hint}")

    variable = parse_expectation(expectation).variable
    if variable is not None:
        known(variable, f"expectation {expectation!r}", text=expectation)
    if entry.parameter is not None:
        known(entry.parameter, f"parameter = {entry.parameter!r}", "names")
        if variable is not None and variable != entry.parameter:
            fail(f"expectation {expectation!r} is in parameter {variable!r}, but parameter = {entry.parameter!r}")
    name = entry.parameter or variable or (parameters[0] if len(parameters) == 1 else None)
    for key in ("deviation", "lower_bound", "upper_bound"):
        text = entry.options.get(key)
        other = parse_expectation(str(text), allow_decreasing=True).variable if text is not None else None
        if other is not None:
            known(other, f"{key} {text!r}", text=str(text))
            if name is not None and other != name:
                fail(f"{key} {text!r} is in parameter {other!r}, but the modeled parameter is {name!r}")
            name = name or other
    for key in entry.fix:
        known(key, f"fix = {{ {key} = {entry.fix[key]:g} }}", "names")
    if name in entry.fix:
        fail(f"fix = {{ {name} = {entry.fix[name]:g} }} fixes the modeled parameter {name!r}; fix selects values "
             "of the other parameters")
    if name is None:
        fail(f"the experiment has parameters {parameters}; name the modeled one with parameter = \"...\"")
    return name


def collect_rows(experiment, config, args, baseline, notes):
    """Expands entries into rows: (label, entry, callpath, metric, x, y, expectation text, variable).

    ``--expect`` (the entry named ``*``) is the default for the TOML file: it validates the call
    paths and metrics no TOML entry covers, and gives entries without an expectation theirs.

    Raises:
        ExpectationConfigError: a parameter name the experiment lacks, a glob matching nothing, or
            two rows that would get the same label (one would silently replace the other).
    """
    from extrap_segmented.expectations.config import ExpectationConfigError, match_names
    from extrap_segmented.expectations.fit import aggregation_name
    parameters = [str(p) for p in experiment.parameters]
    callpaths = {cp.name: cp for cp in experiment.callpaths}
    metrics = {m.name: m for m in experiment.metrics}
    default = next((e for e in config.entries if e.name == "*"), None)
    rows, labelled_by, covered = [], {}, set()
    for entry in sorted(config.entries, key=lambda e: e.name == "*"):
        where = "--expect" if entry.name == "*" else f"[[expectation]] #{config.entries.index(entry) + 1} ({entry.name!r})"
        cps = match_names(entry.callpath, callpaths, what="call path", entry=where, source=config.source)
        mets = match_names(entry.metric, metrics, what="metric", entry=where, source=config.source)
        aggregation = aggregation_name(args.aggregation or entry.aggregation)
        multi = len(cps) * len(mets) > 1
        for cp_name in cps:
            for met_name in mets:
                measurements = experiment.measurements.get((callpaths[cp_name], metrics[met_name]))
                if not measurements:
                    continue
                if entry.name == "*" and (cp_name, met_name) in covered:
                    continue  # a TOML entry validates it
                covered.add((cp_name, met_name))
                suffix = f"[{met_name}]" if len(mets) > 1 else ""
                if entry.name == "*":  # --expect: one row per call path
                    label = cp_name + suffix
                else:
                    label = entry.name if not multi else f"{entry.name}:{cp_name}{suffix}"
                expectation = entry.expectation if entry.expectation is not None or default is None \
                    else default.expectation
                expectation = baseline.get(label, expectation) if baseline else expectation
                if expectation is None:
                    raise ExpectationConfigError(f"{config.source}: {where}: no expectation (and no baseline "
                                                 f"entry for {label!r})")
                from extrap_segmented.adapters.expectations import multi_rows
                if len(parameters) > 1 and multi_rows.is_multi(expectation):  # O(p*n): every parameter
                    multi_expectation = multi_rows.parse_multi_expectation(expectation)
                    multi_rows.check_names(entry, multi_expectation, parameters, where, config.source)
                    rows += [(row_label, row_entry, cp_name, met_name, x, y, text, name)
                             for row_label, row_entry, x, y, text, name in multi_rows.expand(
                                 entry, label, multi_expectation, measurements, parameters, aggregation, notes,
                                 lambda subset, index, lab: _series(subset, index, aggregation, notes, lab))]
                    continue
                name = entry_parameter(entry, expectation, parameters, where, config.source)
                if label in labelled_by and labelled_by[label] != where:
                    raise ExpectationConfigError(
                        f"{config.source}: {where}: its row {label!r} has the label of a row of "
                        f"{labelled_by[label]}; one would replace the other in the report: give the entries "
                        "distinct names")
                labelled_by[label] = where
                if len(parameters) == 1:
                    x, y = _series(measurements, 0, aggregation, notes, label)
                    rows.append((label, entry, cp_name, met_name, x, y, expectation, parameters[0]))
                    continue
                index = parameters.index(name)
                slices = multi_rows.slices_of(measurements, parameters, index, entry.fix)
                if not slices:
                    raise ExpectationConfigError(f"{config.source}: {where}: no measurement has {entry.fix}")
                for others, subset in sorted(slices.items()):
                    free = [f"{k}={v:g}" for k, v in others if k not in entry.fix]
                    slice_label = label + (f" [{', '.join(free)}]" if free else "")
                    x, y = _series(subset, index, aggregation, notes, slice_label)
                    rows.append((slice_label, entry, cp_name, met_name, x, y, expectation, name))
    return rows


class _TextOnly:
    """``--text`` for the short-cut parser (:func:`_parse_text_only`); no Extra-P import."""
    NAME, CMD_ARGUMENT, DESCRIPTION = "text", "--text", "Load data from text input file"


class _NotUnderstood(Exception):
    pass


class _StrictParser(argparse.ArgumentParser):
    def error(self, message):  # no message, no exit: the full parser parses again and reports
        raise _NotUnderstood(message)


def _parse_text_only(argv):
    """Parses ``argv`` without importing Extra-P when it selects ``--text``, else returns None.

    Building the full parser needs Extra-P's reader registry, whose import (and the plugin
    registration it triggers) costs 0.4–1 s — more than validating 1,000 functions. This parser
    knows only ``--text`` among the readers, takes no abbreviations and never reports an error
    itself: anything it does not parse cleanly (another reader flag, an abbreviation, ``--help``,
    a missing value) returns None, and the full parser parses ``argv`` again and reports exactly
    as before. When it succeeds, every token was an exact option of the full parser too, so
    both give the same namespace.
    """
    if "--text" not in argv or any(a in ("-h", "--help") for a in argv):
        return None
    try:
        return build_parser({"text": _TextOnly}, parser_class=_StrictParser).parse_args(argv)
    except _NotUnderstood:
        return None


def run(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else [str(a) for a in argv]
    args = _parse_text_only(argv)
    readers = None
    if args is None:
        readers = _readers()
        args = build_parser(readers).parse_args(argv)
    from extrap_segmented.exceptions import ExtrapSegmentedError
    try:
        return _run(args, readers)
    except (_InputError, ExtrapSegmentedError) as error:
        print(f"extrap-validate: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as error:  # the contract: never a traceback, never exit 1 for a crash
        print(f"extrap-validate: error: {type(error).__name__}: {error} (unexpected; please report it)",
              file=sys.stderr)
        return EXIT_BAD_INPUT


def _run(args, readers) -> int:
    from extrap_segmented.expectations.rules import evaluate_rule
    from extrap_segmented.expectations.fit import repetition_reducer
    from extrap_segmented.expectations.baseline import load_baseline_entries, save_baseline
    from extrap_segmented.expectations.config import (ExpectationConfig, ExpectationEntry, config_from_mapping,
                                                     load_expectation_config)

    fail_on = parse_fail_on(args.fail_on, regression=bool(args.baseline))
    for option, value in (("--json-out", args.json_out), ("--save-baseline", args.save_baseline)):
        if value:
            check_output_file(value, option)
    if args.plot_dir:
        check_output_dir(args.plot_dir, "--plot-dir")
    baseline_entries = load_baseline_entries(args.baseline) if args.baseline else {}
    baseline = {label: entry["expectation"] for label, entry in baseline_entries.items()} or None
    if args.expectations:
        config = load_expectation_config(args.expectations)
    elif args.expect or baseline:
        config = config_from_mapping({}, "<command line>")
    else:
        raise _InputError("give --expectations TOML, --expect 'O(...)' or --baseline JSON")
    if args.expect:
        config.entries.append(ExpectationEntry(name="*", callpath="*", metric=args.metric or "*",
                                               expectation=args.expect))
    elif baseline and not args.expectations:
        config = ExpectationConfig([ExpectationEntry(name=label, callpath=glob.escape(e.get("callpath") or label),
                                                     metric=glob.escape(e.get("metric") or "*"),
                                                     expectation=e["expectation"],
                                                     options=_baseline_space(e, label),
                                                     aggregation=_baseline_aggregation(e))
                                    for label, e in baseline_entries.items()], [], args.baseline)
    if not config.entries and not config.rules:
        raise _InputError(f"{config.source}: nothing to validate: no [[expectation]] or [[rule]] entries")
    experiment = read_input(args, readers)
    notes = []
    rows = collect_rows(experiment, config, args, baseline, notes)
    if not rows:
        raise _InputError(f"{config.source}: nothing validated: " + ("; ".join(notes) if notes else
                                                                     "no entry matched a call path with measurements"))

    results, errors, aggregations, raw = {}, [], {}, {}
    for label, result, error, aggregation, x, y, cp, metric in validate_rows(rows, args.aggregation):
        if error is not None:  # one bad kernel does not stop the others
            errors.append(f"{label} ({cp}, {metric}): {error}")
            continue
        results[label] = (result, cp, metric)
        aggregations[label] = aggregation
        raw[label] = (x, y)

    rule_results = []
    models = {label: r.model for label, (r, _, _) in results.items()}
    for rule_entry in config.rules:
        if not rule_entry.rule.names <= set(models):
            errors.append(f"rule {rule_entry.rule.text!r}: no model for "
                          f"{sorted(rule_entry.rule.names - set(models))}; known: {sorted(models)}")
            continue
        measured = np.unique(np.concatenate([results[n][0].x for n in rule_entry.rule.names if n in results]
                                            or [np.array([1.0])]))
        names = rule_entry.rule.names
        variables = {results[n][0].variable for n in names}
        rule_results.append(evaluate_rule(rule_entry.rule, models, measured,
                                          target=rule_entry.target or args.target,
                                          tolerance=rule_entry.tolerance,
                                          measured={n: raw[n] for n in names},
                                          reduce={n: repetition_reducer(aggregations[n]) for n in names},
                                          variable=variables.pop() if len(variables) == 1 else "p"))

    from extrap_segmented.adapters.expectations.multi_rows import summaries
    notes += summaries(results)  # O(p*n): the verdict over all parameters, per function
    failures = failure_reasons(results, rule_results, fail_on)
    report = {"rows": [dict(function=label, callpath=cp, metric=metric, aggregation=aggregations[label],
                            **r.to_dict())
                       for label, (r, cp, metric) in results.items()],
              "rules": [r.to_dict() for r in rule_results], "notes": notes, "errors": errors,
              "fail_on": sorted(fail_on), "failures": failures, "passed": not failures and not errors}
    # the files first: a terminal that cannot show the table (or a closed pipe) loses nothing
    try:
        if args.json_out:
            Path(args.json_out).write_text(json.dumps(report, indent=2, default=str) + "\n", encoding="utf-8")
        if args.save_baseline:
            save_baseline(args.save_baseline, {row["function"]: row for row in report["rows"]})
        if args.plot_dir:
            write_plots(results, Path(args.plot_dir), raw, rule_results)
    except OSError as error:
        raise _InputError(f"cannot write {error.filename or 'output'}: {error.strerror or error}") from error
    status = EXIT_BAD_INPUT if errors else (EXIT_FAILED if failures else EXIT_PASS)
    _print(format_table(results, rule_results))
    for note in notes:
        _print(f"note: {note}")
    if args.save_baseline:
        _print(f"baseline written to {args.save_baseline}")
    for reason in failures:
        print(f"FAIL: {reason}", file=sys.stderr)
    for error in errors:
        print(f"extrap-validate: error: {error}", file=sys.stderr)
    return status


def validate_rows(rows, aggregation_override=None):
    """Validates the rows in batches: rows with the same expectation, options and parameter values
    share one search space and one vectorised fit (the batch path: thousands of call paths in a
    fraction of a second). A batch that fails (a kernel with NaN, too few points) is redone row
    by row so that only the bad kernel is reported.

    Yields ``(label, result or None, error or None, aggregation, x, y, callpath, metric)`` in row order.
    """
    from extrap_segmented.batches import same_x_groups
    from extrap_segmented.exceptions import ExtrapSegmentedError
    from extrap_segmented.expectations.validation import ScalabilityValidator

    def make(entry, expectation, variable):
        validator = ScalabilityValidator(expectation, variable=variable, **entry.validator_options())
        if aggregation_override:
            validator.aggregation = aggregation_override
        return validator

    keys = [(expectation, variable, json.dumps(entry.validator_options(), sort_keys=True, default=str))
            for label, entry, cp, metric, x, y, expectation, variable in rows]
    out = [None] * len(rows)
    for _, indices in same_x_groups([row[4] for row in rows], keys):
        label, entry, cp, metric, x, y, expectation, variable = rows[indices[0]]
        validator = make(entry, expectation, variable)
        try:
            batch = validator.validate_many(x, np.stack([rows[i][5] for i in indices]))
        except ExtrapSegmentedError:
            batch = None
        for k, i in enumerate(indices):
            label, entry, cp, metric, x, y, expectation, variable = rows[i]
            result, error = (batch[k], None) if batch is not None else (None, None)
            if batch is None:
                try:
                    result = make(entry, expectation, variable).fit(x, y).result_
                except ExtrapSegmentedError as failure:
                    error = failure
            out[i] = (label, result, error, validator.aggregation, x, y, cp, metric)
    yield from out


def _baseline_space(entry: dict, label: str) -> dict:
    """Validator options that rebuild the search space a baseline entry was fitted in: the same
    data must meet its own status quo, which a differently ruled space could miss."""
    space = entry.get("search_space")
    if not isinstance(space, dict):
        return {}
    options = {}
    for key in ("lower_bound", "upper_bound"):
        if isinstance(space.get(key), str):
            options[key] = space[key]
    terms = space.get("terms")
    if isinstance(terms, list) and all(isinstance(t, str) for t in terms):
        options["extra_terms"] = terms
    return options


def _baseline_aggregation(entry: dict) -> str:
    from extrap_segmented.expectations.fit import aggregation_name
    value = entry.get("aggregation")
    return aggregation_name(value) if isinstance(value, str) else "median"


def failure_reasons(results, rule_results, fail_on) -> list:
    reasons = []
    for label, (r, _, _) in results.items():
        if "no-match" in fail_on and r.verdict == "no match":
            reasons.append(f"{label}: no match ({r.describe()})")
        elif "approximate" in fail_on and r.verdict == "approximate":
            reasons.append(f"{label}: approximate ({r.describe()})")
        elif "inconclusive" in fail_on and r.verdict == "inconclusive":
            reasons.append(f"{label}: inconclusive ({r.describe()}; {'; '.join(r.notes)})")
        elif "worse" in fail_on and r.direction == "faster":
            reasons.append(f"{label}: grows faster than expected ({r.describe()})")
    if "rule" in fail_on:
        reasons += [rr.message for rr in rule_results if rr.failed]
    return reasons


def format_table(results, rule_results) -> str:
    from extrap_segmented.expectations.validation import VERDICT_SYMBOLS, format_adjusted_r2
    warnings_by_name = defaultdict(list)
    for rr in rule_results:
        if rr.status != "ok":
            for _, name in rr.rule.lhs:
                at = rr.measured.violated if rr.status == "violated" and rr.measured is not None else \
                    ([rr.break_at] if rr.break_at else [])
                warnings_by_name[name].append(f"⚠ {rr.rule.text}: {rr.status}"
                                              + (f" at {', '.join(f'{v:,.0f}' if v >= 100 else f'{v:.3g}' for v in at)}" if at else ""))
    header = ("function", "expectation", "model", "indistinguishable", "adj. R²", "δ", "verdict", "rules")
    # the changes column only when a series changes behaviour (the table is unchanged otherwise)
    with_changes = any(getattr(r, "changes", ()) for r, _, _ in results.values())
    if with_changes:
        header = header[:7] + ("changes",) + header[7:]
    lines, remarks = [], []
    for label, (r, _, _) in results.items():
        row = r.row()
        line = [label, row["expectation"], row["model"], row["range"] if row["range"] != row["model"] else "",
                format_adjusted_r2(row["adjusted_r2"]),
                row["divergence"], f"{VERDICT_SYMBOLS[r.verdict]} {r.verdict}",
                "; ".join(warnings_by_name.get(label, []))]
        if with_changes:
            line.insert(7, r.changes_text)
        lines.append(tuple(line))
        remarks += [f"{label}: {note}" for note in r.notes]
    from extrap_segmented.adapters.console import for_stream
    # aligned as the terminal will show it (δ may become d, ≥ become >=)
    header = tuple(for_stream(h) for h in header)
    lines = [tuple(for_stream(str(c)) for c in line) for line in lines]
    widths = [max(len(str(c)) for c in col) for col in zip(header, *lines)] if lines else [len(h) for h in header]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    out = [fmt.format(*header).rstrip(), fmt.format(*("-" * w for w in widths)).rstrip()]
    out += [fmt.format(*line).rstrip() for line in lines]
    if rule_results:
        out.append("")
        out += [f"rule {rr.rule.text}: {rr.status} — {rr.message}" for rr in rule_results]
    if remarks:
        out.append("")
        out += [f"note: {remark}" for remark in remarks]
    return "\n".join(out)


def write_plots(results, directory: Path, raw=None, rule_results=()):
    """One PNG per function: data (repetitions too), model, uncertainty envelope, deviation band,
    and the measured values where a rule with the function on its left side is violated."""
    from extrap_segmented.expectations.plot import plot_validation
    directory.mkdir(parents=True, exist_ok=True)
    for label, (r, _, _) in results.items():
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in label)
        broken = [rr for rr in rule_results if rr.measured is not None and rr.measured.violated
                  and label in {name for _, name in rr.rule.lhs}]
        raw_x, raw_y = (raw or {}).get(label, (None, None))
        plot_validation(r, directory / f"{safe}.png", title=label, raw_x=raw_x, raw_y=raw_y,
                        violations=broken[0].measured.violated if broken else (),
                        rule=broken[0].rule.text if broken else None)


def _silence_stdout() -> None:
    """Points stdout at the null device: its reader went away (``extrap-validate … | head``)."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _print(text: str = "") -> None:
    """``print`` to stdout that survives a reader closing the pipe: like other Unix tools the
    command then stops writing there without a word, and still writes its files and exit code."""
    try:
        print(text)
    except BrokenPipeError:
        _silence_stdout()


def main(argv=None):
    """Console-script entry point."""
    from extrap_segmented.adapters.console import degrade_standard_streams
    degrade_standard_streams()
    try:
        code = run(argv)
    except BrokenPipeError:  # --help into a closed pipe: nothing left to do
        _silence_stdout()
        code = EXIT_PASS
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
    sys.exit(code)


if __name__ == "__main__":
    main()
