"""Shared by the component-list tests (issue 26): a game's setup played by a plain table (yes to every "done?",
the first choice, no to "include for sure"), its Says collected, and one item of a list looked up by key."""

from __future__ import annotations

from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, YES_NO, Ask, Roll, Say


def answer(ask: Ask):
    if ask.kind == YES_NO:
        return ".sure." not in ask.id
    if ask.kind == ONE_OF:
        return next(c.value for c in ask.choices if c.available)
    if ask.kind == SEVERAL_OF:
        return [c.value for c in ask.choices if c.available][: ask.min or 0]
    if ask.kind == NUMBER:
        return ask.min or 0
    return ""


def play_setup(game, state: dict, is_setup) -> list:
    """Every step while ``is_setup(step)``: the Says' messages, in order (the state is changed in place)."""
    says = []
    while True:
        step = game.next_step(state)
        if step is None or not is_setup(step):
            return says
        gen = game.procedure(state, step)
        sent = None
        try:
            while True:
                event = gen.send(sent)
                sent = None
                if isinstance(event, Say):
                    says.append(event.msg)
                elif isinstance(event, Ask):
                    sent = answer(event)
                elif isinstance(event, Roll):
                    sent = [1] * int(event.dice.split("d")[0] or 1)
        except StopIteration:
            pass


def said(says: list, msg_id: str) -> list[dict]:
    """The parameters of every Say of ``msg_id`` (a ``.solo`` form counts too)."""
    return [m.params for m in says if m.id in (msg_id, msg_id + ".solo")]


def count(items: list[dict], key: str) -> int | None:
    (found,) = [it["count"] for it in items if it["key"] == key]
    return found
