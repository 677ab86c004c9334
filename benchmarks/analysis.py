"""Tournament speed: games per second, in one process and in a pool of two.

``run()`` times whole recorded matches — :func:`~wpp.analysis.tournament.run_match`, tables
included, as the command line runs them — for classic against classic and random against
random, with 1 and 2 worker processes, and the scaling ratio from 1 to 2 workers (2.0 would
be perfect; the goal is 1.8 on a 2-core machine). ``python -m benchmarks`` calls it;
``python -m benchmarks.analysis`` prints it alone.

Wall-clock scaling needs idle cores: on a machine busy with other work, two workers cannot
run twice as fast. So each figure is the best of a few interleaved runs, the load average is
reported, and so is the *work ratio* — CPU seconds spent by the 2-worker run (workers and
parent) over those of the 1-worker run — which does not depend on the load: 1.00 means the
pool adds no work, so on two free cores the scaling would be close to 2.

The tournament records every decision for the analysis (the game's hooks: branching, spread,
lead estimates, its own columns). What that costs is measured against the named peer, the
kit's bare self-play loop (:func:`wpp.core.selfplay.play_out`) playing the same games with
the same agents, in CPU time, for every line-up of :data:`RECORDED` (any registered game).
"""

from __future__ import annotations

import os
import time

from wpp.analysis.tournament import run_match
from wpp.core import arena
from wpp.core.registry import make_agent, new_game
from wpp.core.selfplay import play_out

__all__ = ["run", "time_match", "time_recording"]

#: Line-ups whose recording cost is measured: game → (agents by seat, deals).
RECORDED: dict[str, tuple[tuple[str, ...], int]] = {
    "warpairs": (("random", "random"), 100),
    "draw": (("exact", "random", "random"), 60),
}

#: Games per timed match: enough for a few seconds each, so that starting the pool is noise.
GAMES = {"classic": 1600, "random": 600}
#: Each speed is the best of this many runs: other work on the machine only ever slows a
#: run down, so the fastest run is the closest to what the code itself can do.
REPEATS = 3


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Unix: parent only
        return time.process_time()
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def time_match(agent: str, games: int, workers: int, seed: int = 0) -> tuple[float, float]:
    """Games per second of one mirror match of ``agent``, and the CPU seconds it used."""
    cpu = _cpu_seconds()
    start = time.perf_counter()
    result = run_match("warpairs", (agent, agent), games, seed, workers=workers, progress=False)
    elapsed = time.perf_counter() - start
    if len(result.games) != games:
        raise RuntimeError(f"expected {games} games, got {len(result.games)}")
    return games / elapsed, _cpu_seconds() - cpu


def time_recording(game: str, agents: tuple[str, ...], deals: int,
                   repeats: int = 1) -> tuple[float, float]:
    """Games per CPU second of the same games played recorded (the tournament's
    :func:`~wpp.core.arena.play_chunk`) and by the bare self-play loop, best of ``repeats``."""
    specs = arena.schedule(game, agents, deals)

    def bare() -> None:
        for spec in specs:
            bots = [make_agent(game, name, arena.agent_seed(spec, seat))
                    for seat, name in enumerate(spec.agents)]
            play_out(new_game(game, spec.seed, len(agents), history=False), bots)

    def recorded() -> None:
        arena.play_chunk(specs)

    out = []
    for fn in (recorded, bare):
        best = float("inf")
        for _ in range(repeats):
            start = time.process_time()
            fn()
            best = min(best, time.process_time() - start)
        out.append(len(specs) / best if best > 0 else float("inf"))
    return out[0], out[1]


def run(scale: float = 1.0, quick: bool = False) -> dict[str, float]:
    """The figures, by name; ``scale`` multiplies the number of games (e.g. 0.1 to try);
    ``quick`` (``python -m benchmarks --quick``) times each match once instead of keeping
    the best of :data:`REPEATS` (fewer games would make starting the pool dominate)."""
    repeats = 1 if quick else REPEATS
    out: dict[str, float] = {}
    out["tournament: load average at start (1 min)"] = os.getloadavg()[0]
    for agent, n in GAMES.items():
        games = max(20, int(n * scale) // 2 * 2)
        time_match(agent, 20, 1)  # warm-up: imports, first-call caches
        one = two = 0.0
        cpu_one = cpu_two = float("inf")
        for _ in range(repeats):  # interleaved, so that a busy spell hits both alike
            speed, cpu = time_match(agent, games, 1)
            one, cpu_one = max(one, speed), min(cpu_one, cpu)
            speed, cpu = time_match(agent, games, 2)
            two, cpu_two = max(two, speed), min(cpu_two, cpu)
        prefix = f"tournament {agent} vs {agent}"
        out[f"{prefix}, 1 worker (games/s)"] = one
        out[f"{prefix}, 2 workers (games/s)"] = two
        out[f"{prefix}, scaling 1→2 workers"] = two / one
        out[f"{prefix}, work ratio 2/1 workers (CPU s)"] = cpu_two / cpu_one
    for game, (lineup, deals) in RECORDED.items():
        n = max(2, int(deals * scale))
        time_recording(game, lineup, 2)  # warm-up
        recorded, bare = time_recording(game, lineup, n, repeats)
        prefix = f"tournament {game} {','.join(lineup)}"
        out[f"{prefix}, recorded (games/CPU s)"] = recorded
        out[f"{prefix}, bare play_out (games/CPU s)"] = bare
        out[f"{prefix}, recording cost (bare/recorded)"] = bare / recorded
    return out


if __name__ == "__main__":
    print(f"{os.cpu_count()} CPUs")
    for name, value in run().items():
        print(f"{name:58s} {value:8.2f}")
