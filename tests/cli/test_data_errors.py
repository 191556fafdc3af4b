"""Owner-data errors in the table's language (common brief: "every error says what was wrong and what is valid, in
the table's language"). A bad ``overrides/<game>.toml`` (an unknown key, a value of the wrong type, a number out of
range, a table given as a plain value) is refused by ``tabletop data check <game>`` and ``tabletop new <game>`` with
exit 1, as before; with ``--lang pt-BR`` the whole line, the loader's detail included, is Portuguese: only the data's
own keys and values stay as the owner wrote them. English keeps the loaders' English text word for word."""

from __future__ import annotations

import re
import tomllib

import pytest

from cli_checks import tt

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

#: per game: (what is wrong, overrides file text, a key the message must name)
CASES = {
    "toc": [
        ("unknown key", "[mats.gordian_iii.track.senate.2]\ncsot = 3\n", "mats.gordian_iii.track.senate.2.csot"),
        ("wrong type", "[mats.gordian_iii.track.senate.2]\ncost = 'x'\n", "mats.gordian_iii.track.senate.2.cost"),
        ("out of range", "[mats.gordian_iii.track.senate.2]\ncost = -3\n", "mats.gordian_iii.track.senate.2.cost"),
        ("not a table", "mats = 3\n", "mats"),
        ("circle out of range", "[mats.gordian_iii.track.senate.9]\ncost = 3\n", "mats.gordian_iii.track.senate.9"),
    ],
    "chaos": [
        ("unknown key", "[regions.kislev]\nresistence = 2\n", "regions.kislev.resistence"),
        ("wrong type", "[regions.kislev]\nresistance = 'two'\n", "regions.kislev.resistance"),
        ("out of range", "[regions.kislev]\nresistance = -2\n", "regions.kislev.resistance"),
        ("not a table", "[regions]\nkislev = 5\n", "regions.kislev"),
    ],
    "radlands": [
        ("unknown key", "[nope]\nx = 1\n", "nope"),
        ("wrong type", "[people.assassin]\ncost = 'one'\n", "people.assassin.cost"),
        ("out of range", "[people.assassin]\ncost = -1\n", "people.assassin.cost"),
        ("not a table", "rules = 3\n", "rules"),
    ],
    "anachrony": [
        ("unknown key", "[rules.eras]\ncount_bse = 7\n", "rules.eras.count_bse"),
        ("wrong type", "[rules.eras]\ncount_base = 'seven'\n", "rules.eras.count_base"),
        ("out of range", "[rules.by_players.2]\nhypersync_side = 0\n", "rules.by_players.2.hypersync_side"),
        ("not a table", "rules = 5\n", "rules"),
        ("position out of range", "[other_modules.ids]\n9 = 'x'\n", "other_modules.ids[9]"),
    ],
}

#: English words of the loaders' details (a data key such as 'cost' or 'rules' is the owner's and may stay)
ENGLISH = re.compile(r"\b(overrides|unknown|must|valid|closest|got|invalid|missing|whole|number|table|least|range|"
                     r"is|the|with|data|of|or|be|keys|positions|circles|add)\b")


def english_left(text: str, key: str) -> list[str]:
    """The English words of a Portuguese error, leaving out the data's own keys and the valid keys listed."""
    plain = text.replace(key, "")
    plain = re.sub(r"chaves válidas: [^;.]*", "", plain)  # the valid keys are the data's own
    plain = re.sub(r"[\w./-]+\.toml|Time of Crisis|Chaos in the Old World|Radlands|Anachrony|'[^']*'", "", plain)
    return ENGLISH.findall(plain)


def write_overrides(home, game: str, text: str) -> None:
    folder = home / "overrides"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{game}.toml").write_text(text, encoding="utf-8")


CASE_IDS = [(game, what) for game, cases in CASES.items() for what, _, _ in cases]


@pytest.mark.parametrize("game,what", CASE_IDS, ids=[f"{g}-{w.replace(' ', '_')}" for g, w in CASE_IDS])
@pytest.mark.parametrize("command", ["data check", "new"])
def test_a_bad_owner_file_is_refused_in_portuguese(game, what, command, _tabletop_home):
    text, key = next((t, k) for w, t, k in CASES[game] if w == what)
    write_overrides(_tabletop_home, game, text)
    args = [*command.split(), game]
    en = tt("--lang", "en", *args)
    pt = tt("--lang", "pt-BR", *args)
    assert en.exit_code == 1 and pt.exit_code == 1, (en.output, pt.output)
    en_text, pt_text = " ".join(en.output.split()), " ".join(pt.output.split())
    assert key in en_text and key in pt_text, (en_text, pt_text)
    assert "O arquivo de dados do dono" in pt_text, pt_text
    assert not english_left(pt_text, key), (pt_text, english_left(pt_text, key))
    assert not re.search(r"\{[a-z_]+\}|core\.data\.", pt_text), pt_text


def test_english_keeps_the_loaders_text(_tabletop_home):
    """The en rendering of a DataError's message is its English detail, word for word (str(e)), for every case."""
    import importlib

    from automata.core.games import find_game
    from cli.words.i18n import Translator

    en = Translator("en")
    for game, cases in CASES.items():
        data = importlib.import_module(find_game(game).module.rsplit(".", 1)[0] + ".data")
        for what, text, key in cases:
            with pytest.raises(data.DataError) as caught:
                data.provisional_items(data.load(tomllib.loads(text)))
            assert en.render(caught.value.msg) == str(caught.value), (game, what)
