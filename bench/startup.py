"""Start-up benchmark: how fast the everyday commands answer, relative to importing Typer.

Not a test. Run it with the project's interpreter:

    .venv/bin/python bench/startup.py [--runs 15]

It measures, side by side and interleaved in one run: ``python -c "import typer"``
(the baseline, same interpreter), ``tabletop --help``, ``tabletop status --json``
on a fresh Chaos save, and the same on a save whose journal has 5,000 entries;
each as the median wall time of ``subprocess.run`` and the median CPU time
(user + system) of the child, which a busy machine disturbs much less. It
prints the figures, both ratios beside the targets (issue 27: at most 1.3 for
``--help`` and ``status --json``), and always exits 0.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LONG_ENTRIES = 5_000
TARGETS = {"help": 1.3, "status_new": 1.3, "long_vs_new": 2.0}


def tabletop_exe() -> str:
    exe = Path(sys.executable).with_name("tabletop")
    if exe.exists():
        return str(exe)
    found = shutil.which("tabletop")
    if not found:
        sys.exit("cannot find the 'tabletop' console script: install the project into this interpreter's environment")
    return found


class AutoAnswers:
    """Scripted answers for any question: yes, the lowest number, the first choice, no board edits."""

    def answer(self, ask):
        from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, TEXT, YES_NO

        if ask.kind == YES_NO:
            return "yes", "answers"
        if ask.kind == NUMBER:
            return (ask.min if ask.min is not None else 0), "answers"
        if ask.kind == ONE_OF:
            return next(c.value for c in ask.choices if c.unavailable is None), "answers"
        if ask.kind == SEVERAL_OF:
            return [c.value for c in ask.choices[: ask.min or 0]], "answers"
        if ask.kind == TEXT:
            return "none", "answers"
        raise ValueError(ask.kind)

    def table_dice(self, roll, spec):
        from automata.core.runner import NO_ANSWER

        return NO_ANSWER


def make_saves(home: Path, exe: str, env: dict) -> str:
    """A fresh save 'fresh' (made by the CLI) and a save 'long' with a 5,000-entry journal. Returns how 'long' was made."""
    subprocess.run([exe, "new", "chaos", "--name", "fresh", "--seed", "7"], env=env, check=True, capture_output=True)

    os.environ["TABLETOP_HOME"] = str(home)  # for the in-process session below
    from automata.chaos import game
    from state.save import read, write
    from state.session import Session

    options = game.check_options({"powers": "khorne,nurgle,tzeentch,slaanesh"})
    session = Session.create("long", "chaos", options, 7, {"dice": "app"}, "2024-01-01T00:00:00+00:00")
    result = session.play(AutoAnswers())
    real = session.save.journal()
    played = len(real)
    if played >= LONG_ENTRIES:
        session.undo(played - LONG_ENTRIES)
        return f"a real scripted Chaos game, {LONG_ENTRIES:,} steps played"
    # A Chaos game ends long before 5,000 steps: repeat the real entries, renumbered.
    save = read(session.save.folder)
    entries = []
    while len(entries) < LONG_ENTRIES:
        for e in real:
            if len(entries) == LONG_ENTRIES:
                break
            entries.append({**e, "n": len(entries) + 1})
    save._journal = entries
    save.journal_length = LONG_ENTRIES
    from state import clock

    save.clock = clock.tally_of(entries, clock.break_after(save.settings))  # as the program keeps it (state/clock.py)
    write(save)
    how = "finished" if result.finished else "stopped"
    return (f"journal.toml of {LONG_ENTRIES:,} well-formed entries: the {played} entries of a real Chaos game "
            f"played with scripted answers ({how} at step {played}), repeated and renumbered; "
            f"save.toml holds that game's final state")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="repetitions of each command (default 15)")
    args = parser.parse_args()

    exe = tabletop_exe()
    home = Path(tempfile.mkdtemp(prefix="tabletop-bench-"))
    env = {**os.environ, "TABLETOP_HOME": str(home), "TABLETOP_NO_PROMPT": "1", "TABLETOP_LANG": "en", "NO_COLOR": "1"}
    # Measure the installed steady state, as on a player's machine: Python may write its bytecode
    # caches (some shells and CI set PYTHONDONTWRITEBYTECODE, which recompiles every module on every run).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    try:
        how_long = make_saves(home, exe, env)
        journal_size = (home / "games" / "long" / "journal.toml").stat().st_size
        commands = {
            "import typer": [sys.executable, "-c", "import typer"],
            "tabletop --help": [exe, "--help"],
            "status --json (new save)": [exe, "--game", "fresh", "status", "--json"],
            f"status --json ({LONG_ENTRIES:,} entries)": [exe, "--game", "long", "status", "--json"],
        }
        for cmd in commands.values():  # warm the caches; every command must succeed
            subprocess.run(cmd, env=env, check=True, capture_output=True)
        times: dict[str, list[float]] = {name: [] for name in commands}
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, cmd in commands.items():  # interleaved: drift affects all alike
                r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
                t0 = time.perf_counter()
                subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                times[name].append(time.perf_counter() - t0)
                r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu[name].append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
    finally:
        shutil.rmtree(home, ignore_errors=True)

    med = {name: statistics.median(ts) for name, ts in times.items()}
    med_cpu = {name: statistics.median(ts) for name, ts in cpu.items()}
    base, help_, new, long = (med[n] for n in commands)
    cbase, chelp, cnew, clong = (med_cpu[n] for n in commands)
    print(f"tabletop start-up, {args.runs} interleaved runs each, medians ({sys.executable})")
    print(f"long save: {how_long} ({journal_size / 1e6:.1f} MB)")
    print()
    print(f"{'command':<34}{'wall ms':>9}{'min ms':>9}{'max ms':>9}{'cpu ms':>9}")
    for name, ts in times.items():
        print(f"{name:<34}{med[name] * 1000:>9.1f}{min(ts) * 1000:>9.1f}{max(ts) * 1000:>9.1f}{med_cpu[name] * 1000:>9.1f}")
    print()
    rows = [
        ("tabletop --help / import typer", help_ / base, chelp / cbase, TARGETS["help"]),
        ("status new save / import typer", new / base, cnew / cbase, TARGETS["status_new"]),
        ("status long save / new save", long / new, clong / cnew, TARGETS["long_vs_new"]),
    ]
    print(f"{'ratio':<34}{'wall':>7}{'cpu':>7}{'target':>9}")
    for label, wall, cpu_ratio, target in rows:
        verdict = "ok" if max(wall, cpu_ratio) <= target else ("ok on cpu" if cpu_ratio <= target else "OVER")
        print(f"{label:<34}{wall:>7.2f}{cpu_ratio:>7.2f}{'<= ' + format(target, '.1f'):>9}  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
