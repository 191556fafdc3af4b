"""`tabletop remind --round N --at WORD` when WORD has already passed in round N (brief phonelog item 3; issue 39:
a reminder is said at the moment the table named): refused, saying that moment has passed and which rounds and
moments are valid, in the table's language, exit 2, nothing written. It used to be accepted and said at WORD of
round N+1. For every game of the registry (tests/joints/drivers.py), in a game played by its scripted table.

"Round" is each game's own: a Chaos round, a Time of Crisis round (every faction's turn, then the round's end), a
Radlands turn, an Anachrony Era.
"""

from __future__ import annotations

import json

import pytest
from drivers import Table, first_tables

from automata.core import fixstep, ineffect
from automata.core.games import load_game
from automata.core.runner import DiceContext, run

ROUND = 2  # the round the reminders name: a whole round played before it, so every word has come once


def _walk(table: Table, until: int | None = None, reminders=()):
    """``table`` played by its scripted table (seed 5) until round ROUND is over; yields, before each step, (its
    number, the state, the step's moment) and after it the reminders it said. With ``until``: at step ``until``, the
    reminders ``reminders`` (words) are set for round ROUND first."""
    game = fixstep.WithCorrections(load_game(table.game))
    module = ineffect.module_of(table.game)
    state = game.new_state(game.check_options(dict(table.options)), 5)
    policy = table.player(5)
    for n in range(1, 5000):
        step = game.next_step(state)
        moment = module.moment(state, step) if step is not None else None
        if moment is None or moment.round > ROUND:
            return
        if n == until:
            for word in reminders:
                add = ineffect.check_add(table.game, game, state, {"text": word, "at": word, "round": ROUND})
                assert run(game.procedure(state, ineffect.remind_step(add=add)), dice=DiceContext(5, 0, "app")).done
        said = yield n, game, state, moment
        policy.state = state
        result = run(game.procedure(state, step), policy, dice=DiceContext(5, n, "app"))
        assert result.done, f"{table.label}: step {step} stopped at {result.pending_id}"
        if said is not None:
            said.extend((e.msg.params["text"], moment) for e in result.transcript
                        if e.kind == "say" and e.msg.id == "core.remind.raised")
    raise AssertionError(f"{table.label}: round {ROUND} did not end")


def _checkpoint(table: Table) -> tuple[int, list[tuple[int, str]]]:
    """A step late in round ROUND where a word of the middle of the sequence comes (so some words have passed and
    some are still to come), and every moment entered in round ROUND: (step, word)."""
    words = ineffect.module_of(table.game).MOMENTS
    entered = [(n, m.word) for n, _, _, m in _walk(table) if m.enters and m.round == ROUND]
    middle = [n for n, w in entered if 2 <= words.index(w) < len(words) - 1]
    assert middle, f"{table.label}: no moment of the middle of round {ROUND}: {entered}"
    return middle[-1], entered


@pytest.mark.parametrize("table", first_tables(), ids=lambda t: t.label)
def test_a_word_already_passed_in_the_round_named_is_refused_and_one_still_to_come_is_said_in_it(table):
    module = ineffect.module_of(table.game)
    at, entered = _checkpoint(table)
    later = {w for n, w in entered if n >= at}  # what comes from the checkpoint to the round's end
    passed = {w for n, w in entered if n < at} - later
    assert passed, f"{table.label}: nothing passed by step {at}: the check would check nothing"
    refused, accepted = {}, []
    walk = _walk(table, until=at, reminders=())
    for n, game, state, moment in walk:
        if n == at:
            for word in module.MOMENTS:
                try:
                    ineffect.check_add(table.game, game, state, {"text": "x", "at": word, "round": ROUND})
                    accepted.append(word)
                except ineffect.RemindError as e:
                    refused[word] = e.msg
            break
    walk.close()
    assert passed <= set(refused), f"{table.label}: at step {at} passed {passed} but refused only {set(refused)}"
    assert not later & set(refused), f"{table.label}: {later & set(refused)} still come in round {ROUND}"
    for word, why in refused.items():
        assert why.id in ("core.remind.moment_passed", "core.remind.moment_passed_last"), (table.label, word, why)
        assert why.params["next"] == ROUND + 1
        valid = [term.rsplit(".", 1)[-1] for term in why.params.get("valid", [])]
        assert valid == [w for w in module.MOMENTS if w in accepted], (table.label, word, valid, accepted)
    # each word still to come in the round is said there, at its own moment, and nowhere else
    said: list = []
    walk = _walk(table, until=at, reminders=sorted(later))
    step = next(walk)
    try:
        while True:
            step = walk.send(said if step[0] >= at else None)
    except StopIteration:
        pass
    assert sorted(text for text, _ in said) == sorted(later), f"{table.label}: said {said}, to come {later}"
    assert all(m.round == ROUND and m.word == text for text, m in said), f"{table.label}: {said}"


def _midgame_remind(table: Table, monkeypatch):
    """The save of test_readers_agree's ``_midgame`` and a word already passed in its round: (word, round)."""
    from test_readers_agree import _midgame

    session = _midgame(table, monkeypatch, steps=14)
    game, state = session.game, session.save.state
    module = ineffect.module_of(table.game)
    now = module.moment(state, game.next_step(state))
    for word in module.MOMENTS:
        try:
            ineffect.check_add(table.game, fixstep.WithCorrections(game), state, {"text": "x", "at": word,
                                                                                 "round": now.round})
        except ineffect.RemindError as e:
            assert e.msg.id.startswith("core.remind.moment_passed"), (table.label, e.msg)
            return word, now.round
    raise AssertionError(f"{table.label}: no word passed in round {now.round}")


@pytest.mark.parametrize("table", first_tables(), ids=lambda t: t.label)
def test_remind_refuses_a_passed_moment_in_both_languages_and_writes_nothing(table, monkeypatch):
    from cli.words.i18n import Translator
    from cli_checks import tt
    from state.paths import game_dir

    word, round_ = _midgame_remind(table, monkeypatch)
    save = game_dir("g") / "save.toml"
    before = save.read_bytes()
    for lang in ("en", "pt-BR"):
        typed = Translator(lang)(f"{table.game}.moment.{word}")
        r = tt("--lang", lang, "remind", "pay the toll", "--round", str(round_), "--at", typed)
        assert r.exit_code == 2, (table.label, lang, r.output)
        text = " ".join(r.output.split())
        assert str(round_ + 1) in text and typed in text, (table.label, lang, text)
        head = Translator(lang).template("core.remind.moment_passed", lang).split("{moment}")[0]
        assert head.strip() and head.strip() in text, (table.label, lang, text)
        r = tt("--lang", lang, "--json", "remind", "pay the toll", "--round", str(round_), "--at", word)
        assert r.exit_code == 2 and json.loads(r.stdout)["id"].startswith("core.remind.moment_passed"), r.output
    assert save.read_bytes() == before, f"{table.label}: a refused reminder changed the save"
    # the next round is taken, as the refusal says
    assert tt("remind", "pay the toll", "--round", str(round_ + 1), "--at", word).exit_code == 0
