"""Mid-game saves of every game, made by the scripted tables of tests/automata (for the damaged-save battery).

Each save has a journal of some steps and a step in progress with one answer given, written through the
ordinary ``state.save.write``, so it is exactly what ``tabletop play`` leaves behind when the terminal closes.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "automata"))  # the policies live beside the playthrough tests

#: name -> (game id, raw options, policy factory, steps to journal)
GAMES = {
    "chaos": ("chaos", {"powers": "khorne,nurgle,tzeentch,slaanesh"}, "chaos_policy:Policy", 30),
    "toc": ("toc", {"humans": 1, "bots": "red,blue,yellow", "cards": "fixed", "emperor_rules": True}, "toc_policy:Policy", 30),
    "radlands": ("radlands", {"first_game": True, "players": ""}, "radlands_policy:Policy", 30),
    "anachrony": ("anachrony", {"players": 3, "modules": "neutronide,hypersync,quantum-loops,intrigues", "random": "app"},
                  "anachrony_policy:Policy", 30),
    "anachrony_solo": ("anachrony", {"players": 1, "modules": "", "random": "app", "opponent": "chronobot"},
                       "anachrony_solo_policy:SoloPolicy", 30),
}


class _FirstAnswerOnly:
    """Answers the first question of a step with the policy, then nothing: a step left in progress."""

    def __init__(self, policy):
        self.policy = policy
        self.given = 0

    def answer(self, ask):
        from automata.core.runner import NO_ANSWER

        if self.given:
            return NO_ANSWER
        self.given += 1
        return self.policy.answer(ask)

    def table_dice(self, roll, spec):
        return self.policy.table_dice(roll, spec)


def build(folder: Path, which: str, seed: int = 11) -> Path:
    """Write the mid-game save ``which`` into ``folder`` (a game folder); returns it."""
    import importlib

    from automata.core.games import load_game
    from automata.core.runner import DiceContext, run
    from state.save import Save, write

    game_id, raw, factory, steps = GAMES[which]
    game = load_game(game_id)
    module, cls = factory.split(":")
    policy = getattr(importlib.import_module(module), cls)(seed)
    options = game.check_options(dict(raw))
    state = game.new_state(options, seed)
    policy.state = state
    journal = []
    for n in range(1, steps + 1):
        step = game.next_step(state)
        assert step is not None, f"{which} ended before {steps} steps"
        result = run(game.procedure(state, step), policy, dice=DiceContext(seed, n, "table"))
        assert result.done
        journal.append({"n": n, "label": game.step_label(step).to_data(), "step": step,
                        "records": [r.to_data() for r in result.records]})
    import copy

    pending = None
    for _ in range(50):  # find a step that asks a question; complete those that do not
        step = game.next_step(state)
        working = copy.deepcopy(state)
        result = run(game.procedure(working, step), _FirstAnswerOnly(policy), dice=DiceContext(seed, len(journal) + 1, "table"))
        if not result.done and result.records:
            pending = {"step": step, "records": [r.to_data() for r in result.records]}
            break
        result = run(game.procedure(state, step), policy, dice=DiceContext(seed, len(journal) + 1, "table"))
        journal.append({"n": len(journal) + 1, "label": game.step_label(step).to_data(), "step": step,
                        "records": [r.to_data() for r in result.records]})
    save = Save(name=folder.name, game=game_id, seed=seed, options=options, settings={"dice": "table"}, state=state,
                journal_length=len(journal), pending=pending, created="2026-01-01T00:00:00+00:00", folder=folder)
    save._journal = journal
    write(save)
    write(save)  # a second time, so that both .bak files exist
    return folder


def copy_game(template: Path, home: Path, name: str) -> Path:
    dest = home / "games" / name
    shutil.copytree(template, dest)
    (home / "current").write_text(name + "\n", encoding="utf-8")
    return dest


def reseal(folder: Path) -> None:
    """Give ``save.toml`` the digests of the files as they are now (its own, and its journal's): a damage made this
    way is one the digests cannot see (as a program's own mistake would be), for the checks behind them."""
    import hashlib
    import tomllib

    from state.save import dumps

    data = tomllib.loads((folder / "save.toml").read_text(encoding="utf-8"))
    data.pop("digest", None)
    data["journal_sha256"] = hashlib.sha256((folder / "journal.toml").read_bytes()).hexdigest()
    (folder / "save.toml").write_text(dumps(data, digest=True), encoding="utf-8")
