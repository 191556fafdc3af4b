"""Ask kinds: how raw answers (from a flag, a file or a prompt) become stored values."""

import pytest

from automata.core.steps import (
    NUMBER,
    ONE_OF,
    SEVERAL_OF,
    TEXT,
    YES_NO,
    Ask,
    Choice,
    InvalidAnswer,
    Msg,
    msg,
)

REGIONS = (
    Choice("kislev", msg("r.kislev")),
    Choice("empire", msg("r.empire"), ("imperio", "reich")),
    Choice("the_border_princes", msg("r.bp"), ("bp",)),
    Choice("estalia", msg("r.estalia")),
)


def ask(kind, **kw):
    return Ask("t.q", msg("t.q"), kind, **kw)


@pytest.mark.parametrize("raw", [True, "y", "Yes", " YES ", "true", "1", "s", "sim", "on"])
def test_yes_no_true(raw):
    assert ask(YES_NO).normalise(raw) is True


@pytest.mark.parametrize("raw", [False, "n", "No", "false", "0", "nao", "não", "off"])
def test_yes_no_false(raw):
    assert ask(YES_NO).normalise(raw) is False


def test_yes_no_rejects_anything_else():
    with pytest.raises(InvalidAnswer) as e:
        ask(YES_NO).normalise("maybe")
    assert e.value.msg == msg("core.invalid.yesno", value="maybe")


def test_number_within_bounds():
    a = ask(NUMBER, min=0, max=5)
    assert a.normalise("0") == 0
    assert a.normalise(" 5 ") == 5
    assert a.normalise(3) == 3


@pytest.mark.parametrize("raw", ["-1", "6", 99])
def test_number_out_of_bounds(raw):
    with pytest.raises(InvalidAnswer) as e:
        ask(NUMBER, min=0, max=5).normalise(raw)
    assert e.value.msg.id == "core.invalid.range"
    assert e.value.msg.params["min"] == 0 and e.value.msg.params["max"] == 5


def test_number_open_ended():
    assert ask(NUMBER, min=1).normalise("1000") == 1000


def test_an_open_ended_number_refused_says_or_more_not_an_empty_range():
    """Issue 30 item 18: a refused open-ended number said "Valid: 0 to ." (pt-BR "de 0 a ."): it says "0 or
    more" ("0 ou mais"), and "N or less" with no lower bound."""
    from cli.words.i18n import Translator

    with pytest.raises(InvalidAnswer) as e:
        ask(NUMBER, min=0).normalise("-3")
    assert e.value.msg == msg("core.invalid.at_least", value=-3, min=0)
    with pytest.raises(InvalidAnswer) as low:
        ask(NUMBER, max=4).normalise("9")
    assert low.value.msg == msg("core.invalid.at_most", value=9, max=4)
    assert Translator("en").render(e.value.msg).endswith("Valid: 0 or more.")
    assert Translator("pt-BR").render(e.value.msg).endswith("Válido: 0 ou mais.")
    with pytest.raises(InvalidAnswer):
        ask(NUMBER, min=1).normalise("0")
    assert ask(NUMBER).normalise("-7") == -7


@pytest.mark.parametrize("raw", ["three", "2.5", "", True])
def test_number_not_a_number(raw):
    with pytest.raises(InvalidAnswer) as e:
        ask(NUMBER, min=0, max=5).normalise(raw)
    assert e.value.msg.id == "core.invalid.number"


@pytest.mark.parametrize(
    "raw, value",
    [
        ("kislev", "kislev"),
        ("Kislev", "kislev"),
        ("  KISLEV ", "kislev"),
        ("Empire", "empire"),
        ("Império", "empire"),  # alias, accent folded
        ("REICH", "empire"),
        ("The Border Princes", "the_border_princes"),  # spaces -> underscores
        ("the-border-princes", "the_border_princes"),
        ("BP", "the_border_princes"),
        ("Éstàlia", "estalia"),
    ],
)
def test_one_of_matching(raw, value):
    assert ask(ONE_OF, choices=REGIONS).normalise(raw) == value


def test_one_of_close_match_error():
    with pytest.raises(InvalidAnswer) as e:
        ask(ONE_OF, choices=REGIONS).normalise("kislv")
    m = e.value.msg
    assert m.id == "core.invalid.choice"
    assert m.params["value"] == "kislv"
    assert m.params["close"].split(", ")[0] == "kislev"
    assert m.params["valid"] == "kislev, empire, the_border_princes, estalia"


def test_one_of_no_close_match():
    with pytest.raises(InvalidAnswer) as e:
        ask(ONE_OF, choices=REGIONS).normalise("zzzzzz")
    assert e.value.msg.params["close"] == ""  # the message then says nothing of close matches (issue 16)


def test_several_of_from_text_and_list():
    a = ask(SEVERAL_OF, choices=REGIONS)
    assert a.normalise("kislev, Empire") == ["kislev", "empire"]
    assert a.normalise(["estalia", "bp"]) == ["estalia", "the_border_princes"]
    assert a.normalise("") == []
    assert a.normalise("kislev,,estalia,") == ["kislev", "estalia"]


def test_several_of_rejects_repeats_unknowns_and_bad_counts():
    a = ask(SEVERAL_OF, choices=REGIONS, min=1, max=2)
    with pytest.raises(InvalidAnswer) as e:
        a.normalise("kislev, KISLEV")
    assert e.value.msg == msg("core.invalid.repeated", value="kislev")
    with pytest.raises(InvalidAnswer) as e:
        a.normalise("kislev, narnia")
    assert e.value.msg.id == "core.invalid.choice"
    with pytest.raises(InvalidAnswer) as e:
        a.normalise("")
    assert e.value.msg == msg("core.invalid.count", count=0, min=1, max=2)
    with pytest.raises(InvalidAnswer) as e:
        a.normalise("kislev, empire, estalia")
    assert e.value.msg.params["count"] == 3


def test_text_with_custom_check():
    def check(text):
        parts = text.split()
        if len(parts) != 2 or not parts[1].isdigit():
            raise InvalidAnswer(msg("t.bad_edit", value=text))
        return {"region": parts[0], "count": int(parts[1])}

    a = ask(TEXT, check=check)
    assert a.normalise("kislev 3") == {"region": "kislev", "count": 3}
    with pytest.raises(InvalidAnswer) as e:
        a.normalise("kislev three")
    assert e.value.msg == msg("t.bad_edit", value="kislev three")


def test_text_without_check_is_kept_as_text():
    assert ask(TEXT).normalise("anything at all") == "anything at all"
    assert ask(TEXT).normalise(12) == "12"


def test_check_runs_after_kind_normalisation():
    seen = []
    a = ask(NUMBER, min=0, max=9, check=lambda v: seen.append(v) or v * 2)
    assert a.normalise("4") == 8
    assert seen == [4]  # the check sees the int, not the raw text


def test_msg_round_trip():
    m = msg("a.b", n=2, where="@r.kislev")
    assert Msg.from_data(m.to_data()) == m
    assert Msg("a.b").to_data() == {"id": "a.b"}


def test_relay_passes_answers_back_and_returns_the_inner_result():
    """relay: every item of the inner procedure goes through ``through``; what ``through`` returns is the inner
    procedure's answer, what it yields is what the outer procedure yields; the inner result comes back."""
    from automata.core.steps import Ask, Say, YES_NO, msg, relay

    def inner():
        first = yield Ask("a", msg("q.a"), YES_NO)
        second = yield Ask("b", msg("q.b"), YES_NO)
        yield Say(msg("said"))
        return (first, second)

    def through(item):
        if isinstance(item, Ask) and item.id == "a":  # answered here, with a line said instead
            yield Say(msg("known", question=item.id))
            return True
        return (yield item)

    outer = relay(inner(), through)
    seen = [next(outer)]
    seen.append(outer.send(None))  # the Say is answered with None; the next item is the question "b"
    seen.append(outer.send(False))
    try:
        outer.send(None)
    except StopIteration as stop:
        result = stop.value
    assert [type(x).__name__ for x in seen] == ["Say", "Ask", "Say"]
    assert seen[0].msg.id == "known" and seen[1].id == "b" and seen[2].msg.id == "said"
    assert result == (True, False)


@pytest.mark.parametrize("kind", [YES_NO, NUMBER, ONE_OF, SEVERAL_OF, TEXT])
def test_a_null_answer_is_refused_by_every_kind(kind):
    """Issue 31: a JSON null in an answers file is no answer, never the word "None" (which named a Chaos Power's
    'none' choice, so that the Power passed)."""
    choices = REGIONS + (Choice("none", msg("t.none")),)
    q = ask(kind, choices=choices) if kind in (ONE_OF, SEVERAL_OF) else ask(kind)
    for raw in (None, [None]) if kind == SEVERAL_OF else (None,):
        with pytest.raises(InvalidAnswer) as e:
            q.normalise(raw)
        assert e.value.msg.id == "core.invalid.null"
