"""Every shell command that README.md and docs/*.md mark runnable runs as written.

The marker is an HTML comment (invisible on the rendered page) on the line(s) directly above a
fenced block of commands:

- ``<!-- runnable -->``: each command of the block runs and exits 0. Options after a colon:
  ``exit=N`` (the commands exit N: a failed check is exit 1), ``slow`` (the block takes more than
  ~3 s: marked ``slow``).
- ``<!-- not runnable: reason -->``: placeholders, network, benchmarks that take minutes, ... —
  the reason is required, and every block of commands carries one of the two, so a new command
  in the docs is either run here or says why not.

A block of commands is a ```bash/```sh/```console block, or a block whose first line starts
with ``$ `` or with one of this package's or Extra-P's commands. In a plain block every line is a
command (``\\`` continues it); in a ``$ `` block (console transcript) the lines after a command up
to the next ``$ `` are what the docs show it printing: each shown line must be printed (text
exactly, numbers within 1e-6: tests/approx_text.py), except elisions (lines with ``...`` and a
line that is just ``…``); ``$ echo $?`` gives the exit code the command before must have.

The commands run in a temporary directory holding a link to the repository's ``fixtures/``
(they read the committed fixtures and write their plots and saved files there), with the test
environment's ``bin`` first on ``PATH`` — as after the README's install.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from approx_text import text_mismatches

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
COMMAND_WORDS = {"extrap", "extrap-gui", "extrap-validate", "extrap-segmented", "python", "python3", "pip",
                 "git", ".venv/bin/python"}
FENCE = re.compile(r"^```(\w*)\s*$")
MARKER = re.compile(r"^<!--\s*(runnable|not runnable)\s*(?::\s*(.*?))?\s*-->$")
TIMEOUT = 120


@dataclass
class Command:
    text: str
    shown: list[str] = field(default_factory=list)  # output lines the docs show
    exit_code: int = 0


@dataclass
class Block:
    document: Path
    line: int
    commands: list[Command]
    runnable: bool | None  # None: no marker
    options: str

    @property
    def name(self) -> str:
        return f"{self.document.relative_to(ROOT)}:{self.line}"


def _is_command_block(language: str, lines: list[str]) -> bool:
    if language in ("bash", "sh", "console", "shell"):
        return True
    first = next((line.strip() for line in lines if line.strip() and not line.startswith("#")), "")
    words = first.split()
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):  # VAR=value command
        words = words[1:]
    return first.startswith("$ ") or bool(words and words[0] in COMMAND_WORDS)


def _logical_lines(lines: list[str]) -> list[str]:
    joined, current = [], ""
    for line in lines:
        current = f"{current} {line.strip()}" if current else line
        if current.endswith("\\"):
            current = current[:-1].rstrip()
            continue
        joined.append(current)
        current = ""
    return joined + ([current] if current else [])


def _commands(lines: list[str]) -> list[Command]:
    if not any(line.startswith("$ ") for line in lines):
        return [Command(line.strip()) for line in _logical_lines(lines)
                if line.strip() and not line.strip().startswith("#")]
    commands: list[Command] = []
    continued = False
    for line in lines:
        if line.startswith("$ ") or continued:
            text = line[2:] if line.startswith("$ ") and not continued else line.strip()
            continued = text.endswith("\\")
            text = text[:-1].rstrip() if continued else text
            if line.startswith("$ ") and not (commands and commands[-1].text.endswith(" ")):
                if text.strip() == "echo $?":
                    commands.append(Command("echo $?"))
                else:
                    commands.append(Command(text.split("  #")[0].strip() + (" " if continued else "")))
            else:
                commands[-1].text += text.strip() + (" " if continued else "")
            if not continued:
                commands[-1].text = commands[-1].text.strip()
        elif commands:
            commands[-1].shown.append(line)
    result = []
    for command in commands:  # `$ echo $?` shows the exit code of the command before it
        if command.text == "echo $?" and result:
            result[-1].exit_code = int(command.shown[0])
        else:
            result.append(command)
    return result


def command_blocks() -> list[Block]:
    blocks = []
    for document in DOCUMENTS:
        lines = document.read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            fence = FENCE.match(lines[i])
            if not fence:
                i += 1
                continue
            end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
            body = lines[i + 1:end]
            if _is_command_block(fence.group(1), body):
                runnable, options = None, ""
                j = i - 1
                while j >= 0 and lines[j].startswith("<!--"):
                    marker = MARKER.match(lines[j].strip())
                    if marker:
                        runnable, options = marker.group(1) == "runnable", marker.group(2) or ""
                    j -= 1
                blocks.append(Block(document, i + 1, _commands(body), runnable, options))
            i = end + 1
    return blocks


BLOCKS = command_blocks()
RUNNABLE = [b for b in BLOCKS if b.runnable]


def test_every_block_of_commands_is_marked_runnable_or_says_why_not():
    unmarked = [b.name for b in BLOCKS if b.runnable is None]
    assert not unmarked, "blocks of commands without <!-- runnable --> or <!-- not runnable: reason -->: " \
                         + ", ".join(unmarked)
    no_reason = [b.name for b in BLOCKS if b.runnable is False and not b.options]
    assert not no_reason, f"<!-- not runnable --> without a reason: {no_reason}"
    assert len(RUNNABLE) >= 10 and sum(len(b.commands) for b in RUNNABLE) >= 20


def test_the_parser_reads_commands_continuations_output_and_exit_codes():
    lines = ["$ tool --a \\", "      --b  # note", "out 1", "…", "$ echo $?", "1", "$ other"]
    commands = _commands(lines)
    assert [(c.text, c.shown, c.exit_code) for c in commands] == [
        ("tool --a --b  # note", ["out 1", "…"], 1), ("other", [], 0)]
    assert [c.text for c in _commands(["a \\", "  b", "# comment", "", "c"])] == ["a b", "c"]


def _shown_line_printed(shown: str, printed: list[str]) -> bool:
    return any(not text_mismatches(line.strip(), shown.strip(), rel=1e-6) for line in printed)


@pytest.fixture
def workdir(tmp_path) -> Path:
    (tmp_path / "fixtures").symlink_to(ROOT / "fixtures", target_is_directory=True)
    return tmp_path


def _params():
    for block in RUNNABLE:
        marks = [pytest.mark.slow] if "slow" in block.options.split() else []
        yield pytest.param(block, id=block.name, marks=marks)


@pytest.mark.parametrize("block", _params())
def test_runnable_commands_run_as_documented(block: Block, workdir: Path):
    exit_option = re.search(r"\bexit=(\d+)", block.options)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "EXTRAP_SEGMENTED_DISABLE")}
    env.update(PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
               QT_QPA_PLATFORM="offscreen", MPLBACKEND="Agg")
    for command in block.commands:
        expected = int(exit_option.group(1)) if exit_option else command.exit_code
        done = subprocess.run(["bash", "-c", command.text], cwd=workdir, env=env, capture_output=True,
                              text=True, timeout=TIMEOUT)
        assert done.returncode == expected, \
            f"{block.name}: `{command.text}` exited {done.returncode}, not {expected}:\n{done.stderr[-2000:]}"
        printed = (done.stdout + "\n" + done.stderr).splitlines()
        missing = [line for line in command.shown if line.strip() and "..." not in line and line.strip() != "…"
                   and not _shown_line_printed(line, printed)]
        assert not missing, f"{block.name}: `{command.text}` does not print what the docs show:\n" + "\n".join(missing)
