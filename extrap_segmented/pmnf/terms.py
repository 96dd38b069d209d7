"""PMNF single-parameter terms ``p^i * log2(p)^j`` as arrays of exponent pairs.

A term set is a float array of shape ``(K, 2)``: column 0 holds the polynomial exponent ``i``,
column 1 the logarithmic exponent ``j``. The order matters: the hypothesis search keeps the
first of equally good terms, exactly like Extra-P's sequential scan.
"""
import numpy as np

# Extra-P 4.2.5 `SingleParameterModeler.create_default_building_blocks(allow_log_terms=True)`,
# written as (numerator, denominator, log exponent). The adapter derives the terms from Extra-P's
# own building blocks at run time; this copy makes the core usable alone, and a test checks that
# both agree.
_DEFAULT_TRIPLES = (
    (0, 1, 1), (0, 1, 2), (1, 4, 0), (1, 3, 0), (1, 4, 1), (1, 3, 1), (1, 4, 2), (1, 3, 2),
    (1, 2, 0), (1, 2, 1), (1, 2, 2), (2, 3, 0), (3, 4, 0), (2, 3, 1), (3, 4, 1), (4, 5, 0),
    (2, 3, 2), (3, 4, 2), (1, 1, 0), (1, 1, 1), (1, 1, 2), (5, 4, 0), (5, 4, 1), (4, 3, 0),
    (4, 3, 1), (3, 2, 0), (3, 2, 1), (3, 2, 2), (5, 3, 0), (7, 4, 0), (2, 1, 0), (2, 1, 1),
    (2, 1, 2), (9, 4, 0), (7, 3, 0), (5, 2, 0), (5, 2, 1), (5, 2, 2), (8, 3, 0), (11, 4, 0),
    (3, 1, 0), (3, 1, 1),
)

DEFAULT_EXPONENTS = np.array([(a / b, c) for a, b, c in _DEFAULT_TRIPLES], dtype=float)
DEFAULT_EXPONENTS.setflags(write=False)


def default_exponents(allow_log_terms=True):
    """Returns Extra-P's default single-parameter search space.

    Args:
        allow_log_terms: False drops every term with a logarithm (Extra-P's
            ``allow_log_terms`` option); the order of the remaining terms is kept.

    Returns:
        Read-only float array of shape (K, 2): polynomial and logarithmic exponents.
    """
    if allow_log_terms:
        return DEFAULT_EXPONENTS
    result = DEFAULT_EXPONENTS[DEFAULT_EXPONENTS[:, 1] == 0]
    result.setflags(write=False)
    return result


def term_set(exponents=None):
    """The (K, 2) float array of a term set given as exponent pairs; None: Extra-P's default
    search space (:func:`default_exponents`)."""
    return default_exponents() if exponents is None else np.asarray(exponents, dtype=float)


def has_log(exponents):
    """Returns a bool array of shape (K,): True where a term contains a logarithm."""
    return np.asarray(exponents, dtype=float)[:, 1] != 0


def evaluate_terms(x, exponents):
    """Evaluates every term (coefficient 1) at every parameter value.

    Terms are evaluated as Extra-P does (``x ** i`` then ``* log2(x) ** j``, factors with a zero
    exponent omitted), so non-positive ``x`` yields NaN/inf where Extra-P would, without warnings.

    Args:
        x: parameter values, any shape ``s``.
        exponents: float array (K, 2).

    Returns:
        Array of shape ``(K,) + s``.
    """
    x = np.asarray(x, dtype=float)
    exponents = np.asarray(exponents, dtype=float)
    poly = exponents[:, 0].reshape((-1,) + (1,) * x.ndim)
    log = exponents[:, 1].reshape((-1,) + (1,) * x.ndim)
    with np.errstate(all="ignore"):
        values = np.where(poly != 0, x ** poly, 1.0)
        values = np.where(log != 0, values * np.log2(x) ** log, values)
    return values
