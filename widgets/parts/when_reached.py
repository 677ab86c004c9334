"""A part of a page built only when the reader reaches it: a placeholder with a button that
builds it, pressed by the page itself when the placeholder scrolls near the screen.

Why: a lesson that ends with a whole game page (several hundred widgets) made every visitor's
browser draw that page before the lesson's first question was usable, although the learner
reaches the game only after the questions above it. Built on reaching it, the lesson opens
at the speed of its first screen; the game is drawn while the learner scrolls towards it (or
at once with the button, which works without the page's script and from the keyboard).

The built part replaces the placeholder in place; it is built once. ``build`` returns a
widget or an object with a ``root`` widget (a game page). ``html``: what must be on the page
from the start for the built part to work (e.g. the game page's key script), shown once,
hidden.

>>> import ipywidgets as w
>>> made = []
>>> part = WhenReached(lambda: made.append(1) or w.Label("the game"), label="Open the game")
>>> part.built is None, part.button.description
(True, 'Open the game')
>>> part.button.click(); part.button.click()      # built once, in place of the placeholder
>>> made, [type(c).__name__ for c in part.box.children]
([1], ['Label'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import ipywidgets as w

__all__ = ["WhenReached", "reach_script_html"]

#: Watches every placeholder on the page; one that comes within 400 px of the screen has
#: its button pressed (once). Placeholders appear when their widgets are drawn, after the
#: script runs: new ones are looked for while the page is being drawn and on scrolling.
_SCRIPT: Final = """
(function () {
  if (window.__wppReach) { return; }
  window.__wppReach = true;
  if (!('IntersectionObserver' in window)) { return; }
  var seen = new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) { return; }
      seen.unobserve(entry.target);
      var open = entry.target.querySelector('.wpp-reach-open');
      if (open && !open.disabled) { open.click(); }
    });
  }, {rootMargin: '400px 0px'});
  function look() {
    document.querySelectorAll('.wpp-reach:not([data-wpp-watched])').forEach(function (el) {
      el.setAttribute('data-wpp-watched', '1');
      seen.observe(el);
    });
  }
  var tries = 0;
  var timer = setInterval(function () { look(); if (++tries > 120) { clearInterval(timer); } },
                          250);
  window.addEventListener('scroll', look, {passive: true, capture: true});
})();
"""


def reach_script_html() -> str:
    """The watching script as an HTML snippet (shown once per page)."""
    return f"<script>{_SCRIPT}</script>"


class WhenReached:
    """A placeholder (``box``: a note and ``button``) that builds ``build()`` in its place on
    the button, which the page presses when the placeholder comes near the screen."""

    def __init__(self, build: Callable[[], Any], *, label: str = "Open it here",
                 note: str = "", html: str = "") -> None:
        self._build = build
        self.html = html
        self.built: Any = None
        self.button = w.Button(description=label, button_style="primary",
                               tooltip="it also opens by itself when you scroll to it")
        self.button.add_class("wpp-reach-open")
        parts: list[w.Widget] = [w.HTML(note)] if note else []
        self.box = w.VBox([*parts, self.button])
        self.box.add_class("wpp-reach")
        self.button.on_click(lambda _b: self.open())

    def open(self) -> None:
        """Build the part now, in place of the placeholder (once)."""
        if self.built is not None:
            return
        self.button.disabled = True
        self.button.description = "Opening…"
        self.built = self._build()
        root = getattr(self.built, "root", self.built)
        if not isinstance(root, w.Widget):
            raise TypeError(f"build() gave {type(self.built).__name__}, not a widget or an "
                            "object with a root widget")
        self.box.children = (root,)
        self.box.remove_class("wpp-reach")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.box._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = "a part built when reached"
        return bundle

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        display(self._repr_mimebundle_(), raw=True)  # type: ignore[no-untyped-call]
        display(HTML(reach_script_html() + self.html))  # type: ignore[no-untyped-call]
