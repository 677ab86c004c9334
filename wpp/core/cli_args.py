"""What every ``python -m wpp`` command line shares: a parser whose errors are one line and
exit status 2, and argument types that refuse a bad value up front, before any game is
played — each names the argument and the value.

>>> positive_int("3"), probability("0.9"), seed_arg("7")
(3, 0.9, 7)
>>> seed_arg("-1")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be a whole number from 0 to 2**63 - 1, not -1
>>> positive_int("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be a whole number of at least 1, not '0'
>>> rule_flag("turn_limit=40"), rule_flag("wraps=false"), rule_flag("hand_limit=none")
(('turn_limit', 40), ('wraps', False), ('hand_limit', None))
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, NoReturn

from wpp.core.checks import check_seed
from wpp.core.errors import WppError

__all__ = ["MAX_WORKERS", "KitParser", "add_run_flags", "out_path", "positive_int",
           "probability", "rule_flag", "scheduler_address", "seed_arg", "whole_number",
           "worker_count"]


class KitParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose error is one line on stderr and exit status 2 (the usage
    is one ``--help`` away), for every subcommand too."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        sys.exit(2)


def positive_int(text: str) -> int:
    """A whole number ≥ 1 (games, workers, chunk sizes)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1 or str(value) != text.strip().lstrip("+"):
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text!r}")
    return value


#: The most worker processes a command starts (more than a big machine's cores only costs
#: memory; a number past it was an OverflowError or a fork of that many processes).
MAX_WORKERS = 256


def worker_count(text: str) -> int:
    """Worker processes: a whole number from 1 to :data:`MAX_WORKERS`.

    >>> worker_count("2")
    2
    """
    return whole_number(1, MAX_WORKERS)(text)


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high`` (a budget's stated bounds).

    >>> whole_number(1, 10)("10")
    10
    """
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low:,} to "
                                             f"{high:,}, not {text!r:.40}")
        return value

    return parse


def seed_arg(text: str) -> int:
    """A seed: a whole number from 0 to 2**63 - 1 (the kit's one rule for seeds,
    :func:`wpp.core.checks.check_seed`)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number from 0 to 2**63 - 1, not "
                                         f"{text!r:.40}") from None
    try:
        return check_seed(value, "it")
    except WppError as err:
        raise argparse.ArgumentTypeError(f"{str(err).removeprefix('it ')}") from None


def probability(text: str) -> float:
    """A number strictly between 0 and 1 (a confidence level)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < 1:  # NaN fails too
        raise argparse.ArgumentTypeError(f"must be a number between 0 and 1, not {text!r}")
    return value


def out_path(text: str) -> str:
    """A file to write, checked now — before any game is played, not after every game when
    the results would be lost: not empty, not a folder, in a folder that exists and this
    process may write in, and, if the file exists, a plain file it may write (tried, not
    guessed from mode bits: they do not bind root, and a read-only disk ignores them).
    Nothing is left behind by the check."""
    if not text.strip():
        raise argparse.ArgumentTypeError("a file to write is needed, not ''")
    path = Path(text).expanduser()
    folder = path.parent
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r:.80} is a folder, not a file")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {str(folder)!r:.80} does not exist")
    try:
        if path.exists():
            if not path.is_file():
                raise argparse.ArgumentTypeError(f"{text!r:.80} is not a plain file")
            os.close(os.open(path, os.O_WRONLY | os.O_APPEND))  # appends nothing
        else:
            with tempfile.TemporaryFile(dir=folder):  # removed when closed
                pass
    except OSError as err:
        raise argparse.ArgumentTypeError(
            f"cannot write {text!r:.80}: {err.strerror or err}") from None
    return text


#: A Dask scheduler's address: ``[protocol://]host:port`` (an IPv6 host in brackets).
_ADDRESS: Final = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx)://)?"
                             r"(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):([0-9]{1,5})")


def scheduler_address(text: str) -> str:
    """A Dask scheduler's address, ``[tcp://]host:port`` (checked now: a bad one used to be
    Dask's ``ValueError`` traceback).

    >>> scheduler_address("tcp://10.0.0.5:8786")
    'tcp://10.0.0.5:8786'
    """
    match = _ADDRESS.fullmatch(text.strip())
    if match is None or not 1 <= int(match.group(1)) <= 65535:
        raise argparse.ArgumentTypeError(f"a scheduler's address is [tcp://]host:port, like "
                                         f"tcp://10.0.0.5:8786, not {text!r:.60}")
    return text.strip()


def rule_flag(text: str) -> tuple[str, Any]:
    """``name=value`` for a game's rule flag: true/false, none, whole numbers and other
    numbers are read as such, anything else stays text; the game checks the flag."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip().isidentifier():
        raise argparse.ArgumentTypeError(f"a rule is written name=value, not {text!r}")
    word = raw.strip()
    value: Any
    if word.lower() in ("true", "yes", "on"):
        value = True
    elif word.lower() in ("false", "no", "off"):
        value = False
    elif word.lower() == "none":
        value = None
    else:
        try:
            value = int(word)
        except ValueError:
            try:
                value = float(word)
            except ValueError:
                value = word
    return name.strip(), value


def add_run_flags(p: argparse.ArgumentParser) -> None:
    """The flags of every tournament command: where its games run (``--workers``,
    ``--scheduler``, ``--chunk-size``), where its tables go (``--out``) and
    ``--no-progress``."""
    p.add_argument("--workers", type=worker_count, default=1,
                   help=f"local worker processes (default 1: in this process; at most "
                        f"{MAX_WORKERS})")
    p.add_argument("--scheduler", type=scheduler_address, default=None, metavar="ADDRESS",
                   help="a Dask scheduler, e.g. tcp://host:8786 (instead of local workers)")
    p.add_argument("--chunk-size", type=positive_int, default=None,
                   help="games per task (default: about 8 tasks per worker, at most 50)")
    p.add_argument("--out", type=out_path, default=None, metavar="PATH",
                   help="save the games table (.parquet or .csv) and, beside it, the "
                   "decisions table (PATH with .decisions before the extension)")
    p.add_argument("--no-progress", dest="progress", action="store_false",
                   help="no progress bar")
