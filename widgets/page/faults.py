"""No traceback reaches a page: a widget callback that fails shows the kit's short error panel
with a reference, and its traceback goes to the server's log only.

The hook. ipywidgets catches an exception of a widget callback (a click's
``CallbackDispatcher``, a value sent from the browser through ``Widget._handle_msg``) and
calls ``get_ipython().showtraceback()``; IPython formats it and hands it to the shell's
``_showtraceback(etype, evalue, stb)``, which ipykernel implements by publishing an ``error``
message on iopub — the whole traceback, server paths included, in a websocket frame, whatever
Voilà's ``show_tracebacks`` says (that setting covers the notebook's cells, not callbacks).
``set_custom_exc`` does not help: IPython consults it only while running a cell. So
:func:`install_fault_panel` replaces ``_showtraceback`` on the shell instance, once per
kernel: while a widget message is handled (the shell's parent message is not an
``execute_request``) and a page is alive, the traceback is written to the kernel's own
stderr — its original file descriptor, which Voilà's log receives; ipykernel forwards fd 2
itself to the browser, so not that — and every live page shows its panel, "Something went
wrong (reference 1a2b3c)". A cell's own error (running the notebook) keeps IPython's
behaviour. Warnings raised while a widget message is handled (``warnings.showwarning``, which
writes to the stderr the browser gets) go to the server's log the same way. The page's own
timers run their work inside :func:`guard`, which does the same.

>>> class Page:                       # anything with a ``root`` VBox and a ``dock`` VBox
...     import ipywidgets as w
...     root, dock = w.VBox([]), w.VBox([])
>>> page = Page()
>>> panel = install_fault_panel(page, shell=None)
>>> with guard(page, log=lambda text: None):
...     raise OverflowError("cannot convert float infinity to integer")
>>> panel is page.dock.children[-1]
True
>>> "Something went wrong" in panel.value, "Traceback" in panel.value, "infinity" in panel.value
(True, False, False)
"""

from __future__ import annotations

import os
import secrets
import sys
import traceback
import warnings
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import escape
from typing import Any

import ipywidgets as w

__all__ = ["fault_text", "guard", "install_fault_panel", "install_hook", "report", "server_log"]

_PAGES: weakref.WeakSet[Any] = weakref.WeakSet()
_PANELS: weakref.WeakKeyDictionary[Any, w.HTML] = weakref.WeakKeyDictionary()


def fault_text(ref: str) -> str:
    """The panel's words (no detail of the fault: that is in the server's log)."""
    return (f'<div class="wpp-fault" role="alert"><b>Something went wrong on this page</b> '
            f"(reference <code>{escape(ref)}</code>). What you did was not done; the game "
            "is as it was. Try again, or reload the page (it keeps the game).</div>")


def server_log(text: str) -> None:
    """Write ``text`` to the server's log only: in a kernel, to its original stderr (the
    file descriptor ipykernel copied before piping fd 2 to the browser); elsewhere, to
    ``sys.__stderr__``."""
    data = text if text.endswith("\n") else text + "\n"
    fd = getattr(sys.stderr, "_original_stdstream_copy", None)
    try:
        if isinstance(fd, int):
            os.write(fd, data.encode("utf-8", errors="replace"))
            return
        stream = sys.__stderr__
        if stream is not None:
            stream.write(data)
            stream.flush()
    except (OSError, ValueError):  # no log to write to: nothing else may see it
        pass


def report(lines: str, *, log: Callable[[str], None] | None = None) -> str:
    """Log ``lines`` (a traceback) with a fresh reference (``log``: :func:`server_log` by
    default) and show every live page's panel; the reference."""
    ref = secrets.token_hex(3)
    (log or server_log)(f"[wpp page fault {ref}]\n{lines}")
    for page in list(_PAGES):
        panel = _PANELS.get(page)
        if panel is not None:
            panel.value = fault_text(ref)
            panel.layout.display = ""
    return ref


@contextmanager
def guard(page: Any, *, log: Callable[[str], None] | None = None) -> Iterator[None]:
    """Run the block; an exception is reported (:func:`report`) instead of raised — for the
    page's own timers, which no ipywidgets dispatcher wraps."""
    try:
        yield
    except Exception:
        _PAGES.add(page)
        report(traceback.format_exc(), log=log)


def _strip_ansi(lines: list[str]) -> str:
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(str(x) for x in lines))


def _in_cell(shell: Any) -> bool:
    """Whether the shell runs a cell now (not a widget message)."""
    try:
        header = shell.get_parent().get("header", {})
    except Exception:
        return False
    return bool(header.get("msg_type") == "execute_request")


def install_hook(shell: Any) -> None:
    """Replace ``shell``'s ``_showtraceback`` (once): a widget message's traceback goes to
    the server's log and the live pages' panels; a cell's, or one with no page alive, to
    IPython's own."""
    if shell is None or getattr(shell, "_wpp_fault_hook", False):
        return
    original = shell._showtraceback

    def _showtraceback(etype: Any, evalue: Any, stb: list[str]) -> None:
        if _in_cell(shell) or not list(_PAGES):
            original(etype, evalue, stb)
            return
        report(_strip_ansi(stb))

    shell._showtraceback = _showtraceback
    shell._wpp_fault_hook = True
    shown = warnings.showwarning

    def showwarning(message: Any, category: Any, filename: str, lineno: int,
                    file: Any = None, line: str | None = None) -> None:
        # A warning while a widget message is handled (e.g. jupyter_client's about a
        # value JSON cannot carry, sent back by ipywidgets' echo) names server paths.
        if _in_cell(shell) or file is not None:
            shown(message, category, filename, lineno, file, line)
            return
        server_log(warnings.formatwarning(message, category, filename, lineno, line))

    warnings.showwarning = showwarning


def install_fault_panel(page: Any, shell: Any = "current") -> w.HTML:
    """Give ``page`` its hidden error panel (at the end of ``page.dock``) and install the
    shell's hook (once per shell; ``shell``: IPython's current one by default, ``None``:
    none, e.g. in plain Python where ipywidgets logs a callback's exception itself); the
    panel."""
    panel = w.HTML("", layout=w.Layout(display="none"))
    panel.add_class("wpp-fault-panel")
    page.dock.children = (*page.dock.children, panel)
    _PANELS[page] = panel
    _PAGES.add(page)
    if shell == "current":
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - IPython comes with ipywidgets
            return panel
        shell = get_ipython()
    install_hook(shell)
    return panel
