"""Where the server's store lives, and that it is its owner's alone: :func:`default_path`.

The store (rooms, classes, kept games: one SQLite file every kernel of one user shares) holds
every hidden card, so its folder must be this user's and private. The file: the
``WPP_ROOMS`` environment variable (:data:`ENV`), else :data:`FILE_NAME` in the kit's state
folder, ``$XDG_STATE_HOME/wpp`` or ``~/.local/state/wpp`` (mode 0700; :func:`state_folder`).
Only if that folder cannot be used, a folder of the temporary directory that is this user's
and nobody else may write in (``wpp-rooms-<uid>``), else a fresh private one, with a warning.
A folder that is a symbolic link, or that belongs to another user, is refused; one others
could read is narrowed. (The file itself is created and checked by
:class:`wpp.services.rooms.RoomStore`.)
"""

from __future__ import annotations

import getpass
import os
import stat
import tempfile
import warnings
from pathlib import Path
from typing import Final

__all__ = ["ENV", "FILE_NAME", "default_path", "state_folder"]

#: The environment variable naming the store's file.
ENV: Final = "WPP_ROOMS"
#: The store's file name in its folder (see :func:`default_path`).
FILE_NAME: Final = "wpp-rooms.sqlite3"


def _unsafe(folder: Path) -> str | None:
    """Why ``folder`` cannot hold the store — not a plain folder (a link), another user's,
    or one others may write in — or ``None`` when it can."""
    info = os.lstat(folder)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        return "it is not a plain folder"
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return "it belongs to another user"
    if info.st_mode & 0o022:
        return "others may write in it"
    return None


def _own_folder(folder: Path) -> str | None:
    """Make ``folder`` (mode 0700) if it is missing and check it is ours and private,
    narrowing it to 0700 if others may read it: ``None`` when it may hold the store, else
    why not."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        why = _unsafe(folder)
        if why is None and stat.S_IMODE(os.lstat(folder).st_mode) & 0o077:
            os.chmod(folder, 0o700)
        return why
    except OSError as err:
        return err.strerror or str(err)


def state_folder() -> Path:
    """The kit's folder for its state (XDG Base Directory): ``$XDG_STATE_HOME/wpp`` if that
    variable is an absolute path (the specification ignores a relative one), else
    ``~/.local/state/wpp``. Under the user's home, so no other account can create it first."""
    xdg = os.environ.get("XDG_STATE_HOME", "").strip()
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "wpp"
    return Path.home() / ".local" / "state" / "wpp"


#: The last resort's folder (a fresh private one), kept for the rest of the process.
_fresh_folder: Path | None = None


def default_path() -> Path:
    """The store's file, :data:`FILE_NAME` in the first folder that is this user's alone:

    1. ``$WPP_ROOMS`` if set (the file itself; the override);
    2. the kit's state folder (:func:`state_folder`), made with mode 0700;
    3. only if that cannot be made or is not private: ``wpp-rooms-<uid>`` in the temporary
       directory, if it is ours and nobody else may write in it (a name there is
       predictable: another account may have made it first, and its rooms would be theirs);
    4. else a fresh private folder of the temporary directory for this process, with a
       warning saying so (its rooms, classes and reloads are not shared with other kernels).
    """
    global _fresh_folder
    env = os.environ.get(ENV, "").strip()
    if env:
        return Path(env)
    refused: list[str] = []
    uid = os.getuid() if hasattr(os, "getuid") else getpass.getuser()
    try:
        folders = [state_folder()]
    except (RuntimeError, KeyError):  # no home folder can be found
        folders = []
    folders.append(Path(tempfile.gettempdir()) / f"wpp-rooms-{uid}")
    for folder in folders:
        why = _own_folder(folder)
        if why is None:
            return folder / FILE_NAME
        refused.append(f"{str(folder)!r:.80} ({why})")
    if _fresh_folder is None or _own_folder(_fresh_folder) is not None:
        _fresh_folder = Path(tempfile.mkdtemp(prefix="wpp-rooms-"))
        warnings.warn(f"the room store cannot use {' nor '.join(refused)}: it uses "
                      f"{str(_fresh_folder)!r} for this process only, so rooms, classes and "
                      f"reloads are not shared with other kernels; set {ENV} to choose its "
                      "file", RuntimeWarning, stacklevel=2)
    return _fresh_folder / FILE_NAME
