"""The play loop of the scripted tables (toc_policy, chaos_policy, radlands_policy, anachrony_policy,
anachrony_solo_policy): a whole game answered by a seeded policy; and the golden transcripts made of such games,
used by every game's playthrough tests."""

from __future__ import annotations

import os
from pathlib import Path

from automata.core.runner import DiceContext, run


def transcript(game, history, lang: str = "en") -> str:
    """A played game as the table reads it: each step's label, then its lines (the golden files' format)."""
    from cli.words.i18n import Translator
    from cli.terminal.render import event_text

    t = Translator(lang)
    lines = []
    for n, (step, result) in enumerate(history, 1):
        lines.append(f"## {n}. {t.render(game.step_label(step))}")
        lines.extend(event_text(t, e) for e in result.transcript)
    return "\n".join(lines) + "\n"


def golden_text(path: Path, text: str) -> str:
    """The golden file's text to compare ``text`` with; UPDATE_GOLDEN=1 rewrites it first (read the diff)."""
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    return path.read_text(encoding="utf-8")


def play_steps(game, state: dict, policy, seed: int, steps: int, dice: str = "table", until=None) -> dict:
    """Play at most ``steps`` steps of ``state`` with ``policy`` (fewer when the game ends, or as soon as
    ``until(state)``), for a test that needs a game part-way through; returns the state."""
    policy.state = state
    for n in range(1, steps + 1):
        step = game.next_step(state)
        if step is None or (until is not None and until(state)):
            break
        run(game.procedure(state, step), policy, dice=DiceContext(seed, n, dice))
    return state


def play_policy(game, state: dict, policy, seed: int, on_step=None, max_steps: int = 2000):
    """Play ``state`` to its end with ``policy`` (table dice); returns (final state, list of (step, RunResult))."""
    policy.state = state
    history = []
    for n in range(1, max_steps + 1):
        step = game.next_step(state)
        if step is None:
            return state, history
        result = run(game.procedure(state, step), policy, dice=DiceContext(seed, n, "table"))
        assert result.done, f"step {step} stopped at {result.pending_id}"
        history.append((step, result))
        if on_step is not None:
            on_step(state, step, result)
    raise AssertionError("the game did not end")
