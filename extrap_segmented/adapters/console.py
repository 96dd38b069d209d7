"""Text for a terminal whose encoding cannot show every character (``PYTHONIOENCODING=ascii``, a
cp1252 console): the characters it cannot encode are degraded, the report is never lost.

The verdict table, the expectation sections and the warnings use a few symbols (δ, ², ✓, ≈, ✗, ⚠,
…, ≤, √); each has an ASCII spelling (``d``, ``^2``, ``+``, ``~``, ``x``, ``!``, ``...``, ``<=``,
``sqrt``). Any other character is written without its accents where that is ASCII (``é`` → ``e``),
else as ``?``. Characters the encoding has are never changed.
"""
from __future__ import annotations

import codecs
import sys
import unicodedata
from typing import Optional, TextIO

ERROR_HANDLER = "extrap_segmented_degrade"

ASCII_SPELLINGS = {
    "δ": "d", "Δ": "D", "²": "^2", "³": "^3", "¹": "^1", "⁰": "^0", "✓": "+", "≈": "~", "✗": "x", "⚠": "!",
    "…": "...", "—": "-", "–": "-", "·": "*", "√": "sqrt", "≤": "<=", "≥": ">=", "≠": "!=", "→": "->",
    "←": "<-", "×": "x", "±": "+/-", "µ": "u", "Θ": "Theta", "θ": "theta", "₂": "2", "⸍": "/", "’": "'",
    "‘": "'", "“": '"', "”": '"', "\u00a0": " ", "█": "#", "▏": "|", "▎": "|", "▍": "|", "▌": "|", "▋": "|",
    "▊": "|", "▉": "|",
}


def ascii_spelling(char: str) -> str:
    """An ASCII stand-in for one character (``?`` when there is none)."""
    spelled = ASCII_SPELLINGS.get(char)
    if spelled is not None:
        return spelled
    plain = "".join(c for c in unicodedata.normalize("NFKD", char) if c.isascii() and not unicodedata.combining(c))
    return plain or "?"


def _degrade(error: UnicodeError):
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(ascii_spelling(c) for c in error.object[error.start:error.end]), error.end


codecs.register_error(ERROR_HANDLER, _degrade)


def degrade(text: str, encoding: Optional[str]) -> str:
    """``text`` with the characters ``encoding`` cannot encode degraded (unchanged for UTF-8)."""
    if not encoding:
        return text
    try:
        text.encode(encoding)
        return text
    except UnicodeEncodeError:
        return text.encode(encoding, ERROR_HANDLER).decode(encoding)
    except LookupError:
        return text


def for_stream(text: str, stream: Optional[TextIO] = None) -> str:
    """``text`` as ``stream`` (default: standard output) can write it."""
    stream = sys.stdout if stream is None else stream
    return degrade(text, getattr(stream, "encoding", None))


def degrade_standard_streams() -> None:
    """Makes standard output and error degrade the characters their encoding cannot show, instead
    of failing (for this package's own commands, whose whole output is theirs)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and hasattr(stream, "reconfigure") and stream.errors in ("strict", "backslashreplace"):
            try:
                stream.reconfigure(errors=ERROR_HANDLER)
            except (ValueError, OSError):  # a stream that cannot be reconfigured stays as it is
                pass


def print_report(text: str) -> bool:
    """Prints ``text`` on standard output; False (and output silenced) when its reader went away
    (``| head``), which ends no command with a traceback."""
    try:
        print(text)
        sys.stdout.flush()
        return True
    except BrokenPipeError:
        silence_stdout()
        return False


def silence_stdout() -> None:
    """Points standard output at the null device, so that the interpreter's final flush into a
    closed pipe does not print a second error."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
