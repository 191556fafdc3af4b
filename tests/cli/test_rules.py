"""``tabletop rules`` (issue 18): the topic catalogs, the search, the cards from the game data, the step in progress.

The topics are the program's own words (cli/<game>/rules.toml + cli/locales/<lang>/<game>_rules.toml); each one
names the seed section it comes from, which these tests do not re-check sentence by sentence: they check that
the catalogs are complete (both languages, every decision rule behind 'log --explain', every step of every game)
and that the look-up finds them.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from cli.words.i18n import Translator
from cli.rules import GAME_IDS, body, find, fold, for_ask, for_step, for_why, title, topics
from cli_checks import tt

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

ROOT = Path(__file__).resolve().parents[2]


# -- the catalogs ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_every_topic_exists_in_both_languages(game, lang):
    t = Translator(lang)
    ids = [x.id for x in topics(game)]
    assert len(ids) == len(set(ids)) and len(ids) >= 15
    for topic in topics(game):
        assert t.template(topic.key + ".title", lang), f"{topic.key}.title missing in {lang}"
        assert t.template(topic.key + ".text", lang) or topic.explain, f"{topic.key}.text missing in {lang}"
        assert topic.seed, f"{topic.id}: which seed section (or rules file section) does it come from?"
        for line in body(t, topic, lang):
            assert line and line != topic.key and "{" not in line


@pytest.mark.parametrize("game", GAME_IDS)
def test_explanations_reused_by_a_topic_exist_in_both_languages(game):
    """A topic that reuses an --explain text names a message that exists (so the rule is written once)."""
    from cli.rules import expand

    for topic in topics(game):
        for pattern in topic.explain:
            ids = expand(Translator("en"), pattern)
            assert ids, f"{topic.id}: explain {pattern} names no message"
            for mid in ids:
                for lang in ("en", "pt-BR"):
                    assert Translator(lang).has(mid, lang), f"{mid} in {lang}"


def _why_ids_in_code() -> set[str]:
    """Every decision message the procedures attach to a decision: Say(msg(ID, …), "why") and the solo
    bots' why(KEY, …) (automata/anachrony/solo/common.py), found by reading the code."""
    found: set[str] = set()
    for path in sorted((ROOT / "automata").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name == "Say" and len(node.args) == 2 and isinstance(node.args[1], ast.Constant) and node.args[1].value == "why":
                inner = node.args[0]
                if isinstance(inner, ast.Call) and inner.args:
                    found |= _strings(inner.args[0], "")
            elif name == "why" and node.args and "anachrony/solo" in path.as_posix():
                found |= _strings(node.args[0], "anachrony.solo.why.")
    return found


def _strings(node, prefix: str) -> set[str]:
    """The ids a literal, a conditional of literals or an f-string can be (an f-string as a pattern)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {prefix + node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body, prefix) | _strings(node.orelse, prefix)
    if isinstance(node, ast.JoinedStr):
        parts = [v.value if isinstance(v, ast.Constant) else "*" for v in node.values]
        return {prefix + "".join(parts)}
    return {prefix + "*"}


def _why_ids_in_catalogs() -> set[str]:
    import tomllib

    out = set()
    for path in sorted((ROOT / "cli" / "locales" / "en").glob("*.toml")):
        out |= {k for k in tomllib.loads(path.read_text(encoding="utf-8")) if re.search(r"\.why\.", k)}
    return out


def test_every_rule_cited_for_a_decision_has_a_topic():
    """Issue 18, Tests: every rule that a procedure cites as the reason for a decision (log --explain) has a topic.
    The code is scanned for the decisions' messages; each one must exist in the catalogs, and every '.why.'
    message of the catalogs must belong to a topic."""
    import fnmatch

    code = _why_ids_in_code()
    catalog = _why_ids_in_catalogs()
    assert len(code) > 60  # the scan finds the decisions (toc, anachrony, the solo bots)
    for mid in code:
        assert any(fnmatch.fnmatchcase(k, mid) for k in catalog), f"{mid}: no message"
    missing = []
    for mid in sorted(catalog):
        game = mid.split(".", 1)[0]
        if for_why(game, mid) is None:
            missing.append(mid)
    assert not missing, missing


def _procs(game: str) -> set[str]:
    out = set()
    for path in (ROOT / "automata" / game).rglob("*.py"):
        out |= set(re.findall(r'"proc": "([a-z_]+)"', path.read_text(encoding="utf-8")))
    return out


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_step_of_every_game_has_a_topic(game):
    """'tabletop rules' with no game and '?' at a question show the topic of the step in progress."""
    procs = _procs(game)
    assert procs
    for proc in procs:
        assert for_step(game, {"proc": proc}) is not None, f"{game} step {proc}"


def test_each_setup_part_and_phase_has_its_own_topic():
    from automata.anachrony.eras import PHASES
    from automata.anachrony.setup import STEPS as ANACHRONY_SETUP
    from automata.radlands.setup import PARTS
    from automata.toc.setup import STEPS as TOC_SETUP

    cases = [("chaos", "n", range(1, 9)), ("toc", "name", TOC_SETUP), ("radlands", "part", PARTS),
             ("anachrony", "name", ANACHRONY_SETUP)]
    for game, key, values in cases:
        for v in values:
            topic = for_step(game, {"proc": "setup", key: v})
            assert topic is not None and topic.id != "", (game, v)
    seen = {for_step("anachrony", {"proc": "phase", "era": 2, "phase": p}).id for p in PHASES}
    assert len(seen) == len(PHASES)  # one topic per phase of an Era


# -- searching ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAME_IDS)
def test_search_finds_each_topic_by_english_and_portuguese_words_with_and_without_accents(game):
    t = Translator("en")
    for topic in topics(game):
        for lang in ("en", "pt-BR"):
            name = title(t, topic, lang)
            for typed in (name, fold(name), name.upper()):
                found, _ = find(t, game, [typed])
                assert found and found[0].id == topic.id, (lang, typed, [f.id for f in found[:3]])


def test_search_by_a_single_word_in_either_language():
    """The issue's examples: Desolação (with or without accent), Ludi, Vera Vosh, paradoxo."""
    for words in (["desolação"], ["desolacao"], ["DESOLACAO"]):
        r = tt("rules", "chaos", *words)
        assert r.exit_code == 0 and ("Ruination" in r.stdout or "ruin" in r.stdout), r.output
    r = tt("--lang", "pt-BR", "rules", "chaos", "desolacao", "pontuacao")
    assert "Fase Final 4: Pontuação por Regiões Desoladas" in r.stdout
    r = tt("rules", "toc", "ludi")
    assert r.stdout.startswith("Ludi Saeculares with a bot Emperor")
    r = tt("rules", "anachrony", "paradoxo")
    assert r.stdout.startswith("Era: Paradox phase")
    r = tt("--lang", "pt-BR", "rules", "anachrony", "PARADOXO")
    assert r.stdout.startswith("Era: Fase de Paradoxo")


def test_an_unknown_word_gives_close_matches_and_exit_2():
    r = tt("rules", "chaos", "desolacoa")
    assert r.exit_code == 2
    assert "desolacoa" in r.output and "Close:" in r.output and "—" not in r.output.split("Close:")[1].split(".")[0]
    r = tt("--lang", "pt-BR", "rules", "radlands", "xyzzyq")
    assert r.exit_code == 2 and "Nenhuma regra ou carta" in r.output and "tabletop rules radlands" in r.output
    r = tt("--json", "rules", "toc", "ludii")
    assert r.exit_code == 2
    data = json.loads(r.stdout)
    assert data["ok"] is False and data["error"] == "not_found" and any("Ludi" in c for c in data["close"])


def test_an_unknown_game_without_a_current_game_says_which_games_exist():
    r = tt("rules", "chess")
    assert r.exit_code == 2 and "chaos" in r.output and "anachrony" in r.output


def test_the_list_is_in_the_order_of_play_and_marks_provisional_topics():
    r = tt("--json", "rules", "toc")
    rows = json.loads(r.stdout)["topics"]
    ids = [x["id"] for x in rows]
    assert ids.index("setup.damnatio") < ids.index("bot.crisis") < ids.index("bot.buy") < ids.index("end")
    assert {x["id"]: x["confidence"] for x in rows}["bot.ludi"] == "provisional"  # data: ludi_marker_removal
    r = tt("rules", "toc")
    assert r.exit_code == 0 and "PROVISIONAL" in r.stdout and "A bot's turn, step 3" in r.stdout


# -- a topic and --json ---------------------------------------------------------------------------


def test_json_gives_id_title_text_source_confidence_and_commands():
    r = tt("--json", "rules", "chaos", "end.ruination")
    topic = json.loads(r.stdout)["topic"]
    assert topic["id"] == "end.ruination" and topic["title"].startswith("End phase 4")
    assert "round" in topic["text"] and topic["source"].startswith("seed 003")
    assert topic["confidence"] in ("provisional", "unconfirmed", "confirmed")
    assert topic["commands"] == ["chaos ruination …"]
    r = tt("rules", "chaos", "end.ruination")
    assert "Compute it: tabletop chaos ruination" in r.stdout and "From: the table's own summary of the game, Fase Final" in r.stdout


def test_a_topic_reuses_the_explain_text_of_its_decisions():
    """Each rule is written once: the topic shows the --explain text of the decisions it covers."""
    t = Translator("pt-BR")
    r = tt("--lang", "pt-BR", "rules", "toc", "palmyra")
    expected = t.template("toc.why.palmyra")
    assert expected in r.stdout


# -- cards and components -------------------------------------------------------------------------


def test_a_radlands_card_shows_cost_ability_junk_and_confidence():
    r = tt("--json", "rules", "radlands", "vera", "vosh")
    card = json.loads(r.stdout)["component"]
    fields = {f["key"]: f["value"] for f in card["fields"]}
    assert card["name"] == "Vera Vosh" and card["kind"] == "person"
    assert fields["cost"] == 3 and fields["junk"] == "punk" and "cost=1" in str(fields["abilities[1]"])
    assert card["confidence"] == "verified" and card["text"]
    camp = json.loads(tt("--json", "rules", "radlands", "arcade").stdout)["component"]
    assert "draw" in {f["key"] for f in camp["fields"]}


def test_an_old_world_card_an_ai_mat_and_a_quantum_loop_card():
    card = json.loads(tt("--json", "rules", "chaos", "bretonnian knights").stdout)["component"]
    assert card["kind"] == "old_world_card" and card["text"]
    mat = json.loads(tt("--json", "rules", "toc", "gordian", "iii").stdout)["component"]
    assert mat["kind"] == "ai_mat" and any(f["confidence"] == "provisional" for f in mat["fields"])
    ql = json.loads(tt("--json", "rules", "anachrony", "cosmic data leak").stdout)["component"]
    payback = [f for f in ql["fields"] if f["key"] == "payback"][0]
    assert payback["confidence"] == "provisional" and payback["check"]
    r = tt("rules", "anachrony", "cosmic data leak")
    assert "PROVISIONAL" in r.stdout


def test_the_owners_value_is_shown_as_theirs(_tabletop_home):
    (_tabletop_home / "overrides").mkdir(parents=True)
    (_tabletop_home / "overrides" / "anachrony.toml").write_text(
        '[quantum_loop_cards.cosmic_data_leak]\npayback = "triangle, icon 2"\n', encoding="utf-8")
    ql = json.loads(tt("--json", "rules", "anachrony", "cosmic data leak").stdout)["component"]
    payback = [f for f in ql["fields"] if f["key"] == "payback"][0]
    assert payback["value"] == "triangle, icon 2" and payback["confidence"] == "owner"
    assert "your value" in tt("rules", "anachrony", "cosmic data leak").stdout


# -- the step in progress -------------------------------------------------------------------------


def test_rules_with_no_game_shows_the_topic_of_the_step_in_progress():
    r = tt("rules")
    assert r.exit_code == 2 and "tabletop rules chaos" in r.output  # no current game: say how to name one
    assert tt("new", "chaos", "--name", "g1", "--seed", "7").exit_code == 0
    r = tt("--json", "rules")
    assert json.loads(r.stdout)["topic"]["id"] == "setup.board"
    answers = [a for n in range(1, 9) for a in ("--answer", f"chaos.setup.{n}=yes")]
    assert tt("play", *answers).exit_code == 2  # stops at the Old World card
    r = tt("rules")
    assert r.stdout.startswith("Old World phase")
    r = tt("rules", "desolacao")  # words without a game: the current game's rules
    assert r.exit_code == 0 and "Ruination" in r.stdout


def test_the_topic_behind_a_question():
    assert for_ask("chaos", "chaos.summon.khorne", {"proc": "summon"}).id == "summon"
    assert for_ask("toc", "toc.red.mode.troubled", {"proc": "bot_influence"}).id == "bot.mode"
    assert for_ask("radlands", "raiders.camp", {"proc": "action"}).id == "raiders"
    assert for_ask("anachrony", "anachrony.negotiate.p1.space", {"proc": "actions"}).id == "negotiate"
    assert for_ask("chaos", "chaos.setup.1", {"proc": "setup", "n": 1}).id == "setup.board"
    assert for_ask("toc", "toc.setup.3", {"proc": "setup", "name": "emperor_tokens"}).id == "setup.emperor_tokens"
    # a question no topic names: the topic of its step
    assert for_ask("chaos", "chaos.something.new", {"proc": "battle"}).id == "battle"


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_topic_is_found_by_one_of_its_own_words_in_each_language(game):
    """A single word chosen to find the topic (its '.words', English and Portuguese) finds it, in any case."""
    t = Translator("en")
    for topic in topics(game):
        for lang in ("en", "pt-BR"):
            words = (t.template(topic.key + ".words", lang) or "").split()
            assert words, f"{topic.key}.words missing in {lang}"
            for typed in (words[0], words[0].upper()):
                found, _ = find(t, game, [typed])
                assert topic.id in [f.id for f in found], (lang, typed)


@pytest.mark.parametrize("lang, see", [("en", "see"), ("pt-BR", "veja")])
def test_log_explain_names_the_topic_of_each_decision(_tabletop_home, lang, see):
    """cli/rules for_why was written and never called: 'log --explain' now follows each decision's rule with the
    topic that explains it, as the table looks it up ('tabletop rules toc "…"' finds that topic), in text, --raw and
    --json alike."""
    import json

    from cli_checks import tt
    from serve_saves import make_save

    make_save("toc", "why", steps=30)  # the bots' turns: their decisions and the rules behind them
    out = tt("--lang", lang, "--game", "why", "--explain", "log").output
    cited = re.findall(rf"\({see}: tabletop rules toc \"([^\"]+)\"\)", out)
    assert cited, out[-2000:]
    for topic in set(cited):
        found = tt("--lang", lang, "rules", "toc", topic)
        assert found.exit_code == 0 and found.output.splitlines()[0].startswith(topic), found.output[:200]
    raw = tt("--lang", lang, "--game", "why", "--explain", "log", "--raw").output
    assert re.search(rf"⚖ .+\({see}: tabletop rules toc ", raw)
    rows = json.loads(tt("--lang", lang, "--game", "why", "--json", "log").output)["entries"]
    assert any(f"({see}: tabletop rules toc " in w for row in rows for w in row["why"])
    assert f"({see}: tabletop rules" not in tt("--lang", lang, "--game", "why", "log").output  # only with --explain
