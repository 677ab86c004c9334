"""The page's address: the query string of the request that opened it (``?seed=7``,
``?class=CODE&name=NICK``, a game's reload key …), however Voilà started the page's kernel.

Voilà gives a page's kernel its request in one of two ways:

* a kernel started for the request has it in its environment (``QUERY_STRING``), as a CGI
  script would;
* a *pre-heated* kernel (``make play``'s pools, ``serve/voila.py``) ran its notebook before
  anybody asked for the page, so its environment has no request. Voilà's documented answer
  (``voila.utils.get_query_string`` / ``wait_for_request``) is that the notebook pauses
  there: the kernel opens Voilà's request-info websocket (``voila/query/<kernel id>``) and
  waits; when the page is handed to a visitor, Voilà sends the visitor's request on it and
  the notebook goes on with it in its environment. The cells before the pause were rendered
  ahead of time; the rest run for the visitor.

The kit reads the address here only, in one of two ways:

* :func:`address_or_later` — the page is built whole at once, and the parts that depend on
  the address are told it later, on the kernel's event loop, when the visitor comes (the
  lessons' class box, seed field and ``?move=``): a visitor's request then costs only what
  the address changes, even when a class opens a page together;
* :func:`page_query` — the page waits for its address where it first needs it: in a
  pre-heated kernel everything up to that moment is ready before the visitor comes, and the
  rest is built after, with the address. A game page is built whole first and then waits
  (:func:`widgets.page.serving.serve`), so what its address changes — a reload's kept
  game — is in place before the page is sent; the teacher's page, the kit, a room and the
  lessons whose whole content comes from a seed wait where they read it.

One thread per kernel waits for the request (Voilà keeps one waiter per kernel); both ways
share it. It
speaks Voilà's request-info protocol itself (one websocket message, the request's variables
as JSON) rather than importing ``voila.utils``, whose imports (the Jupyter server and
JupyterLab's server) cost every pooled kernel about 50 MB and 1.3 s of CPU for nothing else.
Before it waits it loads every game's registration (:func:`wpp.core.registry.
registered_games`: the poker evaluator's tables among them, about 0.75 s), which every page
needs: the work left for the visitor is then only the page's own widgets (the play page:
0.08 s instead of 1.07 s). A notebook outside Voilà (JupyterLab, nbval) has no request: the
query is empty, or whatever ``QUERY_STRING`` says (the tests set it).

>>> import os
>>> os.environ["QUERY_STRING"] = "seed=7&move=x"
>>> page_query(), query_value("seed"), query_value("nothing")
('seed=7&move=x', '7', '')
>>> del os.environ["QUERY_STRING"]
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
import urllib.parse
from collections.abc import Callable
from typing import Final

__all__ = ["MAX_QUERY", "address_or_later", "page_query", "preheated", "query_value",
           "request_info_url", "wait_for_request"]

#: The longest query a page reads (a longer address is cut here, not trusted further).
MAX_QUERY: Final = 400

_lock = threading.Lock()
_waited = False
#: The longest a pre-heated kernel waits to connect to Voilà's request-info websocket.
CONNECT_TIMEOUT: Final = 10.0


def preheated() -> bool:
    """Is this a pre-heated Voilà kernel that has not had its request yet?"""
    return (os.environ.get("VOILA_PREHEAT", "False") == "True"
            and bool(os.environ.get("VOILA_KERNEL_ID")) and not _waited)


def request_info_url() -> str:
    """The address of Voilà's request-info websocket for this kernel (from the variables
    Voilà gives a pre-heated kernel, with Voilà's own defaults)."""
    env = os.environ
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
            f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env['VOILA_KERNEL_ID']}")


def wait_for_request() -> None:
    """Wait for Voilà to send this kernel its visitor's request, then put the request's
    variables (``QUERY_STRING`` …) into the environment, as Voilà's own ``wait_for_request``
    does. It runs in a thread of its own (:func:`_listen`): the kernel's event loop is busy
    running a cell, or must stay free for the page."""
    from tornado.websocket import websocket_connect

    async def receive() -> str | bytes | None:
        connection = await websocket_connect(request_info_url(),
                                             connect_timeout=CONNECT_TIMEOUT)
        try:
            return await connection.read_message()
        finally:
            connection.close()

    try:
        got = asyncio.run(receive())
    except Exception as err:  # no request: the page opens with an empty address
        print(f"widgets.parts.address: no request from Voilà ({err})", file=sys.stderr)
        return
    if got:
        try:
            info = json.loads(got)
        except ValueError:
            return
        if isinstance(info, dict):
            os.environ.update({str(k): str(v) for k, v in info.items()})


#: The one thread that waits for the request (one connection per kernel: Voilà keeps one
#: waiter per kernel), and what is to be told when it comes: (the kernel's loop, a callback).
_listener: threading.Thread | None = None
_pending: list[tuple[asyncio.AbstractEventLoop, Callable[[str], None]]] = []


def _listen() -> threading.Thread:
    """The thread waiting for this pre-heated kernel's request (started once, after loading
    what every page needs: every game's registration)."""
    global _listener
    with _lock:
        if _listener is None or not _listener.is_alive():
            from wpp.core.registry import registered_games

            registered_games()
            _listener = threading.Thread(target=_receive, name="wpp-wait-for-request",
                                         daemon=True)
            _listener.start()
        return _listener


def _receive() -> None:
    """The listener's work: wait for the request, then hand the address to every page part
    that asked to be told (:func:`address_or_later`), each on its kernel's event loop."""
    global _waited
    wait_for_request()
    with _lock:
        _waited = True
        told, _pending[:] = list(_pending), []
    for loop, apply in told:
        loop.call_soon_threadsafe(_tell, apply)


def _tell(apply: Callable[[str], None]) -> None:
    try:
        apply(page_query())
    except Exception as err:  # a part that fails leaves the rest of the page working
        print(f"widgets.parts.address: {apply!r} failed ({err!r})", file=sys.stderr)


def page_query() -> str:
    """The query string of the request that opened this page (without ``?``; ``""`` when
    there is none), at most :data:`MAX_QUERY` characters. In a pre-heated kernel the first
    call waits for the request (see the module docs)."""
    global _waited
    if preheated():
        _listen().join()
    elif not _waited:
        _waited = True
    return os.environ.get("QUERY_STRING", "")[:MAX_QUERY]


def address_or_later(apply: Callable[[str], None]) -> str | None:
    """The page's query string if it is known now (outside Voilà, a kernel started for its
    request, or once the request came) — else ``None``, and ``apply`` is called with it
    later, on the kernel's event loop, when Voilà hands this pre-heated page to a visitor.
    The page is then built whole while its kernel waits in the pool, and the visitor's
    request costs only what the address changes. Without a running event loop it waits
    here, as :func:`page_query` does.

    >>> address_or_later(print)     # outside Voilà: known now (and ``print`` not called)
    ''
    """
    if preheated():
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is not None:
            with _lock:
                waiting = not _waited
                if waiting:
                    _pending.append((loop, apply))
            if waiting:
                _listen()
                return None
    return page_query()


def query_value(name: str, query: str | None = None) -> str:
    """The first value of ``name`` in ``query`` (default: :func:`page_query`), ``""`` when
    absent."""
    q = page_query() if query is None else query[:MAX_QUERY]
    return urllib.parse.parse_qs(q).get(name, [""])[0]
