"""Issue 34, part 5: the store lives in a folder no other account can create first.

It used to be ``wpp-rooms-<uid>`` in the temporary directory: a predictable name that another
account could make first, and then this user's reloads, rooms and classes were refused. Now
it is the kit's XDG state folder (``$XDG_STATE_HOME/wpp`` or ``~/.local/state/wpp``, mode
0700); the temporary directory is the fallback only if that cannot be used, and only a
folder there that is ours and not writable by others; else a fresh private one, with a
warning. ``WPP_ROOMS`` stays the override. Every test runs with its own HOME, state folder
and temporary directory.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from wpp.core.errors import WppError
from wpp.services import store_folder
from wpp.services.room_file import prepare_file
from wpp.services.rooms import RoomStore
from wpp.services.store_folder import ENV, FILE_NAME, default_path, state_folder


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A HOME of its own, no XDG_STATE_HOME, no WPP_ROOMS, a temporary directory of its own
    and no folder of last resort left from another test."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    monkeypatch.delenv(ENV, raising=False)
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    monkeypatch.setattr(store_folder, "_fresh_folder", None)
    return tmp_path / "home"


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def temp_folder(tmp_path: Path) -> Path:
    """The temporary directory's fallback folder: the one a stranger could make first."""
    return tmp_path / "tmp" / f"wpp-rooms-{os.getuid()}"


def test_the_store_is_in_the_home_state_folder(home: Path) -> None:
    store = RoomStore()
    assert store.path == home / ".local" / "state" / "wpp" / FILE_NAME
    assert mode(store.path.parent) == 0o700
    assert mode(store.path) == 0o600
    store.read(store.create("warpairs"))  # it works


def test_xdg_state_home_is_used_when_absolute(home: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert default_path() == tmp_path / "state" / "wpp" / FILE_NAME
    assert mode(tmp_path / "state" / "wpp") == 0o700
    monkeypatch.setenv("XDG_STATE_HOME", "relative/state")  # the specification ignores it
    assert state_folder() == home / ".local" / "state" / "wpp"


def test_wpp_rooms_is_still_the_override(home: Path, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, str(tmp_path / "mine.db"))
    assert RoomStore().path == tmp_path / "mine.db"
    assert not (home / ".local").exists()


def test_a_folder_a_stranger_made_first_in_the_temp_dir_no_longer_matters(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: another account made ``wpp-rooms-<uid>`` in the temporary directory first,
    and every room, class and reload of this user was refused. The state folder is used."""
    squat = temp_folder(tmp_path)
    squat.mkdir(mode=0o777)
    pretend_foreign(monkeypatch, squat)
    store = RoomStore()
    assert store.path.parent == home / ".local" / "state" / "wpp"
    store.read(store.create("draw"))


def pretend_foreign(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """``os.lstat`` says ``folder`` belongs to another user (ownership cannot be given away
    without root)."""
    real: Callable[..., os.stat_result] = os.lstat

    def lstat(path: str | os.PathLike[str], *args: object, **kwargs: object) -> os.stat_result:
        info = real(path, *args, **kwargs)
        if Path(path) == folder:
            fields = list(info)
            fields[stat.ST_UID] = os.getuid() + 1
            return os.stat_result(fields)
        return info

    monkeypatch.setattr(os, "lstat", lstat)


def unusable_state_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """XDG_STATE_HOME under a plain file: the state folder cannot be made."""
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "a-file" / "state"))


def test_the_temp_dir_only_when_the_state_folder_cannot_be_used(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    unusable_state_folder(tmp_path, monkeypatch)
    store = RoomStore()
    assert store.path.parent == temp_folder(tmp_path)
    assert mode(store.path.parent) == 0o700


def test_our_own_readable_temp_folder_is_narrowed_and_used(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    unusable_state_folder(tmp_path, monkeypatch)
    folder = temp_folder(tmp_path)
    folder.mkdir()
    os.chmod(folder, 0o755)
    assert default_path().parent == folder
    assert mode(folder) == 0o700


@pytest.mark.parametrize("trap", ["world-writable", "group-writable", "foreign", "link"])
def test_an_unsafe_temp_folder_gives_a_fresh_private_one_with_a_warning(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, trap: str) -> None:
    unusable_state_folder(tmp_path, monkeypatch)
    folder = temp_folder(tmp_path)
    if trap == "link":
        (tmp_path / "elsewhere").mkdir(mode=0o700)
        folder.symlink_to(tmp_path / "elsewhere")
    else:
        folder.mkdir()
        os.chmod(folder, {"world-writable": 0o777, "group-writable": 0o770,
                          "foreign": 0o700}[trap])
    if trap == "foreign":
        pretend_foreign(monkeypatch, folder)
    with pytest.warns(RuntimeWarning, match="for this process only") as warned:
        path = default_path()
    assert str(folder) in str(warned[0].message)
    assert path.parent not in (folder, tmp_path / "elsewhere")
    assert path.parent.parent == tmp_path / "tmp"
    assert mode(path.parent) == 0o700
    assert default_path() == path  # the same folder for the rest of the process
    store = RoomStore()
    store.read(store.create("pairs"))


def test_a_foreign_state_folder_is_not_used(home: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Ownership simulated with ``os.getuid``: every folder looks like a stranger's, so the
    kit falls back to a fresh one (and says so) rather than use one."""
    state = home / ".local" / "state" / "wpp"
    state.mkdir(parents=True, mode=0o700)
    uid = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: uid + 1)
    with pytest.warns(RuntimeWarning, match="belongs to another user"):
        path = default_path()
    assert path.parent != state


def test_the_store_still_refuses_a_link_in_place_of_its_folder(
        home: Path, tmp_path: Path) -> None:
    state = home / ".local" / "state"
    state.mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir(mode=0o700)
    (state / "wpp").symlink_to(tmp_path / "elsewhere")
    assert RoomStore().path.parent == temp_folder(tmp_path)  # the fallback, which is ours
    with pytest.raises(WppError, match="not a plain folder"):
        prepare_file(state / "wpp" / FILE_NAME, private_folder=True)
