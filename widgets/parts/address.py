"""The page's address: the query string of the request that opened it (``?seed=7``,
``?class=CODE&name=NICK``, a game's reload key …), however Voilà started the page's kernel.

Voilà gives a page's kernel its request in one of two ways:

* a kernel started for the request has it in its environment (``QUERY_STRING``), as a CGI
  script would;
* a *pre-heated* kernel (``make play``'s pools, ``serve/voila.py``) ran its notebook before
  anybody asked for the page, so its environment has no request. Voilà's documented answer is
  :func:`voila.utils.get_query_string`: the notebook pauses there until the page is handed
  to a visitor, then goes on with the visitor's request in its environment. The cells before
  the pause were rendered ahead of time; the rest run for the visitor.

:func:`page_query` is the one place the kit reads the address: every page calls it while it
is built, so in a pre-heated kernel everything up to that moment (Python, ipykernel, the kit's
imports, the cells above) is ready before the visitor comes, and everything that depends on
the address is built after, with the address. A notebook outside Voilà (JupyterLab, nbval)
has no request: the query is empty, or whatever ``QUERY_STRING`` says (the tests set it).

>>> import os
>>> os.environ["QUERY_STRING"] = "seed=7&move=x"
>>> page_query(), query_value("seed"), query_value("nothing")
('seed=7&move=x', '7', '')
>>> del os.environ["QUERY_STRING"]
"""

from __future__ import annotations

import os
import threading
import urllib.parse
from typing import Final

__all__ = ["MAX_QUERY", "page_query", "query_value"]

#: The longest query a page reads (a longer address is cut here, not trusted further).
MAX_QUERY: Final = 400

_lock = threading.Lock()
_waited = False


def _wait_for_the_request() -> None:
    """In a pre-heated Voilà kernel, pause until the page is handed to a visitor (once per
    kernel); elsewhere, return at once. Voilà then puts the visitor's request (its query
    string among it) into this process's environment."""
    global _waited
    with _lock:
        if _waited:
            return
        _waited = True
        if os.environ.get("VOILA_PREHEAT", "False") != "True" or not os.environ.get(
                "VOILA_KERNEL_ID"):
            return
        from voila.utils import wait_for_request  # only in a pre-heated Voilà kernel

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
