"""What a random game costs the test run: CPU seconds per whole game of each game, played by the tests' scripted
tables (``tests/automata/<game>/<game>_policy.py``) as the random-game batteries play them, and what writing a
game's save after every step adds (``state.session.Session``, as ``tabletop play`` does).

Not a test. Run it with the project's interpreter:

    .venv/bin/python bench/game_cost.py [--games 10] [--json]

It prints, for each game, the CPU seconds (user + system of this process, which a busy machine disturbs much less
than wall time) per game, the steps per game, and the number of games the full test run plays of it (its
batteries' counts, read from the tests); then one Radlands game played through ``Session`` with its save and
journal written after every step, per step. It always exits 0.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: games of each kind the full run's random-game batteries play (tests/automata/*/test_*_playthrough.py): a count
#: to weigh the cost per game by, kept by hand beside the tests' own figures
BATTERY_GAMES = {"toc": 700, "chaos": 560, "radlands": 280, "anachrony": 600, "anachrony solo": 450}


def _tests_on_path() -> None:
    for folder in sorted({p.parent for p in (ROOT / "tests").glob("*/**/*.py")}, reverse=True):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    sys.path.insert(0, str(ROOT))


def _players() -> dict:
    """Each game's whole random game by seed, as its battery plays it."""
    from anachrony_policy import play_game as anachrony
    from anachrony_solo_policy import play_solo
    from chaos_policy import play_game as chaos
    from radlands_policy import play_game as radlands
    from toc_policy import play_game as toc

    return {
        "toc": lambda seed: toc(seed, rounds=8, style="mixed", bots="red,blue,yellow"),
        "chaos": lambda seed: chaos(seed, focus=0.5, card_changes=True),
        "radlands": lambda seed: radlands(seed, first_game=bool(seed % 2)),
        "anachrony": lambda seed: anachrony(seed, players=3, busy=seed % 12),
        "anachrony solo": lambda seed: play_solo(seed, "chronobot", busy=seed % 10),
    }


def cpu() -> float:
    return time.process_time()


def per_game(play, games: int) -> tuple[float, float]:
    """(CPU seconds per game, steps per game) over ``games`` seeds, after one game not counted (the first game of
    a process also imports the game's modules and reads its data)."""
    play(1)
    start, steps = cpu(), 0
    for seed in range(games):
        _, history = play(seed * 7919 + 11)
        steps += len(history)
    return (cpu() - start) / games, steps / games


def session_steps() -> tuple[float, int]:
    """(CPU seconds per step, steps) of one Radlands game played through Session, one step per call, every step's
    save and journal written as ``tabletop play`` writes them."""
    from automata.radlands import game
    from radlands_policy import Policy
    from state.session import Session

    session = Session.create("bench", "radlands", game.check_options({}), 11, {"dice": "table"}, "2026-01-01")
    policy = Policy(11)
    start, steps = cpu(), 0
    while True:
        policy.state = session.save.state
        result = session.play(policy, max_steps=1)
        steps += result.steps_done
        if result.finished or result.steps_done == 0:
            break
    return (cpu() - start) / max(steps, 1), steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="random games of each game (default 10)")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args()
    os.environ["TABLETOP_HOME"] = tempfile.mkdtemp(prefix="tabletop-bench-")
    os.environ.setdefault("TABLETOP_NOW", "2026-01-01T10:00:00Z")
    _tests_on_path()
    rows = {}
    for name, play in _players().items():
        seconds, steps = per_game(play, max(1, args.games))
        rows[name] = {"cpu_per_game": round(seconds, 4), "steps_per_game": round(steps, 1),
                      "battery_games": BATTERY_GAMES[name], "battery_cpu": round(seconds * BATTERY_GAMES[name], 1)}
    per_step, steps = session_steps()
    out = {"games": rows, "session_radlands": {"cpu_per_step": round(per_step, 5), "steps": steps},
           "measured": time.strftime("%Y-%m-%d %H:%M")}
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{'game':<16}{'CPU-s/game':>12}{'steps/game':>12}{'battery games':>15}{'battery CPU-s':>15}")
    for name, row in rows.items():
        print(f"{name:<16}{row['cpu_per_game']:>12.4f}{row['steps_per_game']:>12.1f}{row['battery_games']:>15}"
              f"{row['battery_cpu']:>15.1f}")
    print(f"Radlands through Session, saved after every step: {per_step * 1000:.2f} ms CPU a step ({steps} steps)")
    return 0


if __name__ == "__main__":
    try:
        main()
    except Exception as e:  # a bench never fails the caller: it says what went wrong
        print(f"bench/game_cost.py could not measure: {type(e).__name__}: {e}")
    sys.exit(0)
