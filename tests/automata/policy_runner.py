"""The play loop of the scripted tables (chaos_policy, toc_policy): a whole game answered by a seeded policy."""

from __future__ import annotations

from automata.core.runner import DiceContext, run


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
