"""Big-O expectations such as ``O(p log p)``: parsing, function classes and deviation limits.

Every expectation and every candidate model term is a product

    2^(a·x) · x^b · log2(x)^c        (``ComplexityTerm(exp2=a, power=b, log=c)``)

of one parameter ``x``. Exponents are exact fractions, so ``p^(1/3)`` stays one third. The
paper's function classes are

* F1 = log^i x  (``exp2 == power == 0``; ``O(1)`` is F1 with i = 0),
* F2 = x^i      (``power != 0``, ``exp2 == 0``; ``p log p`` is F2 with i = 1),
* F3 = 2^(i·x)  (``exp2 != 0``; ``k^3 2^k`` is F3 with i = 1).

Asymptotic order is the lexicographic order of ``(exp2, power, log)``, which is what makes
comparisons with the deviation limits exact instead of numeric.

Range (checked while parsing, so that no text costs unbounded time or memory; an expectation,
deviation or bound outside it is an :class:`ExpectationSyntaxError` pointing at the place):

* at most :data:`MAX_TEXT_LENGTH` characters and :data:`MAX_NESTING` nested parentheses;
* every exponent, also of a part of the expression (``p^a``, ``log^c p``, ``2^(a·p)``),
  within ±:data:`MAX_EXPONENT` and a multiple of at most 1/:data:`MAX_DENOMINATOR`;
* every number at most 1e308 in magnitude, with a decimal exponent within ±400 as written;
* the expectation is not zero (``O(0)``): a cost that does not grow is ``O(1)``.
"""
from __future__ import annotations

import functools

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

import numpy as np

from extrap_segmented.exceptions import ExpectationSyntaxError, InvalidInputError

CLASS_NAMES = ("F1", "F2", "F3")

MAX_TEXT_LENGTH = 1000
MAX_NESTING = 50
MAX_EXPONENT = 64
MAX_DENOMINATOR = 10_000
_MAX_NUMBER = Fraction(10) ** 308
_MIN_NUMBER = 1 / _MAX_NUMBER
_NUMBER_RANGE = "magnitudes from 1e-308 to 1e308"
_FIELDS = ("log", "power", "exp2")  # component of class F1, F2, F3


def _fraction(value) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, float):
        return Fraction(value).limit_denominator(10_000)
    return Fraction(value)


def format_exponent(value: Fraction) -> str:
    """Exponent as the paper writes it: exact decimals (``1.25``), else two decimals (``0.67``)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    denominator = value.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator == 1:
        return format(float(value), "g")
    return f"{float(value):.2f}"


def _exact_exponent(value: Fraction) -> str:
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"({value.numerator}/{value.denominator})"


@dataclass(frozen=True)
class ComplexityTerm:
    """The term ``2^(exp2·x) · x^power · log2(x)^log`` of one parameter (no coefficient).

    Terms compare by asymptotic growth (``<``, ``<=``), multiply, divide and raise to
    rational powers exactly. ``ComplexityTerm()`` is the constant 1.
    """

    exp2: Fraction = Fraction(0)
    power: Fraction = Fraction(0)
    log: Fraction = Fraction(0)

    def __post_init__(self):
        for name in ("exp2", "power", "log"):
            object.__setattr__(self, name, _fraction(getattr(self, name)))

    # -- algebra ----------------------------------------------------------------------------
    @property
    def key(self) -> tuple:
        """``(exp2, power, log)``: sorting by it sorts by asymptotic growth."""
        return (self.exp2, self.power, self.log)

    def __lt__(self, other):
        return self.key < other.key

    def __le__(self, other):
        return self.key <= other.key

    def __gt__(self, other):
        return self.key > other.key

    def __ge__(self, other):
        return self.key >= other.key

    def __mul__(self, other: "ComplexityTerm") -> "ComplexityTerm":
        return ComplexityTerm(self.exp2 + other.exp2, self.power + other.power, self.log + other.log)

    def __truediv__(self, other: "ComplexityTerm") -> "ComplexityTerm":
        return ComplexityTerm(self.exp2 - other.exp2, self.power - other.power, self.log - other.log)

    def __pow__(self, exponent) -> "ComplexityTerm":
        e = _fraction(exponent)
        return ComplexityTerm(self.exp2 * e, self.power * e, self.log * e)

    def __repr__(self):
        return f"ComplexityTerm({self.format('x', exact=True)!r})"

    @property
    def is_constant(self) -> bool:
        """True for the constant term 1."""
        return self.key == (0, 0, 0)

    @property
    def has_log(self) -> bool:
        """True when the term has a logarithm factor."""
        return self.log != 0

    # -- classes ----------------------------------------------------------------------------
    @property
    def function_class(self) -> int:
        """1, 2 or 3 for F1, F2, F3: the highest class with a non-zero exponent (1 for O(1))."""
        if self.exp2 != 0:
            return 3
        if self.power != 0:
            return 2
        return 1

    @property
    def class_name(self) -> str:
        """Name of the term's function class (e.g. ``polynomial``)."""
        return CLASS_NAMES[self.function_class - 1]

    def exponent_in_class(self, function_class: int) -> Fraction:
        """Exponent of the class-``function_class`` factor (F1: log, F2: power, F3: exp2)."""
        return getattr(self, _FIELDS[function_class - 1])

    @property
    def leading_exponent(self) -> Fraction:
        """Exponent of the factor that decides the class (the paper's ``i_k``)."""
        return self.exponent_in_class(self.function_class)

    @staticmethod
    def of_class(function_class: int, exponent) -> "ComplexityTerm":
        """The pure class term: ``log^e x`` (1), ``x^e`` (2) or ``2^(e·x)`` (3)."""
        return ComplexityTerm(**{_FIELDS[function_class - 1]: _fraction(exponent)})

    # -- numbers ----------------------------------------------------------------------------
    def evaluate(self, x) -> np.ndarray:
        """Values at ``x`` (array, > 0; >= 1 when the term has a log factor).

        ``log`` is the binary logarithm, as in Extra-P.
        """
        x = np.asarray(x, dtype=float)
        result = np.ones_like(x)
        if self.exp2 != 0:
            result = result * np.exp2(float(self.exp2) * x)
        if self.power != 0:
            result = result * x ** float(self.power)
        if self.log != 0:
            result = result * np.log2(x) ** float(self.log)
        return result

    # -- text -------------------------------------------------------------------------------
    def _factors(self, variable: str, exact: bool) -> tuple[list[str], list[str]]:
        fmt = _exact_exponent if exact else format_exponent
        numerator, denominator = [], []

        def put(exponent, one, many):
            if exponent == 0:
                return
            target = numerator if exponent > 0 else denominator
            magnitude = abs(exponent)
            target.append(one if magnitude == 1 else many(fmt(magnitude)))

        put(self.power, variable, lambda e: f"{variable}^{e}")
        put(self.exp2, f"2^{variable}",
            lambda e: f"2^({e}*{variable})" if exact else f"2^({e}{variable})")
        put(self.log, f"log {variable}", lambda e: f"log^{e} {variable}")
        return numerator, denominator

    def format(self, variable: str = "p", *, exact: bool = False) -> str:
        """The term without ``O(...)``, e.g. ``p^0.5 / log p`` or ``k^3 2^k`` (cached: reports of
        thousands of functions format the same few terms).

        Args:
            variable: name of the parameter.
            exact: write fractional exponents exactly (``p^(1/3)``) so that
                :func:`parse_expectation` returns the same term; otherwise use the paper's style
                (``p^0.33``).
        """
        return _format_term(self, variable, exact)

    def _format(self, variable: str, exact: bool) -> str:
        numerator, denominator = self._factors(variable, exact)
        top = " ".join(numerator) if numerator else "1"
        if not denominator:
            return top
        bottom = denominator[0] if len(denominator) == 1 else "(" + " ".join(denominator) + ")"
        return f"{top} / {bottom}"

    def big_o(self, variable: str = "p") -> str:
        """``O(...)`` form in the paper's style, e.g. ``O(p^0.5 / log p)``."""
        return f"O({self.format(variable)})"


ONE = ComplexityTerm()


@functools.lru_cache(maxsize=4096)
def _format_term(term: ComplexityTerm, variable: str, exact: bool) -> str:
    return term._format(variable, exact)


# --------------------------------------------------------------------------------------------
# Parser
# --------------------------------------------------------------------------------------------
_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<ident>[^\W\d][\w.]*)
  | (?P<quoted>"[^"\n]+"|'[^'\n]+')
  | (?P<op>\*\*|[()*/^+\-·√,])
""", re.VERBOSE)
_PLAIN_NAME = re.compile(r"[^\W\d][\w.]*")


def parameter_text(name: str) -> str:
    """A parameter name as an expectation writes it: as it is (``p``, ``mpi.world.size``), or in
    quotes where it holds other characters (``"my-p"``)."""
    if _PLAIN_NAME.fullmatch(name) and name not in _LOG_NAMES | _SQRT_NAMES | {"O", "Θ"}:
        return name
    return f'"{name}"' if '"' not in name else f"'{name}'"

def written_in(text: str, parameter: str) -> str:
    """Expectation ``text`` written in ``parameter`` instead of its own variable (for messages:
    ``O(log p)`` on data over ``jobsize`` -> ``O(log jobsize)``)."""
    term = parse_expectation(text, allow_decreasing=True).term
    return f"O({term.format(parameter_text(parameter), exact=True)})"


_LOG_NAMES = {"log", "log2", "ln", "lg", "ld", "log10"}
_SQRT_NAMES = {"sqrt", "√"}


@dataclass
class _Token:
    kind: str
    text: str
    pos: int


@dataclass
class _Value:
    """A parsed sub-expression: ``coefficient · term`` (coefficients only matter inside 2^(…))."""

    coefficient: float
    term: ComplexityTerm
    pos: int

    @property
    def is_number(self) -> bool:
        return self.term.is_constant


def _tokenize(text: str) -> list[_Token]:
    tokens, pos, depth = [], 0, 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            raise _error(text, pos, f"unexpected character {text[pos]!r}")
        kind = match.lastgroup
        if kind == "quoted":  # a parameter whose name is no plain identifier: "my-p"
            tokens.append(_Token("name", match.group()[1:-1], pos))
        elif kind != "space":
            value = match.group()
            if value == "(":
                depth += 1
                if depth > MAX_NESTING:
                    raise _error(text, pos, f"more than {MAX_NESTING} nested parentheses")
            elif value == ")":
                depth -= 1
            tokens.append(_Token("op" if kind == "op" else kind, "^" if value == "**" else
                                 "*" if value == "·" else value, pos))
        pos = match.end()
    tokens.append(_Token("end", "", len(text)))
    return tokens


_NUMBER = re.compile(r"(?P<mantissa>[\d.]+)(?:[eE](?P<exponent>[+-]?\d+))?")


def _number(text: str, token: "_Token") -> Fraction:
    """The exact value of a number token; its written decimal exponent is checked first, so that
    ``1e99999999`` costs nothing."""
    match = _NUMBER.fullmatch(token.text)
    exponent = match.group("exponent")
    shown = token.text if len(token.text) <= 24 else token.text[:20] + f"… ({len(token.text)} characters)"
    if exponent is not None and (len(exponent.lstrip("+-")) > 4 or abs(int(exponent)) > 400):
        raise _error(text, token.pos, f"number {shown} is out of range ({_NUMBER_RANGE})")
    value = Fraction(token.text)
    if value and not _MIN_NUMBER <= abs(value) <= _MAX_NUMBER:
        raise _error(text, token.pos, f"number {shown} is out of range ({_NUMBER_RANGE})")
    return value


def _error(text: str, pos: int, message: str) -> ExpectationSyntaxError:
    shown, caret = text, pos
    if len(text) > 120:  # a window around the place, not a page of text
        start = max(0, min(pos - 60, len(text) - 120))
        shown = ("…" if start else "") + text[start:start + 120] + ("…" if start + 120 < len(text) else "")
        caret = pos - start + (1 if start else 0)
    quoted = repr(text) if len(text) <= 120 else f"{text[:40]!r}… ({len(text)} characters)"
    error = ExpectationSyntaxError(
        f"cannot parse expectation {quoted}: {message} (at character {pos + 1})\n"
        f"  {shown}\n  {' ' * caret}^")
    error.text, error.position = text, pos
    return error


def _range_problem(exponent: Fraction) -> Optional[str]:
    """Why ``exponent`` is outside the documented range, or None."""
    if abs(exponent) <= MAX_EXPONENT and exponent.denominator <= MAX_DENOMINATOR:
        return None
    if max(abs(exponent.numerator), exponent.denominator) < 10 ** 12:
        shown = str(exponent)
    else:
        try:
            shown = format(float(exponent), ".6g")
        except OverflowError:
            shown = "beyond 1e308"
    if abs(exponent) > MAX_EXPONENT:
        return f"exponent {shown} is out of range (exponents must lie within ±{MAX_EXPONENT})"
    return (f"exponent {shown} is finer than 1/{MAX_DENOMINATOR:,} (exponents must be multiples of at "
            f"most 1/{MAX_DENOMINATOR:,})")


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens = _tokenize(text)
        self.index = 0
        self.variable: Optional[str] = None
        self.variable_pos = 0

    # token helpers
    @property
    def current(self) -> _Token:
        return self.tokens[self.index]

    def advance(self) -> _Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def at(self, text: str) -> bool:
        return self.current.kind == "op" and self.current.text == text

    def expect(self, text: str, after: str) -> _Token:
        if not self.at(text):
            raise self.fail(f"expected {text!r} {after}")
        return self.advance()

    def fail(self, message: str, pos: Optional[int] = None) -> ExpectationSyntaxError:
        token = self.current
        if pos is None:
            pos = token.pos
            found = "the end" if token.kind == "end" else repr(token.text)
            message = f"{message}, found {found}"
        return _error(self.text, pos, message)

    def checked(self, value: _Value) -> _Value:
        """``value`` if its exponents and coefficient are within the documented range."""
        for exponent in value.term.key:
            problem = _range_problem(exponent)
            if problem:
                raise _error(self.text, value.pos, problem)
        coefficient = value.coefficient
        if (isinstance(coefficient, float) and not math.isfinite(coefficient)) or (
                coefficient and not _MIN_NUMBER <= abs(coefficient) <= _MAX_NUMBER):
            raise _error(self.text, value.pos, f"a number in this part is out of range ({_NUMBER_RANGE})")
        return value

    # grammar
    def parse(self) -> _Value:
        if self.current.kind == "end":
            raise self.fail("empty expectation")
        wrapped = (self.current.kind == "ident" and self.current.text in ("O", "Θ")
                   and self.tokens[self.index + 1].text == "(")
        if wrapped:
            self.advance()
            self.advance()
        value = self.sum()
        if wrapped:
            self.expect(")", "to close 'O('")
        if self.current.kind != "end":
            raise self.fail("expected the end of the expectation")
        return value

    def sum(self) -> _Value:
        start = self.current.pos
        value = None  # the leading addend; addends that are exactly zero contribute nothing
        while True:
            other = self.product()
            if other.coefficient != 0:
                if value is None or other.term > value.term:
                    value = other
                elif other.term == value.term:
                    value = self.checked(_Value(value.coefficient + other.coefficient, value.term, value.pos))
            if self.at("-"):
                raise self.fail("subtraction has no meaning in big-O notation; keep the leading term",
                                pos=self.current.pos)
            if not self.at("+"):
                break
            self.advance()
        if value is None or value.coefficient == 0:
            raise _error(self.text, start, "the expression is zero; a cost that does not grow is O(1)")
        return value

    def _starts_factor(self) -> bool:
        token = self.current
        return token.kind in ("number", "ident", "name") or (token.kind == "op" and token.text in ("(", "√"))

    def product(self) -> _Value:
        value = self.power()
        while True:
            if self.at("*"):
                self.advance()
                value = self._multiply(value, self.power())
            elif self.at("/"):
                slash = self.advance()
                divisor = self.power()
                if divisor.is_number and divisor.coefficient == 0:
                    raise _error(self.text, slash.pos, "division by zero")
                value = self.checked(_Value(value.coefficient / divisor.coefficient, value.term / divisor.term,
                                            value.pos))
            elif self._starts_factor():  # juxtaposition: "p log p"
                value = self._multiply(value, self.power())
            else:
                return value

    def _multiply(self, a: _Value, b: _Value) -> _Value:
        return self.checked(_Value(a.coefficient * b.coefficient, a.term * b.term, a.pos))

    def power(self) -> _Value:
        base = self.atom()
        if not self.at("^"):
            return base
        caret = self.advance()
        negative = False
        if self.at("-"):
            self.advance()
            negative = True
        if not self._starts_factor():
            raise self.fail("expected an exponent after '^'")
        exponent = self.atom()
        if negative:
            exponent = _Value(-exponent.coefficient, exponent.term, exponent.pos)
        return self._raise(base, exponent, caret)

    def _raise(self, base: _Value, exponent: _Value, caret: _Token) -> _Value:
        if exponent.is_number:
            e = _fraction(exponent.coefficient)
            problem = _range_problem(e)
            if problem:
                raise _error(self.text, exponent.pos, problem)
            try:
                if base.is_number:
                    return self.checked(_Value(base.coefficient ** float(e), ComplexityTerm(), base.pos))
                return self.checked(_Value(abs(base.coefficient) ** float(e), base.term ** e, base.pos))
            except (OverflowError, ZeroDivisionError):
                raise _error(self.text, base.pos, f"a number in this power is out of range ({_NUMBER_RANGE})") from None
        # b^(c·x): an exponential of the variable
        if not base.is_number:
            raise _error(self.text, exponent.pos,
                         "an exponent may contain the parameter only when the base is a number "
                         "(write 2^k, not k^k)")
        if exponent.term != ComplexityTerm(power=1):
            raise _error(self.text, exponent.pos,
                         "the exponent of an exponential must be a multiple of the parameter "
                         "(e.g. 2^k or 2^(k/2))")
        if base.coefficient <= 1:
            raise _error(self.text, base.pos, "the base of an exponential must be greater than 1")
        rate = _fraction(exponent.coefficient) * _fraction(math.log2(base.coefficient))
        return self.checked(_Value(1.0, ComplexityTerm(exp2=rate), base.pos))

    def atom(self) -> _Value:
        token = self.current
        if token.kind == "number":
            self.advance()
            return _Value(_number(self.text, token), ComplexityTerm(), token.pos)
        if token.kind == "op" and token.text == "(":
            self.advance()
            value = self.sum()
            self.expect(")", "to close '('")
            return _Value(value.coefficient, value.term, token.pos)
        if token.kind == "op" and token.text == "√":
            self.advance()
            return self._sqrt(token)
        if token.kind == "name":  # a quoted parameter name
            self.advance()
            self._use_variable(token)
            return _Value(Fraction(1), ComplexityTerm(power=1), token.pos)
        if token.kind == "ident":
            name = token.text
            if name in _LOG_NAMES:
                self.advance()
                return self._log(token)
            if name in _SQRT_NAMES:
                self.advance()
                return self._sqrt(token)
            if self.tokens[self.index + 1].text == "(" and self.tokens[self.index + 1].kind == "op":
                raise self.fail(f"unknown function {name!r}; use log, sqrt or a power",
                                pos=token.pos)
            self.advance()
            self._use_variable(token)
            return _Value(Fraction(1), ComplexityTerm(power=1), token.pos)
        raise self.fail("expected a number, a parameter name, log, sqrt or '('")

    def _use_variable(self, token: _Token) -> None:
        if self.variable is None:
            self.variable, self.variable_pos = token.text, token.pos
        elif self.variable != token.text:
            raise _error(self.text, token.pos,
                         f"a second parameter {token.text!r} (the first is {self.variable!r}); "
                         "expectations are single-parameter, validate each parameter separately")

    def _operand(self, function: _Token) -> _Value:
        if self.at("("):
            return self.atom()
        if self.current.kind == "name" or (self.current.kind in ("ident", "number")
                                            and self.current.text not in _LOG_NAMES | _SQRT_NAMES):
            name = self.current.text
            operand = self.atom()
            if self.at("^"):
                f = function.text
                raise self.fail(f"ambiguous power after '{f} {name}'; write {f}({name})^e or "
                                f"{f}^e {name} for a power of the logarithm, {f}({name}^e) for the "
                                f"logarithm of a power", pos=self.current.pos)
            return operand
        raise self.fail(f"expected a parameter name or '(' after {function.text!r}")

    def _log(self, function: _Token) -> _Value:
        exponent = Fraction(1)
        if self.at("^"):  # log^2 p
            self.advance()
            negative = self.at("-")
            if negative:
                self.advance()
            if self.current.kind == "number" or self.at("("):
                value = self.atom()
                if not value.is_number:
                    raise _error(self.text, value.pos, "the power of a logarithm must be a number")
                exponent = _fraction(value.coefficient) * (-1 if negative else 1)
                problem = _range_problem(exponent)
                if problem:
                    raise _error(self.text, value.pos, problem)
            else:
                raise self.fail(f"expected a number after '{function.text}^'")
        operand = self._operand(function)
        term = operand.term
        if term.is_constant:
            return _Value(Fraction(1), ComplexityTerm(), function.pos)  # log of a constant
        if term.exp2 > 0:  # log 2^(a x) = a x
            inner = ComplexityTerm(power=1)
        elif term.power > 0:  # log x^b = b log x; lower factors vanish
            inner = ComplexityTerm(log=1)
        elif term.log > 0 and term.power == 0:  # log log x: below F1, not representable
            raise _error(self.text, function.pos, "log log terms are not supported")
        else:
            raise _error(self.text, function.pos,
                         "the logarithm of a shrinking term has no asymptotic meaning here")
        return self.checked(_Value(Fraction(1), inner ** exponent, function.pos))

    def _sqrt(self, function: _Token) -> _Value:
        operand = self._operand(function)
        return self.checked(_Value(abs(operand.coefficient) ** 0.5, operand.term ** Fraction(1, 2), function.pos))


@dataclass(frozen=True)
class Expectation:
    """A parsed expectation: its leading-order term and the parameter it is written in.

    Attributes:
        text: what the user wrote.
        term: the leading-order term (coefficients dropped).
        variable: parameter name used in the text (``None`` for ``O(1)``).
    """

    text: str
    term: ComplexityTerm
    variable: Optional[str]

    @property
    def function_class(self) -> int:
        """Function class of the expected term (see :data:`CLASS_NAMES`)."""
        return self.term.function_class

    def big_o(self, variable: Optional[str] = None) -> str:
        """The expectation as ``O(...)`` in ``variable`` (default: its own variable, else ``p``)."""
        return self.term.big_o(variable or self.variable or "p")

    def __str__(self):
        return self.big_o()


def parse_expectation(text: str, *, allow_decreasing: bool = False) -> Expectation:
    """Parses ``O(p log p)``, ``O(p^1.5)``, ``O(sqrt(p) * log(p)^2)``, ``O(k^3 * 2^k)``, ...

    Products may be written with ``*``, ``·`` or a space; ``log`` is ``log2`` (base does not
    matter in big-O); ``log^2 p`` and ``log(p)^2`` are the squared logarithm; ``2^(k/2)`` and
    ``4^k`` are exponentials; sums keep their leading term. ``O(...)`` around the term is
    optional.

    Args:
        text: the expectation.
        allow_decreasing: accept terms that shrink (``O(1/p)``); validation needs growing ones.

    Returns:
        The :class:`Expectation`.

    Raises:
        ExpectationSyntaxError: the text is not an expectation, or outside the range in the
            module docstring; the message repeats the text with a caret under the offending
            character (``error.position`` is its index).
    """
    if not isinstance(text, str):
        raise ExpectationSyntaxError(f"an expectation must be a string such as 'O(p log p)', got {text!r:.80}")
    if len(text) > MAX_TEXT_LENGTH:
        raise _error(text, MAX_TEXT_LENGTH, f"longer than {MAX_TEXT_LENGTH} characters ({len(text):,})")
    parser = _Parser(text)
    value = parser.parse()
    if value.coefficient is not None and float(value.coefficient) < 0:
        raise _error(text, value.pos, "a negative leading term cannot describe a cost")
    if not allow_decreasing and value.term < ONE:
        raise _error(text, value.pos,
                     f"{value.term.big_o(parser.variable or 'p')} shrinks as the parameter grows; "
                     "only non-decreasing expectations can be validated")
    return Expectation(text=text, term=value.term, variable=parser.variable)


def as_term(value, *, what: str = "term") -> ComplexityTerm:
    """A :class:`ComplexityTerm` from a term, an :class:`Expectation` or a string ``"p^0.5"``."""
    if isinstance(value, ComplexityTerm):
        return value
    if isinstance(value, Expectation):
        return value.term
    if isinstance(value, str):
        return parse_expectation(value, allow_decreasing=True).term
    raise InvalidInputError(f"{what} must be a string such as 'sqrt(p)' or a ComplexityTerm, got {value!r}")


# --------------------------------------------------------------------------------------------
# Deviation limits
# --------------------------------------------------------------------------------------------
def default_deviation(term: ComplexityTerm) -> ComplexityTerm:
    """The paper's default deviation D: half the leading exponent within the class of ``term``.

    E = p gives D = p^0.5, E = log p gives log^0.5 p, E = k^3 2^k gives 2^(k/2). ``O(1)``
    (F1 with exponent 0) would get no tolerance at all, so it gets ``log x``, the smallest
    whole step of F1.
    """
    if term.is_constant:
        return ComplexityTerm(log=1)
    k = term.function_class
    return ComplexityTerm.of_class(k, term.leading_exponent / 2)


def default_upper_bound(term: ComplexityTerm) -> ComplexityTerm:
    """Default upper search-space bound B_u = E²; for ``O(1)`` it is ``x`` so that growth shows."""
    if term.is_constant:
        return ComplexityTerm(power=1)
    return term ** 2


@dataclass(frozen=True)
class DeviationLimits:
    """Lower limit E/D and upper limit E·D (inclusive)."""

    expectation: ComplexityTerm
    deviation: ComplexityTerm

    @property
    def lower(self) -> ComplexityTerm:
        """Lower limit E/D."""
        return self.expectation / self.deviation

    @property
    def upper(self) -> ComplexityTerm:
        """Upper limit E·D."""
        return self.expectation * self.deviation

    def contains(self, term: ComplexityTerm) -> bool:
        """True when E/D <= ``term`` <= E·D (limits inclusive)."""
        return self.lower <= term <= self.upper


def deviation_limits(expectation, deviation=None) -> DeviationLimits:
    """Deviation limits of ``expectation`` with the given or the default deviation.

    Raises:
        InvalidInputError: the deviation does not grow (D must be > O(1)).
    """
    term = as_term(expectation, what="expectation")
    d = default_deviation(term) if deviation is None else as_term(deviation, what="deviation")
    if d <= ONE:
        raise InvalidInputError(f"deviation {d.big_o()} must grow with the parameter (e.g. 'sqrt(p)')")
    return DeviationLimits(term, d)
