"""Close-match errors (issue 16): a suggestion is really close or there is none, and a message with nothing
close says nothing about it ("Closest: —" is gone). automata/core/closest.py, cli/words/i18n.py ``without_close``."""

from __future__ import annotations

import re
import string
import tomllib

import pytest
from typer.testing import CliRunner

import cli.main
from automata.core.closest import close_matches
from cli.words.i18n import LOCALES, Translator

runner = CliRunner()


def templates_with_close():
    for path in sorted(LOCALES.glob("*/*.toml")):
        for key, text in tomllib.loads(path.read_text(encoding="utf-8")).items():
            if isinstance(text, str) and "{close}" in text:
                yield pytest.param(path.parent.name, key, text, id=f"{path.parent.name}:{key}")


@pytest.mark.parametrize("lang,key,template", list(templates_with_close()))
def test_every_message_with_nothing_close_says_nothing_about_it(lang, key, template):
    fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    params = {f: "X" for f in fields if f != "close"}
    t = Translator(lang)
    shown = t(key, **params, close="")
    assert "{" not in shown and "—" not in shown
    assert not re.search(r"\s[.,;:?)]|\(\s*\)|\s\s|[:;,]\s*[.?)]|[:;,]$", shown.strip()), shown
    # the label of the close matches went with them: what is left is the template without that part
    label = re.search(r"([^.;:?!()]*):\s*\{close\}", template).group(1).strip().lower()
    assert label not in shown.lower(), shown
    # and with a close match the whole message is shown
    assert "khorne" in t(key, **params, close="khorne")
    assert t(key, **params, close="—") == shown  # an old caller's dash says nothing either


@pytest.mark.parametrize("typed,names,expected", [
    ("nada", ["chaos", "chaos-2", "toc", "radlands", "anachrony", "friday"], []),  # the issue's `use nada`
    ("khorn", ["khorne", "nurgle", "tzeentch", "slaanesh"], ["khorne"]),
    ("tzeench", ["khorne", "nurgle", "tzeentch", "slaanesh"], ["tzeentch"]),
    ("Slanesh", ["khorne", "nurgle", "tzeentch", "slaanesh"], ["slaanesh"]),
    ("empire", ["kislev", "the_empire", "tilea"], ["the_empire"]),
    ("emp", ["kislev", "the_empire", "tilea"], ["the_empire"]),
    ("bretônia", ["bretonnia", "estalia"], ["bretonnia"]),
    ("statsu", ["status", "serve", "use", "undo", "games"], ["status"]),
    ("rde", ["red", "blue", "yellow"], ["red"]),  # two letters swapped: one slip
    ("tco", ["toc", "chaos"], ["toc"]),
    ("x", ["xenos", "status"], []),  # a letter is not a start
    ("ngl", ["nurgle"], []),  # three slips in six letters
    ("gordon", ["gordian_iii", "gordian", "maximinus_thrax"], ["gordian"]),  # two slips in seven letters
    ("data", ["nada", "date", "dota"], ["date", "dota"]),  # one slip each; 'nada' is two
])
def test_only_really_close_names_are_suggested(typed, names, expected):
    assert close_matches(typed, names) == expected


def test_use_nada_says_the_saves_and_nothing_close(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    monkeypatch.setenv("TABLETOP_LANG", "en")
    empty = runner.invoke(cli.main.app, ["use", "nada"])
    assert empty.exit_code != 0 and "No saved games yet" in empty.output and "—" not in empty.output
    assert runner.invoke(cli.main.app, ["new", "radlands", "--name", "radlands"]).exit_code == 0
    result = runner.invoke(cli.main.app, ["use", "nada"])
    assert result.exit_code != 0
    assert "No saved game named 'nada'. Saves: radlands." in result.output
    assert "Closest" not in result.output and "—" not in result.output
    close = runner.invoke(cli.main.app, ["use", "radland"])
    assert "Closest: radlands." in close.output


def test_an_unknown_choice_without_a_close_one_in_both_languages():
    from automata.core.steps import Ask, Choice, InvalidAnswer, msg, normalise_answer

    ask = Ask("x.pick", msg("x.q"), "choice", choices=(Choice("kislev", msg("k")), Choice("tilea", msg("t"))))
    with pytest.raises(InvalidAnswer) as e:
        normalise_answer(ask, "nada")
    assert Translator("en").render(e.value.msg) == "'nada' is not one of the choices. Valid: kislev, tilea."
    shown = Translator("pt-BR").render(e.value.msg)
    assert "kislev, tilea" in shown and "parecid" not in shown and "—" not in shown
    with pytest.raises(InvalidAnswer) as e:
        normalise_answer(ask, "kislv")
    assert Translator("en").render(e.value.msg).endswith("Valid: kislev, tilea. Closest: kislev.")


def test_a_slip_in_a_portuguese_name_suggests_its_choice():
    """Names can be typed in Portuguese (docs/playing.md, Questions and answers): a slip in one suggests the choice."""
    from automata.core.steps import Ask, Choice, InvalidAnswer, msg, normalise_answer

    ask = Ask("x.pick", msg("x.q"), "choice", choices=(Choice("the_empire", msg("e"), aliases=("Império",)),
                                                        Choice("tilea", msg("t"), aliases=("Tileia",))))
    with pytest.raises(InvalidAnswer) as e:
        normalise_answer(ask, "imperi")
    assert e.value.msg.params["close"] == "the_empire"


def test_a_very_long_text_is_close_to_nothing_at_once(monkeypatch):
    """Issue 31: a 100,000-character answer or name is refused at once: the comparison is capped before it starts
    (it costs the text's length times each name's), so no comparison ever sees the long text (counted, not timed)."""
    from automata.core import closest
    from automata.core.closest import close_matches
    from automata.core.steps import ONE_OF, Ask, Choice, InvalidAnswer, msg

    compared = []
    distance = closest.distance
    monkeypatch.setattr(closest, "distance", lambda a, b: compared.append((len(a), len(b))) or distance(a, b))
    names = [f"region_{i}_of_the_old_world" for i in range(40)]
    assert close_matches("region_1_of_the_old_wrld", names)[0] == "region_1_of_the_old_world"
    assert compared and all(a <= closest.LONGEST for a, _ in compared)  # the counter sees the comparisons
    compared.clear()
    for text in ("x" * 100_000, "region_1_of_the_old_world" * 4000):
        assert close_matches(text, names) == []
        ask = Ask("t.q", msg("t.q"), ONE_OF, choices=tuple(Choice(n, msg("t." + n)) for n in names))
        with pytest.raises(InvalidAnswer):
            ask.normalise(text)
        assert all(a <= closest.LONGEST and b <= closest.LONGEST for a, b in compared), max(compared)
