"""``tabletop new anachrony --players 1 --opponent …``, ``tabletop play`` with the opponent's turns,
``tabletop anachrony status`` (text and --json), undo that never re-rolls, data check and owner overrides,
and whole solo games rendered in pt-BR without leaks (issue 7)."""

from __future__ import annotations

import json
import re

import pytest

import anachrony_solo_policy  # noqa: E402
from cli_checks import PLACEHOLDER, answer_args, new_game, raw_id, tt  # noqa: E402
from leaks import leaks, play_recorded  # noqa: E402

RAW_ID = raw_id("anachrony")
SETUP = ["board", "pools", "buildings", "supply", "timeline", "superprojects", "focus", "endgame", "players", "hypersync",
         "quantum_loops"]


def setup_answers() -> list[str]:
    return answer_args({**{f"anachrony.setup.{name}": "yes" for name in SETUP},
                        "anachrony.solo.setup.done": "yes", "anachrony.setup.sure.multiverse_hub": "no"})


def new_solo(*extra: str, opponent: str = "chronobot", lang: str = "en"):
    return new_game("anachrony", "--players", "1", "--opponent", opponent, *extra, lang=lang)


# -- new ---------------------------------------------------------------------------------------------------


def test_new_solo_game_keeps_the_opponent_options():
    r = tt("--json", "new", "anachrony", "--players", "1", "--opponent", "Chronossus", "--modules", "hypersync",
           "--difficulty", "cores=2,side-b-1,targeted-hypersync", "--seed", "9")
    assert r.exit_code == 0, r.output
    options = json.loads(r.stdout)["options"]
    assert options["opponent"] == "chronossus"
    assert options["difficulty"] == {"cores": 2, "side-b-1": True, "targeted-hypersync": True}


@pytest.mark.parametrize("args,text", [
    (["--players", "1", "--opponent", "chronobot", "--modules", "quantum-loops"], "base game only"),
    (["--players", "2", "--opponent", "chronossus"], "solo game (--players 1)"),
    (["--players", "1", "--opponent", "chronossus", "--modules", "intrigues"], "no solo rules"),
    (["--players", "1", "--opponent", "robot"], "Valid: chronobot, chronossus"),
    (["--players", "1", "--opponent", "chronobot", "--difficulty", "min-7"], "Closest: min-6"),
    (["--players", "1", "--opponent", "chronossus", "--difficulty", "cores=9"], "from 1 to 3"),
    (["--players", "1", "--opponent", "chronossus", "--difficulty", "ql-vp"], "Quantum Loops module"),
    (["--players", "1", "--opponent", "chronossus", "--edition", "first"], "one edition"),
    (["--players", "1", "--opponent", "chronobot", "--edition", "third"], "Valid: current, first"),
    (["--players", "1", "--difficulty", "min-6"], "add --opponent"),
])
def test_new_solo_errors_say_what_is_valid(args, text):
    r = tt("new", "anachrony", *args)
    assert r.exit_code == 2
    assert text in r.output, r.output


# -- play, status, undo ---------------------------------------------------------------------------------------


BOT_TURN = ["--answer", "anachrony.solo.construct.space=top", "--answer", "anachrony.solo.recruit.space=top",
            "--answer", "anachrony.solo.research.space=top", "--answer", "anachrony.solo.stack.power_plant.primary=2",
            "--answer", "anachrony.solo.stack.power_plant.secondary=1", "--answer", "anachrony.solo.stack.factory.primary=3",
            "--answer", "anachrony.solo.stack.factory.secondary=-1", "--answer", "anachrony.solo.stack.life_support.primary=1",
            "--answer", "anachrony.solo.stack.life_support.secondary=2", "--answer", "anachrony.solo.recruit.pool=engineer,scientist",
            "--answer", "anachrony.solo.research.left=yes", "--answer", "anachrony.solo.genius_in_pool=no",
            "--answer", "anachrony.solo.you.exosuits=4"]


def test_play_runs_the_chronobots_first_turn_and_status_shows_it():
    """Rules §3.2.4: the opponent's part of Power Up and Warp, then its first turn (it is First Player in Era 1)."""
    new_solo()
    r = tt("play", *setup_answers(), *BOT_TURN, "--steps", "16")
    assert "Chronobot's turn: Action 1" in r.output, r.output
    assert "Power 6 of its Exosuits" in r.output
    data = json.loads(tt("--json", "anachrony", "status").stdout)
    o = data["opponent"]
    for key in ("bot", "edition", "difficulty", "tokens", "exosuits", "placed", "actions", "passed", "first", "warps", "warps_left",
                "paradox", "anomalies", "buildings", "superprojects", "workers", "resources", "breakthroughs", "time_travel",
                "vp", "failed"):
        assert key in o, key
    assert o["bot"] == "chronobot" and o["actions"] == 1 and o["exosuits"] in (5, 6)
    assert set(o["tokens"]) == {"2", "3", "4", "5"}
    text = tt("anachrony", "status").output
    assert "Short path" in text and "Long path" in text and "Powered Exosuits" in text
    for tok in o["tokens"]:  # issue 14: every command token drawn on its spot of the board
        assert f"#{tok}" in text
    assert not RAW_ID.search(text), RAW_ID.findall(text)


def test_status_of_the_chronossus_shows_tiles_pool_and_objectives():
    new_solo("--modules", "hypersync", opponent="chronossus")
    tt("play", *setup_answers(), "--steps", "14")
    o = json.loads(tt("--json", "anachrony", "status").stdout)["opponent"]
    assert o["tiles"] == {"slot_1": "C12A", "slot_2": "C02A", "slot_3": "C03A"} and o["covers"] == {"c2": "C13A"}
    assert len(o["objectives"]) == 3 and "energy_pool" in o and o["hypersync"] == []
    text = tt("--lang", "pt-BR", "anachrony", "status").output
    assert "Reserva de Energia" in text and "Objetivos Solo" in text
    assert not RAW_ID.search(text) and not PLACEHOLDER.search(text)


def test_the_opponent_command_shows_its_board_and_refuses_a_game_without_one():
    new_solo("--modules", "quantum-loops", opponent="chronossus")
    tt("play", *setup_answers(), "--steps", "12")
    r = tt("--json", "anachrony", "opponent")
    assert r.exit_code == 0, r.output
    o = json.loads(r.stdout)["opponent"]
    assert o["bot"] == "chronossus" and o["ql_removed"] == 0 and "Quantum Loop cards it removed: 0" in tt("anachrony", "opponent").output
    assert tt("new", "anachrony", "--players", "2", "--seed", "1").exit_code == 0
    r = tt("anachrony", "opponent")
    assert r.exit_code == 2 and "has no solo opponent" in r.output


def test_status_of_a_finished_solo_game_names_the_opponent_in_the_final_score(_tabletop_home):
    """Issue 7 (status shows the opponent's board), rules §3.2.10: the final score line names the Chronobot, not
    the scoring helper's id "bot"."""
    from state.save import read, write

    new_solo("--name", "over")
    folder = _tabletop_home / "games" / "over"
    save = read(folder)
    save.state.update(over=True, next=None, final={"totals": {"p1": 30, "bot": 31}, "winners": ["bot"]})
    write(save, journal=False)
    for lang in ("en", "pt-BR"):
        text = tt("--lang", lang, "anachrony", "status").output
        # issue 14: the end-of-game summary names the winner and every total; an old save without the tally by
        # category or the Era-by-Era record shows the totals without a chart
        assert ("Winner: Chronobot" if lang == "en" else "Vencedor: Chronobot") in text, text
        assert re.search(r"Total\W+30\W+31", text), text
        assert not re.search(r"\bbot\b", text), text


def test_undo_never_rerolls_the_opponents_dice():
    """Issue 7: a redone turn of the opponent gets the same dice (app dice derive from the seed and the step)."""
    new_solo()
    tt("play", *setup_answers(), *BOT_TURN, "--steps", "16")
    before = json.loads(tt("--json", "anachrony", "status").stdout)["opponent"]
    log_before = json.loads(tt("--json", "log", "--last", "1").stdout)
    assert tt("undo", "1").exit_code == 0
    assert json.loads(tt("--json", "anachrony", "status").stdout)["opponent"]["actions"] == 0
    tt("play", *BOT_TURN, "--steps", "1")
    after = json.loads(tt("--json", "anachrony", "status").stdout)["opponent"]
    log_after = json.loads(tt("--json", "log", "--last", "1").stdout)
    assert before == after
    assert log_before["entries"] == log_after["entries"]  # the redone step; "undone" says the undo happened


def test_table_dice_are_asked_with_the_ai_die_faces():
    """Rules §3.2.2: with table dice the AI die is typed as shown (2 to 5)."""
    new_solo("--dice", "table")
    r = tt("play", *setup_answers(), "--answer", "anachrony.solo.paradox=1", *BOT_TURN, "--steps", "16")
    assert r.exit_code == 2 and "anachrony.solo.ai" in r.output
    r = tt("play", "--answer", "anachrony.solo.ai=4", *BOT_TURN, "--steps", "1")
    assert "Chronobot plays Command token 4: Construct Power Plant." in r.output, r.output


# -- data check and overrides ---------------------------------------------------------------------------------


def test_data_check_lists_the_solo_provisional_values():
    keys = [i["key"] for i in json.loads(tt("--json", "data", "check", "anachrony").stdout)["games"][0]["items"]]
    assert "solo.hypersync_shape" in keys and "solo.hypersync_paradox" in keys


def test_owner_override_replaces_a_solo_value(_tabletop_home):
    folder = _tabletop_home / "overrides"
    folder.mkdir(parents=True)
    (folder / "anachrony.toml").write_text('[solo.hypersync_shape]\ncircle = "right"\nsquare = "left"\n', encoding="utf-8")
    keys = [i["key"] for i in json.loads(tt("--json", "data", "check", "anachrony").stdout)["games"][0]["items"]]
    assert "solo.hypersync_shape" not in keys and "solo.hypersync_paradox" in keys


def test_owner_override_with_a_bad_solo_value_is_refused(_tabletop_home):
    folder = _tabletop_home / "overrides"
    folder.mkdir(parents=True)
    (folder / "anachrony.toml").write_text('[solo.hypersync_shape]\ncircle = "middle"\n', encoding="utf-8")
    r = tt("data", "check", "anachrony")
    assert r.exit_code == 1 and "hypersync_shape" in r.output
    r = tt("new", "anachrony", "--players", "1", "--opponent", "chronossus")
    assert r.exit_code == 1 and "hypersync_shape" in r.output


# -- the pt-BR leak check of whole solo games --------------------------------------------------------------------


GAMES = [("chronobot", "", "", "app", 3), ("chronobot", "", "min-6,extra-turn", "table", 4),
         ("chronossus", "hypersync,quantum-loops,neutronide", "side-b,targeted-hypersync,ql-vp", "table", 5),
         ("chronossus", "", "cores=1,objectives=2", "app", 6)]


@pytest.mark.parametrize("opponent,modules,difficulty,random,seed", GAMES)
def test_whole_solo_games_render_in_pt_br_without_leaks(opponent, modules, difficulty, random, seed):
    """Issue 7: every message of whole solo games exists in both languages and renders in pt-BR with no raw id
    and no unfilled placeholder."""
    from automata.anachrony import game

    options = {"players": 1, "modules": modules, "random": random, "opponent": opponent, "difficulty": difficulty}
    state, history, asks = play_recorded(game, options, anachrony_solo_policy.SoloPolicy(seed, busy=6), seed)
    assert state["over"]
    problems = leaks(game, history, asks)
    assert not problems, "\n".join(problems[:40])


def test_pt_br_breakthrough_shape_and_pass_read_naturally():
    """Wave-2 audit item 23: seed 002 speaks of a Breakthrough's 'formato' ('Inovação de um ícone e formato
    específicos'): 'Inovação de formato quadrado', never 'Inovação de quadrado'; the solo pass item says that you
    passed ('Passei a vez'), not 'Passo' (which reads like a setup step)."""
    from automata.core.steps import msg
    from cli.words.i18n import Translator

    t = Translator("pt-BR")
    for shape in ("circle", "triangle", "square"):
        said = t.render(msg("anachrony.solo.research", bot="Chronossus", shape=f"@anachrony.solo.shape.{shape}"))
        name = t.render(msg(f"anachrony.solo.shape.{shape}"))
        assert f"Inovação de formato {name}" in said and f"Inovação de {name}" not in said
    assert t.render(msg("anachrony.solo.you.pass")).startswith("Passei a vez")


@pytest.mark.parametrize("edition,spots", [("current", ("short.1", "long.4", "long.8")), ("first", ("a.1", "b.5", "d.2"))])
def test_chronobot_spots_are_said_in_words(edition, spots):
    """Wave-2 audit item 12 (rules file §3.2.3 paths, §3.3 first-edition loops): a Command token's spot is said as
    its path and place ('caminho longo, espaço 4'), as the status picture names the paths, never as 'long.4'."""
    from automata.anachrony import game
    from automata.anachrony.solo.data import load
    from automata.anachrony.solo.phases import spot_term as term
    from automata.core.steps import Msg
    from cli.words.i18n import Translator

    state = game.new_state(game.check_options({"players": 1, "modules": "", "opponent": "chronobot", "edition": edition}), 1)

    def spot_term(sd, s, spot):
        return Msg.from_data(term(sd, s, spot))

    for spot in spots:
        for lang in ("en", "pt-BR"):
            text = Translator(lang).render(spot_term(load(), state["solo"], spot))
            path, _, n = spot.partition(".")
            assert spot not in text and text.endswith(f" {n})"), text
        assert ("caminho " if edition == "current" else "circuito ") in Translator("pt-BR").render(spot_term(load(), state["solo"], spot))


class _Env:
    """A terminal table for ``tabletop new``'s questions: each question recorded, answered by ``pick``."""

    def __init__(self, pick):
        from cli.words.i18n import Translator

        self.answers, self.json, self.t, self.pick, self.asked = {}, False, Translator("pt-BR"), pick, []

    def interactive(self):
        return True


def _new_questions(monkeypatch, pick, players, modules=None):
    from cli.terminal import prompter
    from cli.anachrony.newquestions import anachrony_players

    env = _Env(pick)

    def answer(self, ask):
        env.asked.append(ask)
        return env.pick(ask), "table"

    monkeypatch.setattr(prompter.TerminalPrompter, "answer", answer)
    return anachrony_players(env, players, modules, ""), env.asked


def test_new_solo_marks_intrigues_unavailable_with_its_reason_instead_of_exiting(monkeypatch):
    """Wave-2 audit item 9, rules file §3.1 (Intrigues of the Council has no solo rules): in a 1-player game the
    modules menu keeps Intrigues in its place marked with the reason, and picking it is refused (the prompt asks
    again) instead of the setup being thrown away; with more players it can be picked."""
    from automata.core.steps import SEVERAL_OF, InvalidAnswer

    (_, modules, _), asked = _new_questions(monkeypatch, lambda a: ["hypersync"] if a.kind == SEVERAL_OF else "chronossus", 1)
    menu = next(a for a in asked if a.id == "new.anachrony.modules")
    intrigues = next(c for c in menu.choices if c.value == "intrigues")
    assert intrigues.unavailable is not None and intrigues.unavailable.id == "anachrony.solo.reason.intrigues"
    with pytest.raises(InvalidAnswer):
        menu.normalise(["intrigues"])
    (_, _, _), asked = _new_questions(monkeypatch, lambda a: [] if a.kind == SEVERAL_OF else "none", 3)
    menu = next(a for a in asked if a.id == "new.anachrony.modules")
    assert all(c.unavailable is None for c in menu.choices)


@pytest.mark.parametrize("modules,first,out", [("", "chronobot", None), ("hypersync", "chronossus", "chronobot")])
def test_new_solo_opponent_menu_says_why_the_chronobot_is_out_and_enter_is_an_opponent(monkeypatch, modules, first, out):
    """Wave-2 audit item 9, rules file §3.1: the Chronobot plays the base game only, the Chronossus with or without
    modules; with modules the Chronobot stays in the menu marked with the reason; Enter (the default) is the first
    opponent the table can play, never 'no opponent'."""
    (_, _, opponent), asked = _new_questions(monkeypatch, lambda a: a.default, 1, modules)
    menu = next(a for a in asked if a.id == "new.anachrony.opponent")
    assert menu.default == first == opponent and menu.choices[-1].value == "none"
    reasons = {c.value: c.unavailable for c in menu.choices}
    assert (reasons["chronobot"] is not None) == (out == "chronobot") and reasons["chronossus"] is None


@pytest.mark.parametrize("mode", ["app", "table"])
def test_dice_lines_say_the_face_that_counts(mode):
    """Wave-2 audit item 11, rules file §3.2.2 (the AI die: faces 2, 3, 3, 4, 4, 5; a d6's 1 counts as 3, its 6 as
    4), §3.2.4 (the Paradox die: 1 or 2 symbols, or blank): a roll line says the game die's face that counts, never
    an impossible one such as 'AI die: 6'; the shape die names the shape."""
    from automata.anachrony.solo.common import roll_ai, roll_paradox, roll_shape
    from automata.anachrony.solo.data import load
    from automata.core.runner import DiceContext, ScriptedAnswers, run
    from cli.words.i18n import Translator
    from cli.terminal.render import event_text

    sd = load()
    s = {"bot": "chronossus", "edition": "current"}
    t = Translator("pt-BR")
    seen = set()
    for step in range(1, 60):
        d6 = (step - 1) % 6 + 1
        answers = {"anachrony.solo.ai": str(d6), "anachrony.solo.paradox": str(d6), "anachrony.solo.shape": str((d6 - 1) % 3 + 1)}
        for gen, check in ((roll_ai(sd, s), lambda v: str(sd.ai(v))), (roll_paradox(sd, "paradox"), None),
                           (roll_shape(sd), lambda v: t(f"anachrony.solo.shape.{sd.shape(v)}"))):
            r = run(gen, ScriptedAnswers(answers), dice=DiceContext(7, step, mode))
            (e,) = [e for e in r.transcript if e.kind == "roll"]
            face = event_text(t, e).rsplit(": ", 1)[1].rsplit(" (", 1)[0]
            if check is not None:
                assert face == check(e.value[0])
            else:
                n = sd.paradox(e.value[0])
                assert face == ("face vazia" if n == 0 else f"{n} símbolo{'s' if n > 1 else ''} de Paradoxo")
            if e.id.endswith(".ai"):
                seen.add(e.value[0])
                assert face in {"2", "3", "4", "5"}
    assert {1, 6} <= seen  # the d6 faces that the AI die does not have were rolled and said as 3 and 4
