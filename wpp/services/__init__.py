"""The kit's server-side services: what keeps state for many pages between kernels, apart
from the game protocol (:mod:`wpp.core`) it is built on.

* :mod:`~wpp.services.rooms` — the store of rooms, one game of any registered kind between
  pages: creating, joining, version-checked writes, rematches (:class:`RoomStore`);
* :mod:`~wpp.services.room_seat` — a page's handle on its seat (:class:`Seat`): its view,
  its moves and the computer's, its Hint, its heartbeat, conceding and claiming an absent
  seat;
* :mod:`~wpp.services.room_match` — a room's games in a row: rematches, and the running match
  over them on the game's own rule;
* :mod:`~wpp.services.room_codes` — room codes, seat secrets (kept as digests) and the
  numbers read back from the store, damaged ones refused;
* :mod:`~wpp.services.room_file` — the rooms' SQLite file: private, its schema brought up to
  date, short connections;
* :mod:`~wpp.services.computer_seats` — the seats a room's computer plays, checked, and each
  decision's seed;
* :mod:`~wpp.services.classroom` — a teacher's class: students, their progress, the CSV;
* :mod:`~wpp.services.game_store` — a page's game kept under a secret key, so a reload finds
  it;
* :mod:`~wpp.services.throttle` — wrong codes and secrets slowed down;
* :mod:`~wpp.services.store_folder` — where the store's file lives, and that it is private.

Everything here is widget-free and reaches games through the registry only (the layering
test, ``tests/core/test_layering.py``, checks both); the core imports nothing from here.
"""
