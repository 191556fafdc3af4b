"""A whole game played through real saves with random corrections between its steps (issue 23), for every game's
correction property test: each correction is journalled, the journal replays to the same state, and the game
still ends. The files are written once, at the end (tests/state/deferred_writes.py), and the check is made again
on the save read back from them."""

from __future__ import annotations

from automata.core import fix, fixstep
from deferred_writes import reopened, writes_at_the_end


def random_value(row: dict, rng):
    """A value for one row of ``fix.listing``: one of its choices, or its count one up or down within its limits."""
    if "choices" in row:
        return rng.choice(row["choices"])
    value = max(row["min"], row["value"] + rng.choice((-1, 1)))
    return min(value, row.get("max", value))


def play_with_random_corrections(session, policy, rng, share: float, max_steps: int = 3000) -> int:
    """Play ``session`` to its end with ``policy``, correcting a random value after a ``share`` of the steps (a
    correction the rules refuse is simply not made); check the journal and its replay; return how many were made."""
    corrections = 0
    with writes_at_the_end(session):
        for _ in range(max_steps):
            policy.state = session.save.state
            result = session.play(policy, max_steps=1)
            if result.finished or session.game.next_step(session.save.state) is None:
                break
            if rng.random() < share:
                row = rng.choice(fix.listing(session.save.state, session.game.fix_fields))
                try:
                    changes = fix.parse(f"{row['words']} {random_value(row, rng)}", session.game.fix_fields, session.save.state)
                    session.correct(fixstep.step(changes))
                except fix.FixError:
                    continue  # outside the rules' limits: refused, nothing written
                corrections += 1
        else:
            raise AssertionError(f"{session.save.name}: the game did not end")
    for played in (session, reopened(session)):  # as played, then as the next command reads it from its files
        journal = played.save.journal()
        assert sum(1 for e in journal if fixstep.is_fix(e["step"])) == corrections
        assert played.replay(journal) == played.save.state
    return corrections
