"""One name per card per language (issue 16, "One rule for game terms"): the Superprojects and the Quantum Loop
cards have one name in each language, used everywhere (setup, Eras, status picture, score, rules topics), and
both names are accepted as answers in either language.

Seed 002 translates both families: "Central Multiverso" and "Vigilância do Conselho Mundial" (Módulo 3 and 4,
Superprojetos), "Neutralizador de Onda Temporal" and "Amplificador de Loop Temporal" (Módulo 3, NOTA). So every
card of the two families has a Portuguese name (cli/locales/pt-BR/anachrony_terms.toml), and a pt-BR screen never
shows an English card name beside a Portuguese one (nor the reverse in English).
"""

from __future__ import annotations

import re
import tomllib

import pytest

from automata.anachrony import game
from automata.anachrony.game import data_of
from automata.core.steps import InvalidAnswer, normalise_answer
from cli.inplay.answers import fold, label_to_value
from cli.words.i18n import LOCALES, Translator
from cli.terminal.render import event_text

import anachrony_policy  # noqa: E402
from anachrony_pictures import render, snapshots  # noqa: E402
from leaks import flat_texts, play_recorded  # noqa: E402

LANGS = ("en", "pt-BR")


def catalog(lang: str, stem: str = "anachrony_terms") -> dict:
    return tomllib.loads((LOCALES / lang / f"{stem}.toml").read_text(encoding="utf-8"))


def card_names() -> dict[str, dict[str, str]]:
    """Card message id (anachrony.sp.x, anachrony.ql.x) → {language: name}."""
    cats = {lang: catalog(lang) for lang in LANGS}
    ids = [k for k in cats["en"] if re.match(r"^anachrony\.(sp|ql)\.[a-z_]+$", k)]
    return {k: {lang: cats[lang][k] for lang in LANGS} for k in ids}


NAMES = card_names()
OTHER = {"en": "pt-BR", "pt-BR": "en"}


def foreign_names(lang: str) -> re.Pattern:
    """The card names of the other language (as whole words)."""
    names = sorted({n[OTHER[lang]] for n in NAMES.values()}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(%s)(?!\w)" % "|".join(re.escape(n) for n in names))


def test_every_card_has_one_name_per_language_and_the_seed_names_are_kept():
    """Seed 002, Módulo 3 and 4: the seed's Portuguese names; the other cards of both families translated too."""
    assert len([k for k in NAMES if k.startswith("anachrony.sp.")]) == 20
    assert len([k for k in NAMES if k.startswith("anachrony.ql.")]) == 8
    same = [k for k, n in NAMES.items() if n["en"] == n["pt-BR"]]
    assert not same, same
    seed = {"anachrony.sp.multiverse_hub": "Central Multiverso", "anachrony.sp.world_council_surveillance": "Vigilância do Conselho Mundial",
            "anachrony.ql.time_wave_neutralizer": "Neutralizador de Onda Temporal", "anachrony.ql.time_loop_amplifier": "Amplificador de Loop Temporal"}
    for k, name in seed.items():
        assert NAMES[k]["pt-BR"] == name
    for lang in LANGS:  # two cards never share a name
        assert len({n[lang] for n in NAMES.values()}) == len(NAMES)


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalog_text_names_a_card_in_the_other_language(lang):
    """Every Anachrony catalog (play, score, solo, rules topics, picture) uses the language's card names only."""
    pattern = foreign_names(lang)
    bad = []
    for path in sorted((LOCALES / lang).glob("anachrony*.toml")):
        for text in flat_texts(tomllib.loads(path.read_text(encoding="utf-8"))):
            if pattern.search(text):
                bad.append(f"{path.name}: {pattern.search(text).group(0)!r} in {text!r}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_the_score_helper_names_the_cards_as_the_game_does(lang):
    """The scoring helper's Superproject effects and categories are the same names as the cards' own."""
    score = catalog(lang, "anachrony_score")
    card_of = {k.rsplit(".", 1)[1]: n[lang] for k, n in NAMES.items()}
    checked = 0
    for key, text in score.items():
        m = re.match(r"^anachrony\.score\.(effect|cat)\.([a-z_]+)$", key)
        if m and m.group(2) in card_of:
            assert text == card_of[m.group(2)], key
            checked += 1
    assert checked >= 6


# -- whole games ----------------------------------------------------------------------------------------------

GAMES = [(3, 7, "neutronide,hypersync,quantum-loops,intrigues", "app"), (4, 2, "hypersync,quantum-loops,intrigues", "table"),
         (2, 5, "quantum-loops", "app"), (1, 3, "hypersync,quantum-loops", "table"), (1, 4, "", "app")]


def rendered_lines(lang: str, history, asks) -> list[str]:
    t = Translator(lang)
    lines = []
    for step, result in history:
        lines.append(t.render(game.step_label(step)))
        lines.extend(event_text(t, e) for e in result.transcript)
    for ask in asks:
        lines.append(t.render(ask.msg))
        lines.extend(t.render(c.label) for c in ask.choices)
        if ask.hint is not None:
            lines.append(t.render(ask.hint))
    return lines


@pytest.mark.parametrize("players,seed,modules,random", GAMES)
def test_whole_games_name_every_card_in_the_table_language_only(players, seed, modules, random):
    """Whole games (setup and every Era, solo and multiplayer, the program's or the table's draws), rendered in
    both languages: no line names a card in the other language, and the cards dealt are named in the table's."""
    state, history, asks = play_recorded(game, {"players": players, "modules": modules, "random": random},
                                         anachrony_policy.Policy(seed, busy=8), seed)
    assert state["over"]
    for lang in LANGS:
        lines = rendered_lines(lang, history, asks)
        pattern = foreign_names(lang)
        bad = [line for line in lines if pattern.search(line)]
        assert not bad, f"{lang}:\n" + "\n".join(bad[:20])
        text = "\n".join(lines)
        for sp in state.get("superprojects", []):
            assert NAMES[f"anachrony.sp.{sp}"][lang] in text, (lang, sp)
        if "quantum_loops" in state["options"]["modules"]:
            shown = [k for k, n in NAMES.items() if k.startswith("anachrony.ql.") and n[lang] in text]
            assert len(shown) >= 3, (lang, shown)


@pytest.mark.parametrize("kind", ["multi", "chronossus"])
def test_the_status_picture_names_the_cards_in_the_table_language(kind):
    """``tabletop anachrony status`` (Timeline Superprojects, Quantum Loop offer) in both languages."""
    for state in snapshots(kind, seed=3, every=60):
        for lang in LANGS:
            picture = render(state, 120, lang)
            found = foreign_names(lang).search(picture)
            assert not found, f"{lang}: {found.group(0)!r}\n{picture}"


# -- answers --------------------------------------------------------------------------------------------------


def first_ask(state: dict, wanted: str):
    """Play the game with the scripted table until the question ``wanted`` is asked; that question."""
    from automata.core.runner import DiceContext, run

    policy = anachrony_policy.Policy(1, busy=4)
    caught = []

    class Catch:
        def answer(self, ask):
            if ask.id == wanted:
                caught.append(ask)
                from automata.core.runner import NO_ANSWER
                return NO_ANSWER
            return policy.answer(ask)

        def table_dice(self, roll, spec):
            return policy.table_dice(roll, spec)

    policy.state = state
    for n in range(1, 400):
        step = game.next_step(state)
        result = run(game.procedure(state, step), Catch(), dice=DiceContext(state["seed"], n, "table"))
        if caught:
            return caught[0]
        assert result.done, result.pending_id
    raise AssertionError(f"{wanted} was never asked")


@pytest.mark.parametrize("lang", LANGS)
def test_both_names_of_a_quantum_loop_card_are_accepted_in_either_language(lang):
    """Seed Q3 (the table reveals the offer): a card named by its English or its Portuguese name, in any case
    and without accents, in a pt-BR or an English game; an unknown name is still refused."""
    state = game.new_state(game.check_options({"players": 2, "modules": "quantum-loops", "random": "table"}), 1)
    ask = first_ask(state, "anachrony.setup.ql_offer")
    t = Translator(lang)
    answers = {
        "Cosmic Data Leak, foreign labor, Plantas do Futuro": ["cosmic_data_leak", "foreign_labor", "future_blueprints"],
        "Vazamento de Dados Cósmicos, MAO DE OBRA ESTRANGEIRA, interdimensional espionage":
            ["cosmic_data_leak", "foreign_labor", "interdimensional_espionage"],
        "universo de alta densidade,privileges of the multiverse,Privilégios do Multiverso": None,  # one card twice
    }
    for raw, expected in answers.items():
        value = label_to_value(t, ask, raw)
        if expected is None:
            with pytest.raises(InvalidAnswer) as refused:
                normalise_answer(ask, value)
            assert refused.value.msg.id == "core.invalid.repeated"
        else:
            assert normalise_answer(ask, value) == expected, raw
    with pytest.raises(InvalidAnswer) as refused:
        normalise_answer(ask, label_to_value(t, ask, "Central Multiverso, a, b"))
    assert refused.value.msg.id == "core.invalid.choice"
    # the choices list each card once, by the table's name
    labels = [fold(t.render(c.label)) for c in ask.choices]
    assert len(labels) == 8 and fold(NAMES["anachrony.ql.cosmic_data_leak"][lang]) in labels
    assert data_of(state).cards["cosmic_data_leak"]["aliases"] == [fold(NAMES["anachrony.ql.cosmic_data_leak"]["pt-BR"])]
