"""Does a play beat the play on the table, and if not, why (rules R7–R9)?

The relation, in the order it is decided:

1. **Mode** (R7): after the lead, every play of the trick is in the lead's mode.
2. **Category** (R8): in poker mode a higher category beats any lower one, whatever the ranks.
3. **Aces on twos** (R9): a play keyed on an ace may never go on one keyed on a two.
4. **Key** (R8): within one category a higher key beats a lower one.
5. **Twos beat aces** (R9): a play keyed on a two beats one keyed on an ace; and, kept from
   the original program, a two pair holding a pair of twos beats an ace-keyed two pair, and a
   flush or straight flush holding a two beats an ace-high one of its category. In those two
   cases the table's key is *lowered* to that two, so a later play needs only beat a two.

Because of 3 and 5 the relation is not transitive: K < A < 2 < 3 is a cycle, in every mode.

>>> from wpp.warpairs.lookup import classify     # cards to plays (a layer above this one)
>>> print(judge(classify("AS"), classify("2D")).reason)
an ace may not be played on a two (R9)
>>> v = judge(classify("2D 2C 9H 9S"), classify("AH AS 5D 5C"))
>>> v.legal, v.table.key, v.rule
(True, Card('2♣'), 'R9')
"""

from __future__ import annotations

from dataclasses import dataclass

from wpp.core.errors import WppError
from wpp.warpairs.plays import Category, Mode, Play

__all__ = ["Verdict", "decide", "judge"]

_ACE = 14
_TWO = 2


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of putting ``play`` on ``table``: legal or not, why, and under which rule.

    ``table`` is the play as it then lies on the table (its key possibly lowered to a two by
    R9); it is ``None`` when the play is not legal.
    """

    legal: bool
    reason: str
    rule: str
    table: Play | None = None

    def __bool__(self) -> bool:
        return self.legal


def _key_word(p: Play) -> str:
    return f"key {p.key_text}"


# The outcomes of the decision core, in the order they are tested (see the module docs).
_LEAD, _MODE, _CATEGORY_UP, _CATEGORY_DOWN, _ACE_ON_TWO, _HIGHER, _TWO_ON_ACE, \
    _TWOS_IN_TWO_PAIR, _TWO_IN_FLUSH, _NOT_HIGHER = range(10)


def decide(play: Play, table: Play | None) -> tuple[int, Play | None]:
    """The decision alone, without words: an outcome code and the play as it would lie on the
    table (``None`` when illegal). :func:`judge` explains the same decision; the move
    generator calls this directly because it judges thousands of candidates."""
    if table is None:
        return _LEAD, play
    if play.mode is not table.mode:
        return _MODE, None
    if play.category is not table.category:
        return (_CATEGORY_UP, play) if play.category > table.category else (_CATEGORY_DOWN, None)
    if play.key_rank == _ACE and table.key_rank == _TWO:
        return _ACE_ON_TWO, None
    if play.order > table.order:
        return _HIGHER, play
    if table.key_rank == _ACE:
        if play.key_rank == _TWO:
            return _TWO_ON_ACE, play
        cat = play.category
        if cat is Category.TWO_PAIR or cat is Category.FLUSH or cat is Category.STRAIGHT_FLUSH:
            twos = [c for c in play.cards if c < 4]  # card indices 0-3 are the twos
            if cat is Category.TWO_PAIR and len(twos) == 2:
                return _TWOS_IN_TWO_PAIR, play._replace(key=twos[1], order=int(twos[1]),
                                                  key_rank=_TWO, lowered_by_two=True)
            if cat is not Category.TWO_PAIR and twos:
                return _TWO_IN_FLUSH, play._replace(key=twos[0], order=int(twos[0]),
                                              key_rank=_TWO, lowered_by_two=True)
    return _NOT_HIGHER, None


def judge(play: Play, table: Play | None) -> Verdict:
    """Judge ``play`` against the play now on the table (``None``: a fresh trick's lead),
    saying why in words and naming the rule."""
    if not isinstance(play, Play) or not (table is None or isinstance(table, Play)):
        bad = play if not isinstance(play, Play) else table
        raise WppError(f"judge compares plays (see wpp.classify), not {type(bad).__name__} "
                       f"{bad!r:.40}")
    outcome, result = decide(play, table)
    if table is None or outcome == _LEAD:
        return Verdict(True, f"{play.describe()} leads a fresh trick in {play.mode.label} mode "
                       "(R4, R13)", "R13", play)
    cat = play.category
    if outcome == _MODE:
        want = {Mode.SINGLE: "1 card", Mode.PAIR: "2 cards of one rank",
                Mode.POKER: "a poker hand of 3 to 5 cards"}[table.mode]
        return Verdict(False, f"this trick is in {table.mode.label} mode, so every play must be "
                       f"{want}; {play.describe()} is a {play.mode.label} play (R4, R7)", "R7")
    if outcome == _CATEGORY_UP:
        return Verdict(True, f"a {cat.label} beats a {table.category.label}: a higher category "
                       "always wins (R8)", "R8", result)
    if outcome == _CATEGORY_DOWN:
        return Verdict(False, f"a {cat.label} does not beat a {table.category.label}: in poker "
                       "mode the higher category wins, whatever the ranks (R8)", "R8")
    if outcome == _ACE_ON_TWO:
        if cat is Category.SINGLE:
            why = "an ace may not be played on a two (R9)"
        elif cat is Category.PAIR:
            why = "a pair of aces may not be played on a pair of twos (R9)"
        else:
            why = (f"an ace-keyed {cat.label} may not be played on a two-keyed one "
                   f"({_key_word(play)} on {_key_word(table)}; R9)")
        return Verdict(False, why, "R9")
    if outcome == _HIGHER:
        return Verdict(True, f"{_key_word(play)} is higher than {_key_word(table)} (R8)",
                       "R8", result)
    if outcome == _TWO_ON_ACE:
        return Verdict(True, f"twos beat aces: {_key_word(play)} beats {_key_word(table)} (R9)",
                       "R9", result)
    if result is not None:  # a two pair of twos, or a flush holding a two, on an ace (R9)
        what = ("a two pair holding a pair of twos beats an ace-keyed two pair"
                if outcome == _TWOS_IN_TWO_PAIR
                else f"a {cat.label} holding a two beats an ace-high {cat.label}")
        return Verdict(True, f"{what}; its key on the table becomes the {result.key} (R9)",
                       "R9", result)
    if cat is Category.SINGLE:
        why = f"{play.key} is lower than {table.key}"
    elif cat is Category.PAIR:
        why = f"this pair's key {play.key} is lower than the table's {table.key}"
    else:
        why = f"{_key_word(play)} is not higher than {_key_word(table)}"
    if table.lowered_by_two:
        why += f" (the table's key was lowered to {table.key} by R9)"
    return Verdict(False, f"{why}; a {cat.label} must beat the table's key (R8)", "R8")
