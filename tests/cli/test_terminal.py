"""Real-terminal tests: the installed ``tabletop`` script on a pseudo-terminal, answering questionary prompts."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

pexpect = pytest.importorskip("pexpect")

from state.save import read  # noqa: E402

TABLETOP = str(Path(sys.executable).with_name("tabletop"))
DOWN = "\x1b[B"
UP = "\x1b[A"
SETUP = [a for n in range(1, 9) for a in ("--answer", f"chaos.setup.{n}=yes")]


@pytest.fixture
def term_env(_tabletop_home):
    env = {k: v for k, v in os.environ.items() if k not in ("TABLETOP_NO_PROMPT", "NO_COLOR")}
    env.update(TABLETOP_HOME=str(_tabletop_home), TABLETOP_LANG="en", TERM="xterm")
    env["PROMPT_TOOLKIT_NO_CPR"] = "1"  # a pexpect terminal never answers cursor-position requests
    return env


def tt(env, *args):
    """A non-interactive run (no terminal, no prompts)."""
    return subprocess.run([TABLETOP, *args], env={**env, "TABLETOP_NO_PROMPT": "1"}, capture_output=True,
                          text=True, timeout=60)


def spawn(env, *args):
    return pexpect.spawn(TABLETOP, list(args), env=env, encoding="utf-8", dimensions=(40, 120), timeout=20)


def finish(child):
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def test_confirm_with_y_and_enter_and_a_select_with_arrow_keys(term_env, _tabletop_home):
    from automata.chaos.data import load

    assert tt(term_env, "new", "chaos", "--name", "g1", "--seed", "7").returncode == 0
    child = spawn(term_env, "play")
    child.expect("Setup step 1 done")
    child.send("y\r")  # a key chooses, Enter confirms (one convention for every prompt)
    child.expect("Setup step 2 done")
    child.send("\r")  # Enter takes the default, yes
    child.expect("Setup step 3 done")
    child.send("n\r")  # not yet: the step is asked again
    child.expect("the companion waits for it")
    child.expect("Setup step 3 done")
    child.send("y\r")
    for n in range(4, 9):
        child.expect(f"Setup step {n} done")
        child.send("y\r")
    child.expect("Which Old World card did")
    child.send("\r")  # no card is the neutral one: a tired Enter is refused with a hint (issue 23 part 6)
    child.expect("Nothing is chosen yet")
    child.send(DOWN)  # from nothing chosen, Down is the first card
    child.send(DOWN)  # the second card
    child.send("\r")
    child.expect("change on the board")
    child.sendintr()
    assert finish(child) == 130

    save = read(_tabletop_home / "games" / "g1")
    assert save.journal_length == 8
    records = [r for e in save.journal() for r in e["records"]]
    assert [(r["id"], r["value"], r["source"]) for r in records[:4]] == [
        ("chaos.setup.1", True, "table"), ("chaos.setup.2", True, "table"),
        ("chaos.setup.3", False, "table"), ("chaos.setup.3", True, "table"),
    ]
    second = load(None).old_world_cards[1]["id"]
    # each record also carries when it was answered (the clocks, state/clock.py), which this test does not check
    assert [{k: r[k] for k in ("id", "value", "source")} for r in save.pending["records"]] == [
        {"id": "chaos.oldworld.card", "value": second, "source": "table"}]


def test_ctrl_c_at_a_prompt_exits_130_and_play_resumes_at_the_same_question(term_env, _tabletop_home):
    # one action at a time (--summoning turns): a menu to interrupt; a card whose effect the table types
    assert tt(term_env, "new", "chaos", "--name", "g1", "--seed", "7", "--summoning", "turns").returncode == 0
    from automata.chaos.data import load

    card = load(None).old_world_cards[1]["id"]
    pre = tt(term_env, "play", *SETUP, "--answer", f"chaos.oldworld.card={card}",
             "--answer", "chaos.oldworld.changes=none", "--answer", "chaos.draw.r1.tzeentch.discard=no", "--json")
    assert pre.returncode == 2, pre.stderr
    assert json.loads(pre.stdout)["pending"]["id"] == "chaos.summon.khorne"
    folder = _tabletop_home / "games" / "g1"
    before = (folder / "save.toml").read_bytes()

    child = spawn(term_env, "play")
    child.expect(r"Khorne \(\d+ power\): what does it do\?")
    child.sendintr()
    child.expect("Interrupted. The save is intact")
    assert finish(child) == 130
    assert (folder / "save.toml").read_bytes() == before
    assert tt(term_env, "status", "--json").returncode == 0

    # the same question again; choose the first action (its number: Enter alone would pass), then stop at the next
    # question
    child = spawn(term_env, "play")
    child.expect(r"Khorne \(\d+ power\): what does it do\?")
    child.send("1")
    child.send("\r")
    child.expect("into which region")
    child.sendintr()
    assert finish(child) == 130
    save = read(folder)
    assert [r["id"] for r in save.pending["records"]] == ["chaos.summon.khorne"]
    assert save.pending["records"][0]["source"] == "table"

    after = tt(term_env, "play")
    assert after.returncode == 2
    assert "chaos.summon.khorne.region" in after.stderr


def test_a_tired_enter_on_the_summoning_menu_passes(term_env, _tabletop_home):
    """Issue 30 item 21 (docs/playing.md: Enter alone is "nothing happened"). Seed 003, Fase de Invocação: declining puts
    the power marker on 0. The pointer starts on "pass" (item 5), so Enter alone passes. (Items that cannot be
    taken stay in place, marked: tests/automata/chaos/test_chaos_summon_menu.py.)"""
    assert tt(term_env, "new", "chaos", "--name", "g3", "--seed", "7", "--summoning", "turns").returncode == 0
    from automata.chaos.data import load

    card = load(None).old_world_cards[1]["id"]
    pre = tt(term_env, "play", *SETUP, "--answer", f"chaos.oldworld.card={card}", "--answer", "chaos.oldworld.changes=none",
             "--answer", "chaos.draw.r1.tzeentch.discard=no", "--json")
    assert json.loads(pre.stdout)["pending"]["id"] == "chaos.summon.khorne"
    child = spawn(term_env, "play")
    child.expect(r"Khorne \(\d+ power\): what does it do\?")
    child.expect(r"5\S* pass \(power marker to 0\)")
    child.send("\r")
    child.expect("Khorne passes: power marker to 0.")
    child.sendintr()
    finish(child)


def test_yes_no_in_portuguese_takes_s_and_n_and_answers_in_portuguese(term_env, _tabletop_home):
    """A pt-BR table answers a yes/no question with 's' (sim) or 'n' (não); the prompt and the echo are Portuguese."""
    assert tt(term_env, "new", "chaos", "--name", "g2", "--seed", "7").returncode == 0
    child = spawn(term_env, "--lang", "pt-BR", "play")
    child.expect(r"\(S/n\)")
    child.send("s\r")
    child.expect("sim")
    child.expect(r"\(S/n\)")
    child.send("n\r")
    child.expect("não")
    child.expect(r"\(S/n\)")  # not yet done: the same step asks again
    child.sendintr()
    assert finish(child) == 130
    save = read(_tabletop_home / "games" / "g2")
    assert save.journal_length == 1 and [r["value"] for r in save.pending["records"]] == [False]


def test_a_camp_the_other_player_kept_is_not_in_the_menu(term_env, _tabletop_home):
    """Radlands setup (seed 004, Preparação da Área de Jogo, passo 1): a camp the other player kept is not offered;
    typing its name matches no item and is refused visibly, and the same menu takes another camp."""
    assert tt(term_env, "new", "radlands", "--name", "r1", "--seed", "3").returncode == 0
    child = spawn(term_env, "play", "--answer", "camps.a.1=Railgun", "--answer", "camps.a.2=Garage",
                  "--answer", "camps.a.3=Oasis")
    child.expect("position 1")
    child.send("Railgun")
    child.expect("No item matches 'Railgun'")
    child.send("\x7f" * len("Railgun"))  # Backspace
    child.send("Cannon")
    child.expect("Cannon")
    child.send("\r")
    child.expect("position 2")
    child.sendintr()
    assert finish(child) == 130
    save = read(_tabletop_home / "games" / "r1")
    assert [r["value"] for r in save.pending["records"]] == ["cannon"]


def test_several_of_echoes_the_picks_in_the_tables_language(term_env):
    """A multi-choice menu in pt-BR: questionary's English "done (2 selections)" is replaced by the picked labels."""
    code = (
        "from automata.core.steps import Ask, Choice, Msg, SEVERAL_OF\n"
        "from cli.words.i18n import Translator\nfrom cli.terminal.prompter import TerminalPrompter\n"
        "ask = Ask('x', Msg('core.yes'), SEVERAL_OF, (Choice('a', Msg('core.yes')), Choice('b', Msg('core.no'))), min=0)\n"
        "print('RESULT', TerminalPrompter(Translator('pt-BR')).answer(ask))\n"
    )
    child = pexpect.spawn(sys.executable, ["-c", code], env=term_env, encoding="utf-8", dimensions=(40, 120), timeout=20)
    child.expect("Espaço")
    child.send(" ")  # mark the first
    child.send(DOWN)
    child.send(" ")  # and the second
    child.send("\r")
    child.expect("sim, não")
    child.expect(r"RESULT \(\['a', 'b'\], 'table'\)")
    assert "selections" not in child.before
    assert finish(child) == 0


@pytest.mark.parametrize("lang, hint", [("en", "Nothing is marked yet: press Space on each item you want"),
                                        ("pt-BR", "Nada foi marcado ainda: aperte Espaço em cada item que quiser")])
def test_enter_at_a_checkbox_with_nothing_marked_says_how_to_mark(term_env, lang, hint):
    """Playtest: at 'Which three Powers play?' a new player pressed Enter with nothing marked and read only
    "0 chosen; choose exactly 3", not that Space marks an item. The refusal now says so; the question stays."""
    code = (
        "from automata.core.steps import Ask, Choice, Msg, SEVERAL_OF\n"
        "from cli.words.i18n import Translator\nfrom cli.terminal.prompter import TerminalPrompter\n"
        "ask = Ask('x', Msg('core.yes'), SEVERAL_OF, (Choice('a', Msg('core.yes')), Choice('b', Msg('core.no'))),"
        " min=1, max=1 + 1)\n"
        f"print('RESULT', TerminalPrompter(Translator({lang!r})).answer(ask))\n"
    )
    child = pexpect.spawn(sys.executable, ["-c", code], env=term_env, encoding="utf-8", dimensions=(40, 120), timeout=20)
    child.expect("Enter")
    child.send("\r")  # nothing marked
    child.expect(hint)
    child.send(" ")  # the first item, marked this time
    child.send("\r")
    child.expect(r"RESULT \(\['a'\], 'table'\)")
    assert finish(child) == 0


# -- issue 11: one keystroke convention (Enter confirms), menus whose numbers never move ----------------------


def test_a_yes_no_key_waits_for_enter_so_it_never_also_answers_the_next_menu(term_env, _tabletop_home):
    """'y' (or 'n') only chooses; Enter confirms. "y" then Enter answers the yes/no and nothing else: the next
    menu stays open instead of taking its first item. Another key is refused visibly."""
    assert tt(term_env, "new", "chaos", "--name", "g1", "--seed", "7").returncode == 0
    child = spawn(term_env, "play", *[a for n in range(1, 8) for a in ("--answer", f"chaos.setup.{n}=yes")])
    child.expect("Setup step 8 done")
    child.send("x")
    child.expect("'x' is not yes or no")
    child.send("n")
    child.expect("no")  # the chosen answer, shown
    child.sendintr()  # chosen, not confirmed: nothing is recorded
    assert finish(child) == 130
    save = read(_tabletop_home / "games" / "g1")
    assert save.journal_length == 7 and not (save.pending or {}).get("records")

    child = spawn(term_env, "play")
    child.expect("Setup step 8 done")
    child.send("y\r")  # typed in one go, as a hurried table would
    child.expect("Which Old World card did")
    child.expect("Enter")
    child.sendintr()
    assert finish(child) == 130
    save = read(_tabletop_home / "games" / "g1")
    assert save.journal_length == 8 and not (save.pending or {}).get("records")  # no Old World card was picked


RADLANDS_MENU = {
    "en": {"marked": r"2\) Draw a card \(2 water\)  — not now: needs 2 water, you have 1",
           "refused": "cannot be chosen now: needs 2 water, you have 1", "no_item": "999 names no item",
           "end": "End the turn"},
    "pt-BR": {"marked": r"2\) Comprar uma carta \(2 água\)  — agora não: precisa de 2 água, você tem 1",
              "refused": "não pode ser escolhido agora: precisa de 2 água, você tem 1",
              "no_item": "999 não corresponde a nenhum item", "end": "Encerrar o turno"},
}


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_radlands_action_menu_keeps_its_numbers_and_refuses_what_names_nothing(term_env, _tabletop_home, lang):
    """Ana's first turn gives 1 water: 'Draw a card' (2 water) stays item 2, marked with the reason; picking it
    says the reason and the menu stays; 999 (past the end) is refused and Enter then picks nothing; 1 is still
    'End the turn'. (Radlands menu version 2 lists the concrete actions: a long menu, where a number is typed.)"""
    words = RADLANDS_MENU[lang]
    assert tt(term_env, "new", "radlands", "--name", "r1", "--players", "Ana,Bruno", "--first-game").returncode == 0
    assert tt(term_env, "play", "--answer", "experienced=Ana", "--answer", "flip=1", "--dice", "table").returncode == 2
    child = spawn(term_env, "--lang", lang, "play")
    child.expect(words["marked"])
    child.send("2")
    child.send("\r")
    child.expect(words["refused"])
    child.send("\x7f")  # Backspace: the typed number is gone
    child.send("999")
    child.expect(words["no_item"])
    child.send("\r")  # Enter confirms nothing (the records below show that only 'end' was picked)
    child.send("\x7f\x7f\x7f")
    child.send("1")
    child.send("\r")
    child.expect(words["end"])
    child.expect("Bruno")
    child.sendintr()
    assert finish(child) == 130
    save = read(_tabletop_home / "games" / "r1")
    actions = [r for e in save.journal() for r in e["records"] if r["id"] == "action"]
    assert [(r["value"], r["source"]) for r in actions] == [("end", "table")]


def test_bang_at_a_menu_corrects_a_value_and_asks_the_same_question_again(term_env, _tabletop_home):
    """Issue 23 part 2: '!' at a question of 'play' shows a hint in the game's words, takes a correction in the words of
    'tabletop fix', journals it and asks the same question again (tests/cli/test_fix_at_question.py: replay, undo)."""
    assert tt(term_env, "new", "radlands", "--name", "w").returncode == 0
    child = spawn(term_env, "play")
    child.expect("which camp do you keep in position 1")
    child.expect("! to correct a value")
    child.send("!")
    child.expect("Type the correction")  # a hint in the game's words, not the list of every value
    child.expect("Correction")
    child.send("-1 deck\r")
    child.expect("66 → 65")
    child.expect("which camp do you keep in position 1")
    child.send("\r")  # no camp is neutral: a tired Enter records nothing
    child.expect("Nothing is chosen yet")
    child.sendintr()
    assert finish(child) == 130
    save = read(_tabletop_home / "games" / "w")
    assert save.journal()[-1]["step"]["proc"] == "table_fix" and save.state["deck"]["count"] == 65
    assert save.pending is None or save.pending["records"] == []
