"""Chaos round questions by kind: why the Chaos golden costs what it costs.

Not a test (pytest does not collect ``bench/``). Run it with the project's interpreter:

    .venv/bin/python bench/chaos_questions.py [--json]

``bench/questions.py`` counts the questions of a Chaos round from the golden transcript, which holds the
sentences but not the question ids. This script plays the same scripted game again (the golden test's seed and
policy, ``tests/automata/chaos/chaos_policy.py``), reads the id of every question the table answered, and sorts
the questions of the rounds into three kinds:

- only the table knows it: the Old World card drawn from the shuffled deck, each Power's Summoning record;
- a player's own choice: battle targets, upgrade cards, Tzeentch's discard, where a card or a dial puts tokens;
- a card's effect typed by the table: what an Old World card or a Chaos card changed on the board, and whether an
  Old World card prints an End-phase effect (the card's text is in no public source, or the card leaves a choice
  the program asks as a board change). For 16 of the 22 Old World cards no public source gives the effect
  (``automata/chaos/data/old_world.toml`` records the search); an owner can enter the printed effects in
  ``overrides/chaos.toml``, and these questions then go away.

It checks that the replay asked as many round questions as the golden holds (a warning otherwise), prints the
mean per round of each kind beside the issue 27 target, and always exits 0.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "chaos_4p_seed149.txt"
SEED, FOCUS = 149, 0.8  # test_chaos_playthrough.test_golden_four_power_game
TARGET = 8.0

# (kind, pattern of the question id), first match wins
KINDS = [
    ("table", re.compile(r"^chaos\.(oldworld\.card|summon\.)")),
    ("choice", re.compile(r"\.(target|early_target|upgrade|discard|noble)$|^chaos\.oldworld\.r\d+\.\w+\.\d+$")),
    ("card", re.compile(r"^chaos\.(oldworld\.changes|end\.oldworld\.\d+\.changes|oldworld\.\w+\.end_phase|card\.\w+\.changes)$")),
]
LABELS = {
    "table": "only the table knows it (Old World draw, Summoning records)",
    "choice": "a player's own choice (targets, upgrades, discards, token places)",
    "card": "a card's effect typed by the table (no public text, or a choice inside it)",
    "other": "other",
}


def kind_of(question_id: str) -> str:
    for kind, pattern in KINDS:
        if pattern.search(question_id):
            return kind
    return "other"


def replay() -> list[tuple[int, str]]:
    """(round, question id) of every question the table answered in a round of the golden game."""
    for sub in ("tests", "tests/automata", "tests/automata/chaos"):
        sys.path.insert(0, str(ROOT / sub))
    sys.path.insert(0, str(ROOT))
    from chaos_policy import play_game

    _, history = play_game(SEED, focus=FOCUS)
    out = []
    for step, result in history:
        if "round" not in step:
            continue
        out += [(step["round"], e.id) for e in result.transcript if e.kind == "ask"]
    return out


def golden_round_questions() -> int | None:
    """The questions of the golden's rounds, counted as bench/questions.py counts them."""
    if not GOLDEN.exists():
        return None
    from questions import chaos, steps  # bench/questions.py, beside this script

    [(_, per_round)] = chaos(steps(GOLDEN.read_text(encoding="utf-8")))
    return sum(per_round)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    asked = replay()
    rounds = sorted({r for r, _ in asked})
    by_kind = Counter(kind_of(q) for _, q in asked)
    n = len(rounds) or 1
    golden = golden_round_questions()
    warnings = []
    if golden is not None and golden != len(asked):
        warnings.append(f"the replay asked {len(asked)} round questions, the golden holds {golden}: regenerate one of them")
    other = sorted({q for _, q in asked if kind_of(q) == "other"})
    if other:
        warnings.append("question ids of no known kind: " + ", ".join(other))
    per_round = {k: round(by_kind.get(k, 0) / n, 2) for k in LABELS}
    without_cards = round((len(asked) - by_kind.get("card", 0)) / n, 2)
    if args.json:
        print(json.dumps({"rounds": len(rounds), "questions": len(asked), "per_round": per_round,
                          "mean": round(len(asked) / n, 2), "mean_without_card_texts": without_cards,
                          "target": TARGET, "warnings": warnings}, indent=2))
        return 0
    print(f"Chaos golden (seed {SEED}), {len(rounds)} rounds, {len(asked)} questions in rounds, by kind of question id:")
    width = max(len(v) for v in LABELS.values())
    for k, label in LABELS.items():
        if by_kind.get(k, 0) or k != "other":
            print(f"  {label.ljust(width)}  {by_kind.get(k, 0):3d}  {per_round[k]:5.2f} a round")
    print(f"  {'all'.ljust(width)}  {len(asked):3d}  {len(asked) / n:5.2f} a round   target <= {TARGET:g} (issue 27)")
    print(f"  {'all but the card effects typed by the table'.ljust(width)}  "
          f"{len(asked) - by_kind.get('card', 0):3d}  {without_cards:5.2f} a round")
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
