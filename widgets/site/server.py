"""Voilà settings that need code: TCP_NODELAY on the kernel websocket.

Tornado leaves Nagle's algorithm on for websockets, so a small message (a widget update) can
wait for the ACK of the previous one: about 40 ms per click on Linux. Tornado's documented cure
is ``WebSocketHandler.set_nodelay(True)`` once the connection is open; jupyter_server never
calls it. Voilà lets a configuration choose the class that serves a kernel's websocket
(``Voila.kernel_websocket_connection_class``); ``serve/voila.json`` names this one, which
turns Nagle off as each websocket connects.
"""

from __future__ import annotations

import asyncio

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

__all__ = ["NoDelayWebsocketConnection"]


class NoDelayWebsocketConnection(ZMQChannelsWebsocketConnection):
    """The standard kernel websocket connection, with TCP_NODELAY set on connect."""

    # jupyter_server's own classes disagree on connect's type (a coroutine in the base, a
    # future in the ZMQ connection we extend); this follows the class it extends.
    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]
        """Connect as usual, then send small frames at once (no Nagle delay)."""
        self.websocket_handler.set_nodelay(True)
        result: asyncio.Future[None] | None = super().connect()
        return result
