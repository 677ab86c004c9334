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

:func:`page_query` is the one place the kit reads the address: every page calls it while it
is built, so in a pre-heated kernel everything up to that moment is ready before the visitor
comes, and everything that depends on the address is built after, with the address. It
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
from typing import Final

__all__ = ["MAX_QUERY", "page_query", "preheated", "query_value", "request_info_url",
           "wait_for_request"]

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
    """Wait (in a thread of its own: the kernel's event loop is busy running this cell) for
    Voilà to send this kernel its visitor's request, then put the request's variables
    (``QUERY_STRING`` …) into the environment, as Voilà's own ``wait_for_request`` does."""
    from tornado.websocket import websocket_connect

    async def receive() -> str | bytes | None:
        connection = await websocket_connect(request_info_url(),
                                             connect_timeout=CONNECT_TIMEOUT)
        try:
            return await connection.read_message()
        finally:
            connection.close()

    got: list[str | bytes | None] = []

    def run() -> None:
        try:
            got.append(asyncio.run(receive()))
        except Exception as err:  # no request: the page opens with an empty address
            print(f"widgets.parts.address: no request from Voilà ({err})", file=sys.stderr)

    thread = threading.Thread(target=run, name="wpp-wait-for-request", daemon=True)
    thread.start()
    thread.join()
    if got and got[0]:
        try:
            info = json.loads(got[0])
        except ValueError:
            return
        if isinstance(info, dict):
            os.environ.update({str(k): str(v) for k, v in info.items()})


def _wait_for_the_request() -> None:
    """In a pre-heated Voilà kernel, load what every page needs, then pause until the page is
    handed to a visitor (once per kernel); elsewhere, return at once."""
    global _waited
    with _lock:
        if not preheated():
            _waited = True
            return
        from wpp.core.registry import registered_games

        registered_games()
        _waited = True
        wait_for_request()


def page_query() -> str:
    """The query string of the request that opened this page (without ``?``; ``""`` when
    there is none), at most :data:`MAX_QUERY` characters. In a pre-heated kernel the first
    call waits for the request (see the module docs)."""
    _wait_for_the_request()
    return os.environ.get("QUERY_STRING", "")[:MAX_QUERY]


def query_value(name: str, query: str | None = None) -> str:
    """The first value of ``name`` in ``query`` (default: :func:`page_query`), ``""`` when
    absent."""
    q = page_query() if query is None else query[:MAX_QUERY]
    return urllib.parse.parse_qs(q).get(name, [""])[0]
