"""Issue 38 item 5.4: a new game starts in the language asked (--lang, TABLETOP_LANG) or the locale's, never in the
language of the game that happens to be current (cli/words/lang.py). Every other command keeps speaking the language its
game was started in."""

from __future__ import annotations

import tomllib

from cli_checks import tt
import cli.words.lang


def settings_lang(home, name: str) -> str:
    text = (home / "games" / name / "save.toml").read_text(encoding="utf-8")
    return tomllib.loads(text.split("\n", 1)[1] if text.startswith("#") else text)["settings"]["lang"]


def test_a_new_game_takes_the_locale_not_the_current_games_language(_tabletop_home, monkeypatch):
    monkeypatch.delenv("TABLETOP_LANG")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    first = tt("--lang", "pt-BR", "new", "chaos", "--name", "pt", "--seed", "4")
    assert first.exit_code == 0 and "Nova partida" in first.output
    assert "Próximo" in tt("status").output  # the current game still speaks its own language
    second = tt("new", "radlands", "--name", "en", "--seed", "4")
    assert second.exit_code == 0, second.output
    assert "New game 'en'" in second.output and "Nova partida" not in second.output
    assert settings_lang(_tabletop_home, "en") == "en"
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")  # a Brazilian locale, the current game English
    third = tt("new", "toc", "--name", "toc-pt", "--seed", "4")
    assert third.exit_code == 0 and "Nova partida 'toc-pt'" in third.output, third.output
    assert settings_lang(_tabletop_home, "toc-pt") == "pt-BR"
    asked = tt("--lang", "en", "new", "anachrony", "--name", "asked", "--seed", "4")
    assert asked.exit_code == 0 and settings_lang(_tabletop_home, "asked") == "en"


def test_the_command_is_found_among_the_global_options():
    assert cli.words.lang.command_in_args(["--game", "new", "status"]) == "status"  # a save named 'new' is no command
    assert cli.words.lang.command_in_args(["--json", "--lang", "pt-BR", "new", "chaos"]) == "new"
    assert cli.words.lang.command_in_args(["--lang=pt-BR", "new"]) == "new"
    assert cli.words.lang.command_in_args(["--", "new"]) is None


def test_ctrl_c_at_new_s_first_question_promises_no_save(_tabletop_home, monkeypatch):
    """Ctrl-C at 'new''s first question (the Powers, before any save exists) said "The save is intact; 'tabletop
    play' continues at the same question": there was no save. Now it says nothing was saved and how to ask again."""
    class Interrupted:
        def __init__(self, t):
            pass

        def answer(self, ask):
            raise KeyboardInterrupt

    monkeypatch.delenv("TABLETOP_NO_PROMPT")
    monkeypatch.setattr("cli.commands.env.Env.interactive", lambda self: True)
    monkeypatch.setattr("cli.terminal.prompter.TerminalPrompter", Interrupted)
    for lang, said in (("en", "nothing was saved. 'tabletop new chaos' asks again"),
                       ("pt-BR", "nada foi salvo. 'tabletop new chaos' pergunta de novo")):
        result = tt("--lang", lang, "new", "chaos")
        assert result.exit_code == 130
        assert said in result.output and "tabletop play" not in result.output, result.output
    assert not (_tabletop_home / "games").exists() or not any((_tabletop_home / "games").iterdir())


def test_use_speaks_the_language_of_the_save_it_makes_current(_tabletop_home, monkeypatch):
    """Last session's play: 'tabletop use NAME' answered in the previous game's language; it is NAME's game that the
    table now reads, so the answer is in the language NAME was started in (a name no save has: the current one's)."""
    monkeypatch.delenv("TABLETOP_LANG")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert tt("--lang", "pt-BR", "new", "chaos", "--name", "pt", "--seed", "4").exit_code == 0
    assert tt("--lang", "en", "new", "radlands", "--name", "en", "--seed", "4").exit_code == 0
    to_pt = tt("use", "pt")
    assert to_pt.exit_code == 0 and to_pt.output.strip() == "'pt' agora é a partida atual.", to_pt.output
    to_en = tt("use", "en")
    assert to_en.exit_code == 0 and to_en.output.strip() == "'en' is now the current game.", to_en.output
    assert tt("--lang", "pt-BR", "use", "en").output.strip() == "'en' agora é a partida atual."  # --lang still rules
    unknown = tt("use", "nowhere")  # the current game ('en') speaks English
    assert unknown.exit_code != 0 and "nowhere" in unknown.output and "agora" not in unknown.output
    assert cli.words.lang.argument_of(["--lang", "pt-BR", "use", "--json", "friday"], "use") == "friday"
    assert cli.words.lang.argument_of(["--game", "use", "status"], "use") is None
