"""The summary of a tournament of any game: the tables the command line prints and the
notebook shows. Two-seat games get the head-to-head records and Bradley–Terry ratings;
games of more seats get a table per agent; the game's own columns add sections when present
(WarPairsPoker's tricks, phases and endings).

>>> from wpp.analysis.tournament import run_match
>>> tables = summary(run_match("warpairs", ("greedy", "random"), games=20, seed=3, progress=False))
>>> list(tables)  # doctest: +NORMALIZE_WHITESPACE
['results', 'ratings', 'first player', 'game length', 'branching factor', 'endings',
 'game quality']
>>> tables["results"][["agent", "opponent", "games"]].values.tolist()
[['greedy', 'random', 20], ['random', 'greedy', 20]]
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from wpp.analysis.match import MatchResult
from wpp.analysis.quality import (
    convergence,
    drama,
    fairness,
    order,
    players_of,
    security,
    spread,
)
from wpp.analysis.stats import (
    agent_table,
    bradley_terry,
    branching_by_phase,
    first_player_advantage,
    game_length,
    head_to_head,
    lead_changes,
    mean_interval,
    play_decisions,
    seat_advantage,
    seat_table,
)
from wpp.core.registry import game_def

__all__ = ["compare", "format_summary", "summary"]


def summary(result: MatchResult, confidence: float = 0.95) -> dict[str, pd.DataFrame]:
    """The sections of a match's summary, each a small table (see :func:`format_summary`)."""
    games, decisions = result.games, result.decisions
    out: dict[str, pd.DataFrame] = {}
    n = players_of(games)
    label = game_def(result.game).first_player_label
    if n != 2:
        return _summary_of_seats(result, confidence)
    h2h = head_to_head(games, confidence)
    out["results"] = h2h
    if h2h.empty:  # a mirror match: the same agent in both seats
        draws = int((games["winner"] < 0).sum())
        out["results"] = pd.DataFrame([{
            "agent": games["agent_p1"].iloc[0] if len(games) else "", "games": len(games),
            "decisive": len(games) - draws, "draws": draws,
            "note": "mirror match: strength is equal by design"}])
    agents = sorted(set(games["agent_p1"]) | set(games["agent_p2"]))
    if len(agents) >= 2:
        out["ratings"] = bradley_terry(games, confidence=confidence)
    pairs = sorted({tuple(sorted(p)) for p in zip(games["agent_p1"], games["agent_p2"],
                                                    strict=True)})
    if len(pairs) > 1:  # a round robin: the pooled figures below mix different matches
        per_match = compare({f"{a} vs {b}": result.between(a, b) for a, b in pairs},
                            confidence)
        out["matches"] = per_match[["games", "first player wins", "fp low", "fp high",
                                    "actions", "act low", "act high", "choices",
                                    "lead changes"]]
    fp = first_player_advantage(games, confidence)
    seat = seat_advantage(games, confidence)
    out["first player"] = pd.DataFrame([
        {"who": label, "wins": fp.estimate, "low": fp.low, "high": fp.high},
        {"who": "seat P1", "wins": seat.estimate, "low": seat.low, "high": seat.high},
    ])
    _length_and_choices(out, result, confidence)
    quality = [
        {"metric": "fairness", "value": fairness(fp.estimate),
         "note": f"from the {label}'s win rate (meaningful for all-random games)"},
        {"metric": "convergence", "value": convergence(decisions),
         "note": "as defined: raw slope of legal actions per move"},
        {"metric": "convergence (normalized)", "value": convergence(decisions, normalized=True),
         "note": "slope per fraction of the game and of its largest branching"},
        {"metric": "spread", "value": spread(decisions), "note": "all decisions"},
        {"metric": "drama", "value": drama(decisions, games), "note": ""},
        {"metric": "security", "value": security(decisions, games), "note": ""},
    ]
    for _, row in h2h[(h2h["opponent"] == "random") & (h2h["agent"] != "random")].iterrows():
        quality.append({"metric": "order", "value": order(float(row["score"])),
                        "note": f"{row['agent']} against random"})
    out["game quality"] = pd.DataFrame(quality)
    return out


def _length_and_choices(out: dict[str, pd.DataFrame], result: MatchResult,
                        confidence: float) -> None:
    """The game length (and the game's other length columns), lead changes, choices per
    decision and, when the game records them, the endings."""
    games, decisions = result.games, result.decisions
    rows = [game_length(games, "actions", confidence)]
    if "tricks" in games.columns:
        rows.append(game_length(games, "tricks", confidence))
    changes = lead_changes(decisions)
    if len(changes):
        lc = mean_interval(changes, confidence)
        rows.append(pd.Series({"games": float(len(games)), "mean": lc.estimate, "low": lc.low,
                               "high": lc.high}, name="lead changes"))
    out["game length"] = pd.DataFrame(rows)
    out["branching factor"] = branching_by_phase(decisions, confidence)
    if "end_reason" in games.columns:
        endings = (games["end_reason"].value_counts().rename_axis("end")
                   .reset_index(name="games"))
        endings["share"] = endings["games"] / len(games)
        out["endings"] = endings


def _summary_of_seats(result: MatchResult, confidence: float) -> dict[str, pd.DataFrame]:
    """The summary of a tournament of three or more seats: per agent, per seat, the first
    player, length and choices, and the metrics that one tournament can give."""
    games, decisions = result.games, result.decisions
    n = players_of(games)
    seats = result.seats
    out: dict[str, pd.DataFrame] = {"agents": agent_table(seats, confidence),
                                    "seats": seat_table(seats, confidence)}
    fp = first_player_advantage(games, confidence)
    out["first player"] = pd.DataFrame([{"who": game_def(result.game).first_player_label,
                                         "wins": fp.estimate, "low": fp.low, "high": fp.high,
                                         "fair share": 1 / n}])
    _length_and_choices(out, result, confidence)
    out["game quality"] = pd.DataFrame([
        {"metric": "fairness", "value": fairness(fp.estimate, n),
         "note": f"from the {game_def(result.game).first_player_label}'s win rate "
                 "(meaningful for all-random games)"},
        {"metric": "convergence", "value": convergence(decisions), "note": ""},
        {"metric": "spread", "value": spread(decisions), "note": "all decisions"},
        {"metric": "drama", "value": drama(decisions, games, n), "note": ""},
        {"metric": "security", "value": security(decisions, games, n), "note": ""},
    ])
    return out


def compare(results: Mapping[str, MatchResult], confidence: float = 0.95) -> pd.DataFrame:
    """One row per labelled match: games, how often the first player (the game's
    :attr:`~wpp.core.protocol.GameDef.first_player_label`) wins, game length,
    choices per decision of play and lead changes, each with its interval."""
    rows = []
    for label, r in results.items():
        fp = first_player_advantage(r.games, confidence)
        length = mean_interval(r.games["actions"], confidence)
        choices = mean_interval(play_decisions(r.decisions)["branching"], confidence)
        changes = mean_interval(lead_changes(r.decisions), confidence)
        rows.append({
            "match": label, "games": len(r.games),
            "first player wins": fp.estimate, "fp low": fp.low, "fp high": fp.high,
            "actions": length.estimate, "act low": length.low, "act high": length.high,
            "choices": choices.estimate, "ch low": choices.low, "ch high": choices.high,
            "lead changes": changes.estimate, "lc low": changes.low, "lc high": changes.high,
        })
    return pd.DataFrame(rows).set_index("match")


def format_summary(tables: dict[str, pd.DataFrame]) -> str:
    """The summary as plain text, one titled table per section."""
    parts = []
    for title, df in tables.items():
        text = df.to_string(index=not isinstance(df.index, pd.RangeIndex),
                            float_format=lambda x: f"{x:.3f}")
        parts.append(f"{title}\n{'-' * len(title)}\n{text}")
    return "\n\n".join(parts)
