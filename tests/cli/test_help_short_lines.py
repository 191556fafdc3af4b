"""A command's line in a list of commands (``tabletop --help``) ends at its first sentence mark outside
parentheses: cut inside them it read "fix  Put a value right … (journalled", "export  Export a game (default"."""

import tomllib
from pathlib import Path

import pytest

from cli.terminal.helpstyle import _short

LOCALES = Path(__file__).resolve().parents[2] / "cli" / "locales"


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_every_command_line_closes_its_parentheses(lang):
    texts = tomllib.loads((LOCALES / lang / "core_help.toml").read_text(encoding="utf-8"))
    commands = {k: v for k, v in texts.items() if k.startswith("core.help.cmd.")}
    assert len(commands) > 20
    for key, text in commands.items():
        line = _short(text)
        assert line and line.count("(") == line.count(")"), (key, line)


def test_the_line_ends_at_the_first_mark_outside_parentheses():
    assert _short("Export a game (default: the current one; --game NAME another): for BG Stats.") == \
        "Export a game (default: the current one; --game NAME another)"
    assert _short("Put a value right (journalled: undo 1 takes it back).") == "Put a value right (journalled: undo 1 takes it back)"
    assert _short("Walk the game forward. Then more.") == "Walk the game forward"
    assert _short("Version 1.2 of it; more") == "Version 1.2 of it"


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_lang_option_says_every_source_of_the_language_in_order(lang):
    """--lang's help left out TABLETOP_LANG, which comes before the save's language (cli/words/lang.py, docs/reference.md)."""
    text = tomllib.loads((LOCALES / lang / "core_help.toml").read_text(encoding="utf-8"))["core.help.opt.lang"]
    assert "TABLETOP_LANG" in text and text.index("TABLETOP_LANG") < text.index("partida" if lang == "pt-BR" else "game")
