"""Extra-P's call tree (``extrap.entities.calltree``) built in time linear in the number of call-path
segments, without recursion.

Extra-P's ``io_helper.create_call_tree`` finds the parent of every node by a recursive search from
the root, level by level: cubic in the depth for a chain of nested calls, and a ``RecursionError``
beyond about 1,000 levels (3,000 levels took 500 s before failing). The tree built here is the same
(same nodes, same child order, same ``Callpath.EMPTY`` placeholders for paths only implied by
longer ones, same warning for a duplicate), found through a dictionary keyed by the path string of each prefix.
"""
from __future__ import annotations

import warnings
from typing import Iterable

from extrap.entities.callpath import Callpath
from extrap.entities.calltree import CallTree, Node

__all__ = ["build_call_tree"]


def build_call_tree(callpaths: Iterable[Callpath]) -> CallTree:
    """The call tree of ``callpaths``, equal to ``io_helper.create_call_tree(callpaths)``.

    A node's children are in the order of the first call path (in ``callpaths`` order) that passes
    through them, which is the order Extra-P's level-by-level construction appends them in.
    """
    tree = CallTree()
    # keyed by the path string of each prefix: its hash is computed in C, and a chain of d nested
    # calls costs one lookup of its parent's path per call path
    nodes: dict[str, Node] = {}
    for callpath in callpaths:
        name = callpath.name
        node = nodes.get(name)
        if node is not None:
            if node.path == Callpath.EMPTY:
                node.path = callpath
            else:
                warnings.warn("Duplicate callpath encountered, only first occurence is retained.")
            continue
        # the prefixes not yet in the tree, deepest first, up to the deepest existing ancestor
        missing = [name]
        head, sep, _ = name.rpartition("->")
        while sep and head not in nodes:
            missing.append(head)
            head, sep, _ = head.rpartition("->")
        parent = nodes[head] if sep else tree
        for prefix in reversed(missing):
            node = Node(prefix.rpartition("->")[2], callpath if prefix is name else Callpath.EMPTY)
            parent.add_child_node(node)
            nodes[prefix] = node
            parent = node
    return tree
