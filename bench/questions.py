"""Questions benchmark: what the table pays, counted from the golden playthroughs ("questions are the table's cost").

Not a test (pytest does not collect ``bench/``). Run it with the project's interpreter:

    .venv/bin/python bench/questions.py [--golden tests/golden] [--json]

Every golden playthrough (``tests/golden/<game>_*.txt``) is a transcript: ``## N. <step label>`` starts a step of
the journal, and a line starting with ``? `` is one question the table answered. The questions are grouped into
the unit each game is measured by (issue 11):

- Time of Crisis: one bot turn, i.e. every step of one round that names one bot ("Round 3: yellow bot, ...");
- Chaos in the Old World: one round (every step "Round N: ..."); a golden played one action at a time
  (``chaos_*_turns.txt``, ``--summoning turns``) is reported on its own row, without a target;
- Radlands: one turn (every step "Turn N, ...": turns are numbered across both players); a queues-only golden
  (``radlands_queues_*.txt``) is reported on its own row;
- Anachrony, 3 players: one Era (every step "Era N...", the Impact included);
- Anachrony solo: one turn of the solo opponent (an Action Rounds turn step whose first line names Chronobot or
  Chronossus), and one turn of the player for comparison.

Only the structure is parsed (the step number, and the round / turn / Era number and who it belongs to at the
start of the label), never the sentences, so that goldens whose wording changes are still counted. Setup and
end-of-game steps belong to no unit and are left out. A golden this script does not know is reported as a
warning, not an error. It prints one table (game, unit, mean, max, n, golden, the issue's target) and always exits 0.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden"

HEADING = re.compile(r"^## \d+\.\s*(?P<label>.*)$")
QUESTION = "? "
# the start of a step label; English and Portuguese words, so that a golden in either language is read
ROUND = r"(?:Round|Rodada)\s+(?P<round>\d+)"
TOC_BOT = re.compile(ROUND + r"\W+(?:(?P<colour>[\w-]+)\s+bot|bot\s+(?P<colour_pt>[\w-]+))\b", re.I)
CHAOS_ROUND = re.compile(r"^" + ROUND + r"\b", re.I)
RADLANDS_TURN = re.compile(r"^(?:Turn|Turno)\s+(?P<turn>\d+)\b", re.I)  # turns are numbered across both players
ERA = re.compile(r"^Era\s+(?P<era>\d+)\b", re.I)
SOLO_TURN = re.compile(r"^Era\s+(?P<era>\d+)\b.*\D(?P<turn>\d+)\s*$", re.I)  # "Era 1, Action Rounds, turn 3"
SOLO_BOTS = ("Chronobot", "Chronossus")


# the targets, printed beside the figures (game as printed, unit): issue 11's, and issue 27's for a Chaos round
TARGETS = {
    ("Time of Crisis", "bot turn"): "mean <= 6, max <= 10",
    ("Chaos in the Old World", "round (4 Powers)"): "mean <= 8 (issue 27; was <= 10)",
    ("Radlands (full record)", "turn"): "no more than before (about 9 / 18)",
    ("Radlands (queues only)", "turn"): "mean <= 1.5",
    ("Anachrony, 3 players", "Era"): "lower wherever derivable",
    ("Anachrony solo", "Chronobot turn"): "keep (1.9 / 3)",
}


@dataclass
class Step:
    label: str
    lines: list[str]

    @property
    def questions(self) -> int:
        return sum(1 for line in self.lines if line.startswith(QUESTION))


@dataclass
class Row:
    game: str
    unit: str
    counts: list[int]
    golden: str

    def as_dict(self) -> dict:
        c = self.counts
        return {"game": self.game, "unit": self.unit, "golden": self.golden, "n": len(c),
                "mean": round(statistics.fmean(c), 2) if c else None, "max": max(c) if c else None,
                "target": TARGETS.get((self.game, self.unit), "")}


def steps(text: str) -> list[Step]:
    out: list[Step] = []
    for line in text.splitlines():
        head = HEADING.match(line)
        if head:
            out.append(Step(head.group("label").strip(), []))
        elif out:
            out[-1].lines.append(line)
    return out


def group(pairs) -> list[int]:
    """Sum the questions of (key, count) pairs by key, in the order the keys first appear."""
    totals: dict = {}
    for key, n in pairs:
        totals[key] = totals.get(key, 0) + n
    return list(totals.values())


def toc(all_steps: list[Step]) -> list[tuple[str, list[int]]]:
    pairs = []
    for s in all_steps:
        m = TOC_BOT.search(s.label)
        if m:
            pairs.append(((int(m.group("round")), (m.group("colour") or m.group("colour_pt")).lower()), s.questions))
    return [("bot turn", group(pairs))]


def chaos(all_steps: list[Step]) -> list[tuple[str, list[int]]]:
    pairs = [(int(m.group("round")), s.questions) for s in all_steps if (m := CHAOS_ROUND.match(s.label))]
    return [("round (4 Powers)", group(pairs))]


def radlands(all_steps: list[Step]) -> list[tuple[str, list[int]]]:
    pairs = [(int(m.group("turn")), s.questions) for s in all_steps if (m := RADLANDS_TURN.match(s.label))]
    return [("turn", group(pairs))]


def anachrony(all_steps: list[Step]) -> list[tuple[str, list[int]]]:
    eras = group((int(m.group("era")), s.questions) for s in all_steps if (m := ERA.match(s.label)))
    return [("Era", eras), ("Era 1", eras[:1])]


def is_bot_turn(step: Step, bot: str) -> bool:
    """The solo opponent's turn names it before the step's first question; the player's turn starts with one."""
    for line in step.lines:
        if line.startswith(QUESTION):
            return False
        if bot in line:
            return True
    return False


def anachrony_solo(all_steps: list[Step], text: str) -> list[tuple[str, list[int]]]:
    bot = next((b for b in SOLO_BOTS if b in text), "solo opponent")
    turns = [s for s in all_steps if SOLO_TURN.match(s.label)]  # "Era N ... turn M": the label ends with a number
    bot_turns = [s.questions for s in turns if is_bot_turn(s, bot)]
    own = [s.questions for s in turns if not is_bot_turn(s, bot)]
    eras = group((int(m.group("era")), s.questions) for s in all_steps if (m := ERA.match(s.label)))
    return [(f"{bot} turn", bot_turns), ("player's turn", own), ("Era", eras)]


GAMES = {
    "toc": ("Time of Crisis", lambda st, text: toc(st)),
    "chaos": ("Chaos in the Old World", lambda st, text: chaos(st)),
    "radlands": ("Radlands", lambda st, text: radlands(st)),
    "anachrony": ("Anachrony", None),
}


def measure(path: Path) -> tuple[list[Row], list[str]]:
    text = path.read_text(encoding="utf-8")
    stem = path.stem
    prefix = stem.split("_", 1)[0]
    all_steps = steps(text)
    warnings: list[str] = []
    if not all_steps:
        return [], [f"{path.name}: no '## N. ...' step headings found"]
    if prefix == "anachrony":
        solo = "_solo" in stem
        players = re.search(r"_(\d)p(?:_|$)", stem)
        game = "Anachrony solo" if solo else f"Anachrony, {players.group(1)} players" if players else "Anachrony"
        units = anachrony_solo(all_steps, text) if solo else anachrony(all_steps)
    elif prefix in GAMES:
        game, fn = GAMES[prefix]
        units = fn(all_steps, text)
        if prefix == "radlands" and "queues" in stem:
            game += " (queues only)"
        elif prefix == "radlands":
            game += " (full record)"
        elif prefix == "chaos" and "_turns" in stem:
            game += " (one action at a time)"  # --summoning turns: kept for tables that want it, no target
    else:
        return [], [f"{path.name}: no game named '{prefix}' is known to this script"]
    rows = []
    for unit, counts in units:
        if not counts:
            warnings.append(f"{path.name}: no '{unit}' found (have the step headings changed?)")
            continue
        rows.append(Row(game.strip(), unit, counts, stem))
    return rows, warnings


def table(rows: list[Row]) -> str:
    head = ("game", "unit", "mean", "max", "n", "golden", "target (issue 11 unless named)")
    body = [(r.game, r.unit, f"{statistics.fmean(r.counts):.1f}", str(max(r.counts)), str(len(r.counts)), r.golden,
             TARGETS.get((r.game, r.unit), "")) for r in rows]
    widths = [max(len(x[i]) for x in [head, *body]) for i in range(len(head))]
    right = {2, 3, 4}

    def line(cells):
        return "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return "\n".join([line(head), line(["-" * w for w in widths]), *(line(b) for b in body)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--golden", type=Path, default=GOLDEN, help="folder of the golden playthroughs")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    rows: list[Row] = []
    warnings: list[str] = []
    for path in sorted(args.golden.glob("*.txt")):
        got, warn = measure(path)
        rows += got
        warnings += warn
    if args.json:
        print(json.dumps({"rows": [r.as_dict() for r in rows], "warnings": warnings}, indent=2))
    else:
        print("Questions the table answers, per unit, in the golden playthroughs (lines starting with '? ').")
        print(table(rows) if rows else "(no golden playthrough found)")
        for w in warnings:
            print(f"warning: {w}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
