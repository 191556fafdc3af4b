"""Message coverage of the two languages (en, pt-BR).

- The locale tables: the same keys in both languages, no empty text, the same ``{param}`` set, every key
  reachable by the Translator (its file matches the id's domain), no pt-BR text left in English.
- The pt-BR leak test of the issue: whole Chaos and Time of Crisis games are played with the scripted
  tables (tests/automata/<game>_policy.py) and every message they show, every question, choice label, hint
  and journal label is rendered in both languages; a message missing in pt-BR (English fallback), a raw
  message id or an unfilled ``{placeholder}`` fails (tests/cli/leaks.py, which the Anachrony and Radlands
  tests use too). The setup walkthrough and the status screen are checked through the CLI.
- The card summaries (cli/locales/*/chaos_summaries.toml) match the cards whose data has a summary.
"""

from __future__ import annotations

import ast
import re
import string
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from automata.chaos.data import load
from automata.chaos import game
from cli.words.i18n import DERIVED, LOCALES, Translator
from cli.words.lang import LANGS
from cli.main import app

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "automata"))
import chaos_policy  # noqa: E402
import toc_policy  # noqa: E402
from leaks import leaks, play_recorded  # noqa: E402

DOMAINS = sorted({p.stem.split("_")[0] for p in (LOCALES / "en").glob("*.toml")})  # core, chaos, toc, …
RAW_ID = re.compile(r"\b(?:core|chaos)\.[a-z_]+\.[a-z_.]+")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
UNCONFIRMED = {"en": " (unconfirmed: read the card)", "pt-BR": " (não confirmado: leia a carta)"}
POWERS = ("khorne", "nurgle", "tzeentch", "slaanesh")


# -- the locale tables ------------------------------------------------------------------------------


def locale_files(lang: str) -> dict[str, dict[str, str]]:
    return {p.name: tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted((LOCALES / lang).glob("*.toml"))}


def merged(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for table in locale_files(lang).values():
        out.update(table)
    return out


def texts(template) -> list[str]:
    """The strings of a message: itself, or every form of a plural table (cli/words/i18n.py)."""
    if isinstance(template, dict):
        return [s for k, v in template.items() if k != "count" for s in texts(v)]
    return [template]


def fields(template) -> set[str]:
    """The parameters a message refers to; a plural table's count parameter counts too."""
    if isinstance(template, dict):
        return {template["count"]} | {f for k, v in template.items() if k != "count" for f in fields(v)}
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_both_languages_have_the_same_files():
    assert set(locale_files("en")) == set(locale_files("pt-BR"))


@pytest.mark.parametrize("lang", LANGS)
def test_no_key_is_defined_twice_and_every_key_is_reachable(lang):
    """A key in two files of one language would silently shadow the other; a key in a file whose name does
    not match the id's domain (``chaos.*`` in ``chaos*.toml``) is never found by the Translator."""
    seen: dict[str, str] = {}
    twice = []
    for name, table in locale_files(lang).items():
        for key in table:
            if key in seen:
                twice.append(f"{key} ({seen[key]}, {name})")
            seen[key] = name
    assert not twice, twice
    t = Translator(lang)
    table = merged(lang)
    unreachable = [f"{k} ({seen[k]})" for k, v in table.items() if t.template(k, lang) != v]
    assert not unreachable, unreachable


def test_key_parity_between_en_and_pt_br():
    en, pt = merged("en"), merged("pt-BR")
    assert sorted(set(en) - set(pt)) == [], "keys missing in pt-BR"
    assert sorted(set(pt) - set(en)) == [], "keys missing in en"


@pytest.mark.parametrize("lang", LANGS)
def test_no_empty_text(lang):
    bad = [k for k, v in merged(lang).items() if not all(isinstance(s, str) and s.strip() for s in texts(v))]
    assert not bad, bad


def base_fields(template) -> set[str]:
    """The parameters a template refers to; a derived form of a term parameter ({region_in}, {region_of},
    {region_to}, {figure_many}: cli/words/i18n.py) counts as the parameter itself, so one language may say "in {region}" and the
    other "{region_in}"; an indexed parameter ({label[en]}, {label[pt]}: a text given in both languages) counts as
    the parameter itself."""
    return {re.sub(r"_(?:%s)$" % "|".join(DERIVED), "", re.split(r"[.\[]", name)[0]) for name in fields(template)}


def test_placeholders_are_the_same_in_both_languages():
    en, pt = merged("en"), merged("pt-BR")
    bad = [f"{k}: en {sorted(fields(en[k]))} pt-BR {sorted(fields(pt[k]))}" for k in en if k in pt and base_fields(en[k]) != base_fields(pt[k])]
    assert not bad, "\n".join(bad)


# Titles stay as printed in English (chaos_terms.toml); these keys may read the same in both languages.
# Each game may add its own allowances in tests/cli/i18n_allow_<game>.toml (keys: title_keys = [regex],
# same_on_purpose = [key], seed_english = [regex]) so that games do not share one list.
_ALLOW = [tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(Path(__file__).parent.rglob("i18n_allow_*.toml"))]
TITLE_KEY = re.compile(
    "|".join(
        [r"^chaos\.(card\.(khorne|nurgle|tzeentch|slaanesh)\.|oldworld\.(?!summary\.)[a-z_]+$|upgrade\.|power\.|region\.|token\.skaven$)"]
        + [rx for a in _ALLOW for rx in a.get("title_keys", [])]
    )
)
SAME_ON_PURPOSE = {"chaos.value_of", "chaos.status.col.res", "core.source.", "core.roll.line", "core.form.many", "core.pending.named"} | {
    k for a in _ALLOW for k in a.get("same_on_purpose", [])
}
SEED_ENGLISH = re.compile("|".join(rx for a in _ALLOW for rx in a.get("seed_english", [])) or r"(?!x)x")
ENGLISH_WORDS = re.compile(
    r"\b(the|and|of|with|to|in|on|or|not|for|from|Threat|Ruination|ruined|Warpstone|Peasants?|Nobles?|Hero(es)?|VP|dials?|"
    r"power points?|Old World|Chaos cards?|upgrades?|corruption|domination|resistance|summon|hits?|rounds?|counters?|"
    r"tokens?|figures?|cards?|none|phase|step|battle|yes)\b"
)


def test_pt_br_texts_are_not_left_in_english():
    en, pt = merged("en"), merged("pt-BR")
    same = [k for k in pt if pt[k] == en.get(k) and not TITLE_KEY.match(k) and k not in SAME_ON_PURPOSE]
    assert not same, same
    english = []
    for k, v in pt.items():
        if TITLE_KEY.match(k):
            continue
        text = " ".join(texts(v)).replace("Chaos in the Old World", "")  # the game's title
        text = SEED_ENGLISH.sub("", text)
        text = re.sub(r"'[^']*'", "", text)  # quoted commands and values the user types
        text = PLACEHOLDER.sub("", text)
        found = ENGLISH_WORDS.findall(text)
        if found:
            english.append(f"{k}: {v}")
    assert not english, "\n".join(english)


def literal_message_ids() -> dict[str, str]:
    """Message ids written out in full in the code: first argument of msg(), Msg() and Translator calls."""
    root = Path(__file__).resolve().parents[2]
    out: dict[str, str] = {}
    for folder in ("automata", "cli"):
        for path in sorted((root / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr if isinstance(node.func, ast.Attribute) else ""
                arg = node.args[0]
                if name in ("msg", "Msg", "t") and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    if re.fullmatch(r"(%s)\.[a-z0-9_.]*[a-z0-9_]" % "|".join(DOMAINS), arg.value):
                        out[arg.value] = f"{path.relative_to(root)}:{node.lineno}"
    return out


def test_message_ids_in_the_code_exist_in_both_languages():
    ids = literal_message_ids()
    assert len(ids) > 100  # the scan finds the code's messages
    translators = {lang: Translator(lang) for lang in LANGS}  # one each: a Translator reads its catalogs once
    missing = [f"{id} ({where}) in {lang}" for id, where in ids.items() for lang in LANGS if not translators[lang].has(id, lang)]
    assert not missing, missing


# -- the pt-BR leak test: whole games ---------------------------------------------------------------


GAMES = [(seed, focus, POWERS) for seed in range(6) for focus in (0.0, 0.8)] + [
    (7, 0.8, ("khorne", "tzeentch", "slaanesh")),
    (11, 0.5, ("nurgle", "tzeentch", "slaanesh")),
]


@pytest.mark.parametrize("seed,focus,powers", GAMES, ids=[f"seed{s}-focus{f}-{len(p)}p" for s, f, p in GAMES])
def test_whole_games_render_in_pt_br_without_leaks(seed, focus, powers):
    """Issue: a test renders whole procedures in pt-BR and fails if any English message or raw id leaks."""
    state, history, asks = play_recorded(game, {"powers": ",".join(powers)}, chaos_policy.Policy(seed, focus=focus), seed)
    assert state["over"]
    problems = leaks(game, history, asks)
    assert not problems, "\n".join(problems[:40])


TOC_GAMES = [(1, {"humans": 1, "bots": "red,blue,yellow", "cards": "fixed", "emperor_rules": True}),
             (2, {"humans": 2, "bots": "green,blue", "cards": "variable", "emperor_rules": False}),
             (3, {"humans": 1, "bots": "yellow", "cards": "selective", "emperor_rules": True})]


@pytest.mark.parametrize("seed,options", TOC_GAMES, ids=[f"toc-seed{s}" for s, _ in TOC_GAMES])
def test_whole_time_of_crisis_games_render_in_pt_br_without_leaks(seed, options):
    """The same leak check over whole Time of Crisis games (8 rounds, 1 to 3 bots, the three card settings)."""
    from automata.toc import game as toc_game

    state, history, asks = play_recorded(toc_game, options, toc_policy.Policy(seed, rounds=8), seed)
    assert state["round"] >= 8 and asks
    problems = leaks(toc_game, history, asks)
    assert not problems, "\n".join(problems[:40])


# -- the pt-BR leak test: setup walkthrough and status through the CLI ------------------------------


def tt(*args):
    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


SETUP_SIM = [a for n in range(1, 9) for a in ("--answer", f"chaos.setup.{n}=sim")]


def start_pt_br_game():
    r = tt("--lang", "pt-BR", "new", "chaos", "--seed", "3")
    assert r.exit_code == 0, r.output
    assert "Nova partida" in r.output
    r = tt("--lang", "pt-BR", "play", *SETUP_SIM)
    assert r.exit_code == 2, r.output  # stops at the first question of round 1
    return r.output


def test_setup_and_first_question_in_pt_br_show_no_raw_ids():
    out = start_pt_br_game()
    for n in range(1, 9):
        assert f"Preparação {n}/8" in out
    assert "Fase do Velho Mundo" in out
    # The pending question's id is shown on purpose (--answer ID=VALUE); it is not a message id.
    assert "chaos.oldworld.card" in out
    shown = out.replace("chaos.oldworld.card", "")
    assert not RAW_ID.search(shown), RAW_ID.findall(shown)
    assert not PLACEHOLDER.search(shown), PLACEHOLDER.findall(shown)
    # The next step shows a card summary in Portuguese.
    r = tt("--lang", "pt-BR", "play", "--answer", "chaos.oldworld.card=warpstone_discovery", "--answer", "chaos.oldworld.r1.warpstone_discovery.0=kislev")
    assert "fichas de Pedra da Deformação" in r.output and "(não confirmado: leia a carta)" in r.output, r.output
    pending = re.search(r"--answer (\S+)=", r.output).group(1)
    shown = r.output.replace(pending, "")  # the pending question's id, shown on purpose (--answer ID=VALUE)
    assert not RAW_ID.search(shown), RAW_ID.findall(shown)


def test_status_in_pt_br_shows_no_raw_ids():
    start_pt_br_game()
    r = tt("--lang", "pt-BR", "status")
    assert r.exit_code == 0, r.output
    assert "O Velho Mundo" in r.output and "Próximo:" in r.output
    assert not RAW_ID.search(r.output), RAW_ID.findall(r.output)


def test_status_next_step_has_its_round():
    start_pt_br_game()
    r = tt("--lang", "pt-BR", "status")
    assert not PLACEHOLDER.search(r.output), PLACEHOLDER.findall(r.output)


def test_pending_yes_no_question_lists_portuguese_answers():
    r = tt("--lang", "pt-BR", "new", "chaos", "--seed", "3")
    assert r.exit_code == 0, r.output
    r = tt("--lang", "pt-BR", "play")
    assert r.exit_code == 2, r.output  # setup step 1 done? a yes/no question
    assert "válido: sim, não" in r.output, r.output


# -- card summaries ---------------------------------------------------------------------------------


def summary_cards() -> dict[str, bool]:
    """Message id of each card summary the procedures show → whether the data marks it unconfirmed."""
    data = load()
    out = {}
    for c in data.old_world_cards:
        if c.get("summary"):
            out[f"chaos.oldworld.summary.{c['id']}"] = "U" in (c.get("summary_confidence"), c.get("confidence"))
    for p in data.power_ids:
        for c in data.chaos_cards(p):
            if c.get("summary"):
                out[f"chaos.card.summary.{p}.{c['id']}"] = "U" in (c.get("summary_confidence"), c.get("confidence"))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_summary_keys_match_the_cards_with_a_summary(lang):
    cards = summary_cards()
    keys = {k for k in merged(lang) if k.startswith(("chaos.card.summary.", "chaos.oldworld.summary."))}
    assert sorted(keys - set(cards)) == [], "summary keys for cards without a summary"
    assert sorted(set(cards) - keys) == [], "cards with a summary but no summary key"
    t = Translator(lang)
    wrong = [k for k, unconfirmed in cards.items() if t.template(k, lang).endswith(UNCONFIRMED[lang]) != unconfirmed]
    assert not wrong, f"unconfirmed marker wrong (should end with {UNCONFIRMED[lang]!r} exactly when the data says 'U'): {wrong}"
    assert all(not fields(t.template(k, lang)) for k in cards), "summaries are shown without parameters"
