"""The one correction language (automata/core/fix.py) with what Chaos's board changes brought to it (issue 40 item
3): items separated by "," too, the sign apart from its amount ("+ 2"), names looked up with "-" and "_" as spaces and
without punctuation, names of any number of words, a name that also says whose (``Field.named``), and refusals whose
words show in the table's language when the rules do not know it (``lang=None``: a question's check).

A small table of its own, so that what is checked is the language and not a game's words."""

from __future__ import annotations

import pytest

from automata.core import fix
from automata.core.fix import COUNT, Field, Option, Param
from cli.words.i18n import Translator

SEATS = Param("seat", lambda state: [Option("red", "Red", ("red", "vermelho"), {"pt-BR": "vermelho"}),
                                     Option("blue", "Blue", ("blue", "azul"), {"pt-BR": "azul"})])
CARDS = Param("card", lambda state: [Option("horned", "The Horned One's Due", ("the horned one's due",)),
                                     Option("prince", "Prince", ("prince of pleasures and pain",))])
FIELDS = (
    Field("coins", ("coins", "moedas"), "core.fix.param.player", COUNT, params=(SEATS,), at=("coins", "{seat}"),
          shown={"pt-BR": "moedas"}),
    Field("knight", ("knight", "knights", "cavaleiro"), "core.fix.param.player", COUNT, params=(SEATS,),
          at=("knights", "{seat}"), shown={"pt-BR": "cavaleiro"},
          named=lambda state: {"Sir Ector": "red", "Lancelot": "blue"}),
    Field("held", ("held",), "core.fix.param.card", COUNT, params=(CARDS,), at=("held", "{card}")),
)


def state() -> dict:
    return {"coins": {"red": 3, "blue": 1}, "knights": {"red": 0, "blue": 0}, "held": {"horned": 1, "prince": 0}}


def test_a_comma_separates_items_as_a_semicolon_does():
    assert fix.parse("+2 coins red, -1 coins blue", FIELDS, state()) == fix.parse("+2 coins red; -1 coins blue",
                                                                                   FIELDS, state())


@pytest.mark.parametrize("text", ["+ 2 coins red", "+2 coins red", "+2coins red", "+ 2 moedas Vermelho"])
def test_the_sign_may_stand_apart_from_its_amount(text):
    assert fix.parse(text, FIELDS, state()) == [{"field": "coins", "keys": ["red"], "op": "add", "value": 2}]


@pytest.mark.parametrize("text", ["-held the horned one's due", "-held The Horned Ones Due", "-held the_horned-ones_due"])
def test_a_name_is_looked_up_without_punctuation_and_with_dashes_as_spaces(text):
    assert fix.parse(text, FIELDS, state()) == [{"field": "held", "keys": ["horned"], "op": "add", "value": -1}]


def test_a_name_of_five_words_is_read_whole():
    """The old limit of four words cut "prince of pleasures and pain" short."""
    assert fix.parse("held prince of pleasures and pain 1", FIELDS, state()) == [
        {"field": "held", "keys": ["prince"], "op": "set", "value": 1}]


def test_a_name_that_says_whose_may_leave_the_owner_out_and_never_contradicts_it():
    s = state()
    assert fix.parse("+sir ector; +2 lancelot blue", FIELDS, s) == [
        {"field": "knight", "keys": ["red"], "op": "add", "value": 1},
        {"field": "knight", "keys": ["blue"], "op": "add", "value": 2}]
    with pytest.raises(fix.FixError) as bad:
        fix.parse("+lancelot red", FIELDS, s)
    assert bad.value.msg.id == "core.fix.not_theirs"
    assert (bad.value.msg.params["owner"], bad.value.msg.params["other"]) == ("Blue", "Red")
    assert Translator("pt-BR").render(bad.value.msg) == "'+lancelot red': lancelot pertence a Blue, não a Red."


def test_without_a_language_the_refusal_shows_the_words_of_the_tables():
    """A question's check does not know the table's language: the valid words are core.fix.word messages, the
    closest ones every word of either language, one for each field (and each owner of a name that says whose)."""
    with pytest.raises(fix.FixError) as bad:
        fix.parse("+2 cavaleiros red", FIELDS, state(), lang=None)
    assert bad.value.msg.params["close"] == "cavaleiro"
    assert Translator("en").render(bad.value.msg).endswith("Valid: coins, knight, held.")
    assert Translator("pt-BR").render(bad.value.msg).endswith("Válidos: moedas, cavaleiro, held.")
    with pytest.raises(fix.FixError) as bad:
        fix.parse("+lancelott", FIELDS, state(), lang=None)
    assert bad.value.msg.params["close"] == "Lancelot"
    with pytest.raises(fix.FixError) as bad:
        fix.parse("+2 coins verde", FIELDS, state(), lang=None)
    assert Translator("pt-BR").render(bad.value.msg).endswith("Válidos: vermelho, azul.")
    # with a language, as tabletop fix asks: the words of that language, as text
    with pytest.raises(fix.FixError) as bad:
        fix.parse("+2 coins verde", FIELDS, state(), lang="pt-BR")
    assert bad.value.msg.params["valid"] == "vermelho, azul"
