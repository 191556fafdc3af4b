"""A number typed at the terminal that is not a number (or Enter alone on a question with no default) is refused
with the valid numbers (common brief: every error says what was wrong and what is valid); it said only "'' is not
a whole number." (Time of Crisis, a bot's Legacy [0–60])."""

import pytest

from automata.core.msg import msg
from automata.core.steps import NUMBER, Ask, InvalidAnswer
from cli.words.i18n import Translator
from cli.terminal.prompter import number_check


def refusal(ask: Ask, typed: str, lang: str) -> str:
    with pytest.raises(InvalidAnswer) as bad:
        number_check(ask)(typed)
    return Translator(lang).render(bad.value.msg)


@pytest.mark.parametrize("lang, empty, bad, valid", [
    ("en", "Enter alone", "'x' is not a whole number", "Valid: 0 to 60."),
    ("pt-BR", "Enter sozinho", "'x' não é um número inteiro", "Válido: de 0 a 60."),
])
def test_a_refused_number_says_the_valid_range(lang, empty, bad, valid):
    ask = Ask("q", msg("toc.spend.cost_once", action="x", area="y"), NUMBER, min=0, max=60)
    assert refusal(ask, "", lang).startswith(empty) and refusal(ask, "", lang).endswith(valid)
    assert refusal(ask, " x ", lang) == f"{bad}. {valid}"
    assert number_check(ask)(" 7 ") == 7


def test_open_ended_and_unbounded_numbers_say_so():
    assert refusal(Ask("q", msg("x"), NUMBER, min=1), "a", "en").endswith("Valid: 1 or more.")
    assert refusal(Ask("q", msg("x"), NUMBER, max=3), "a", "en").endswith("Valid: 3 or less.")
    assert refusal(Ask("q", msg("x"), NUMBER), "a", "en").endswith("Valid: any whole number.")


def test_a_number_out_of_range_keeps_the_rules_own_refusal():
    ask = Ask("q", msg("x"), NUMBER, min=0, max=60)
    with pytest.raises(InvalidAnswer) as bad:
        number_check(ask)("61")
    assert bad.value.msg.id == "core.invalid.range"


def test_a_refusal_wraps_under_its_text(monkeypatch, capsys):
    """At 60 columns the refusal's second line began at column 0, under the "!"."""
    from cli.terminal.prompter import TerminalPrompter

    monkeypatch.setenv("COLUMNS", "60")
    ask = Ask("q", msg("x"), NUMBER, min=0, max=60)
    with pytest.raises(InvalidAnswer) as bad:
        number_check(ask)("")
    TerminalPrompter(Translator("pt-BR"))._refused(bad.value)
    shown = [line.rstrip() for line in capsys.readouterr().err.splitlines()]
    assert len(shown) == 2 and shown[0].startswith("! Enter sozinho") and shown[1].startswith("  "), shown


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_no_hint_repeats_the_range_the_prompt_shows(lang):
    """Found in play at 60 columns: "(0 to 6: the Exosuits on your Hex slots now) [0–6]". A number question shows
    its range in brackets (cli/terminal/prompter.py), so a hint does not begin with it again."""
    import re
    import tomllib
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "cli" / "locales" / lang
    starts = re.compile(r"^(de )?-?\d+ (to|a) -?\d+:")
    found = [k for path in sorted(folder.glob("*.toml"))
             for k, v in tomllib.loads(path.read_text(encoding="utf-8")).items()
             if ".hint." in k and isinstance(v, str) and starts.match(v)]
    assert not found, found
