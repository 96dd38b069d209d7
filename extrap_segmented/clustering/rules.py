"""Rules that put ranks into named clusters (the paper's "tuned" clustering), read from TOML.

File format::

    threshold = 0.1          # optional: relative-distance threshold for the ranks no rule claims

    [[cluster]]
    name = "corner"
    position = "corner"      # corner | edge | edge-<d> | face | face-<d> | boundary | inner, or a list

    [[cluster]]
    name = "edge along x"
    position = "edge"
    along = 0                # optional: only edges running along dimension 0 (same as "edge-0")

    [[cluster]]
    name = "root"
    ranks = [0, "16-31"]     # MPI ranks; "a-b" is an inclusive range

Positions are those of :mod:`extrap_segmented.clustering.topology`. A rule has ``ranks`` or
``position`` (not both). Rules are tried in file order and the first match wins; they take
precedence over distances. Ranks that no rule claims are clustered by relative distance among
themselves. All locations (threads) of a rank follow their rank.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

from extrap_segmented.clustering.topology import topology_positions
from extrap_segmented.exceptions import ClusterRulesError
from extrap_segmented.toml_files import read_toml


_POSITIONS = ("corner", "edge", "face", "boundary", "inner")


@dataclass(frozen=True)
class ClusterRule:
    """One ``[[cluster]]`` table: a name and either explicit ranks or topology positions."""

    name: str
    ranks: Optional[frozenset] = None
    positions: Optional[tuple[str, ...]] = None

    def matches(self, rank: np.ndarray, positions: Optional[np.ndarray]) -> np.ndarray:
        """Boolean mask of the locations this rule claims (``positions`` may be None without topology)."""
        if self.ranks is not None:
            return np.isin(rank, np.fromiter(self.ranks, dtype=np.int64, count=len(self.ranks)))
        mask = np.zeros(len(rank), dtype=bool)
        for wanted in self.positions:
            if "-" in wanted:
                mask |= positions == wanted
            else:
                mask |= (positions == wanted) | np.char.startswith(positions.astype(str), wanted + "-")
        return mask


@dataclass(frozen=True)
class ClusterRules:
    """Parsed rules file.

    Attributes:
        rules: the rules in file order.
        threshold: threshold for the unclaimed ranks, or None to use the modeler's option.
        source: file the rules came from (for messages).
    """

    rules: tuple[ClusterRule, ...]
    threshold: Optional[float] = None
    source: str = "<rules>"

    @property
    def needs_topology(self) -> bool:
        """True when a rule selects ranks by Cartesian position."""
        return any(r.positions is not None for r in self.rules)

    def assign(self, rank, coords=None, dims: Optional[Sequence[int]] = None) -> np.ndarray:
        """Index of the rule claiming each location, -1 where no rule does.

        Args:
            rank: MPI rank per location, shape (n,).
            coords: Cartesian coordinates per location, shape (n, ndims), or None.
            dims: topology extent per dimension, or None.

        Raises:
            ClusterRulesError: a position rule is given but the locations carry no topology.
        """
        rank = np.asarray(rank, dtype=np.int64)
        positions = None
        if self.needs_topology:
            if coords is None or dims is None:
                names = ", ".join(repr(r.name) for r in self.rules if r.positions is not None)
                raise ClusterRulesError(
                    f"{self.source}: rule(s) {names} select ranks by topology position, but the profile has "
                    f"no Cartesian topology; use 'ranks = [...]' or record the topology (MPI_Cart_create)")
            positions = topology_positions(coords, dims)
        result = np.full(len(rank), -1, dtype=np.int64)
        for index, rule in enumerate(self.rules):
            free = result < 0
            result[free & rule.matches(rank, positions)] = index
        return result


def _parse_ranks(value, where: str) -> frozenset:
    if not isinstance(value, list) or not value:
        raise ClusterRulesError(f"{where}: 'ranks' must be a non-empty list of ranks or \"a-b\" ranges, got {value!r}")
    ranks = set()
    for item in value:
        if isinstance(item, int) and not isinstance(item, bool) and item >= 0:
            ranks.add(item)
        elif isinstance(item, str) and item.count("-") == 1:
            low, high = item.split("-")
            try:
                low, high = int(low), int(high)
            except ValueError:
                raise ClusterRulesError(f"{where}: rank range {item!r} is not of the form \"a-b\"") from None
            if low > high or low < 0:
                raise ClusterRulesError(f"{where}: rank range {item!r} is empty or negative")
            ranks.update(range(low, high + 1))
        else:
            raise ClusterRulesError(f"{where}: {item!r} is neither a rank (int >= 0) nor a range \"a-b\"")
    return frozenset(ranks)


def _parse_positions(table: dict, where: str) -> tuple[str, ...]:
    value = table["position"]
    positions = [value] if isinstance(value, str) else value
    if not isinstance(positions, list) or not positions or not all(isinstance(p, str) for p in positions):
        raise ClusterRulesError(f"{where}: 'position' must be a string or a list of strings, got {value!r}")
    along = table.get("along")
    if along is not None:
        if not isinstance(along, int) or isinstance(along, bool) or along < 0:
            raise ClusterRulesError(f"{where}: 'along' must be a dimension index >= 0, got {along!r}")
        if positions != ["edge"]:
            raise ClusterRulesError(f"{where}: 'along' applies to position = \"edge\" only, got {value!r}")
        positions = [f"edge-{along}"]
    for p in positions:
        base, _, dim = p.partition("-")
        if base not in _POSITIONS or (dim and (not dim.isdigit() or base not in ("edge", "face"))):
            raise ClusterRulesError(f"{where}: unknown position {p!r}; valid: corner, edge, edge-<d>, face, "
                                    f"face-<d>, boundary, inner")
    return tuple(positions)


def parse_rules(data: dict, source: str = "<rules>") -> ClusterRules:
    """Validate the content of a rules file (already decoded from TOML).

    Raises:
        ClusterRulesError: naming ``source``, the rule number and the problem.
    """
    tables = data.get("cluster")
    if not isinstance(tables, list) or not tables:
        raise ClusterRulesError(f"{source}: no [[cluster]] tables found; each needs 'name' and 'ranks' or 'position'")
    threshold = data.get("threshold")
    if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, (int, float))
                                  or not threshold > 0):
        raise ClusterRulesError(f"{source}: 'threshold' must be a number > 0 (0.1 means 10 %), got {threshold!r}")
    rules, names = [], set()
    for number, table in enumerate(tables, start=1):
        name = table.get("name")
        where = f"{source}: [[cluster]] #{number}" + (f" ({name!r})" if name else "")
        if not isinstance(name, str) or not name.strip():
            raise ClusterRulesError(f"{where}: 'name' must be a non-empty string")
        if name.startswith("C") and name[1:].isdigit():
            raise ClusterRulesError(f"{where}: names C1, C2, ... are reserved for clusters found by distance")
        if name in names:
            raise ClusterRulesError(f"{where}: the name {name!r} is used by an earlier rule")
        names.add(name)
        unknown = set(table) - {"name", "ranks", "position", "along"}
        if unknown:
            raise ClusterRulesError(f"{where}: unknown key(s) {sorted(unknown)}; valid: name, ranks, position, along")
        if ("ranks" in table) == ("position" in table):
            raise ClusterRulesError(f"{where}: give exactly one of 'ranks' or 'position'")
        if "ranks" in table:
            rules.append(ClusterRule(name, ranks=_parse_ranks(table["ranks"], where)))
        else:
            rules.append(ClusterRule(name, positions=_parse_positions(table, where)))
    return ClusterRules(tuple(rules), None if threshold is None else float(threshold), source)


def load_rules(path) -> ClusterRules:
    """Read and validate a TOML rules file.

    Raises:
        ClusterRulesError: the file is missing, is not valid TOML, or a rule is malformed.
    """
    data = read_toml(path, ClusterRulesError, "cluster rules file")
    return parse_rules(data, str(path))

