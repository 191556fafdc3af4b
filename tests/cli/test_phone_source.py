"""A phone's answer is named as one (brief phonelog item 1; docs/phones.md "A phone's answer"): the server records it
with source "phone", and the journal's lines say it was answered on the phone, in the table's language. An answer
recorded before (source "table", or none at all in the oldest saves) reads as it always did: typed at the table."""

from __future__ import annotations

import pytest

from automata.core.msg import Msg
from automata.core.runner import Event, Record
from cli.terminal.render import event_text
from cli.words.i18n import Translator

SUFFIX = {"en": " (answered on the phone)", "pt-BR": " (respondido no celular)"}


def _asked(source: str) -> dict:
    return Event("ask", Msg("core.yes"), id="q", value=True, source=source).to_data()


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_a_phone_answer_says_it_came_from_the_phone(lang):
    t = Translator(lang)
    typed = event_text(t, Event.from_data(_asked("table")))
    assert event_text(t, Event.from_data(_asked("phone"))) == typed + SUFFIX[lang]
    assert t("core.source.phone") not in ("", "core.source.phone")


def test_an_old_saves_answers_read_as_typed_at_the_table():
    old = {"id": "q", "value": True}  # the oldest saves keep no source
    assert Record.from_data(old).source == "table"
    assert Record.from_data({**old, "source": "table"}).source == "table"
    assert not event_text(Translator("en"), Event.from_data(_asked("table"))).endswith(SUFFIX["en"])


def test_the_server_records_a_phone_answer_as_the_phones(monkeypatch):
    """``OneAnswer`` (the source apply_answer plays) names its answer "phone"; the seat check is the same."""
    from cli.phones import seatserve

    class Save:
        game, state, pending = "chaos", {}, {"step": {}}

    class Session:
        save = Save()

    monkeypatch.setattr("automata.core.seats.question_seat", lambda *a: "khorne")
    ask = type("Ask", (), {"id": "q"})()
    assert seatserve.OneAnswer(Session(), "q", "yes", "khorne").answer(ask) == ("yes", "phone")
    with pytest.raises(seatserve.NotThisSeat):
        seatserve.OneAnswer(Session(), "q", "yes", "nurgle").answer(ask)
