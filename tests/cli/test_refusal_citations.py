"""Last session's play: Anachrony refused with "(rules §3.1)", and the corrections of every game with "(rules file
§2.2)": a player has no rules file (it is the project's ../shared/rules). A refusal, a menu's reason and a
correction's limit cite nothing, or a topic the table can look up: 'tabletop rules GAME "TOPIC"' must find it.
The same holds for every text a player reads, in every catalog of every game: the in-effect reminders, the
decisions' why, the score notes, the data notes (the data files and the code's comments keep the provenance)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from cli_checks import tt

LOCALES = Path(__file__).resolve().parents[2] / "cli" / "locales"
#: the messages shown when something is refused or cannot be chosen, and the limits a correction cites
REFUSALS = re.compile(r"\.(error|reason|fix\.rule)\.|fractures")
SEE = re.compile(r"(?:see|veja): tabletop rules (\w+) \"([^\"]+)\"")
#: what cites the project's rules file or the owner's seed file by section, in either language
CITES_A_FILE = re.compile(r"§|rules[ -]file|arquivo de regras|\bseeds? \d|\bsemente \d|\((?:seed|semente),|^(?:Seed|Resumo), ",
                          re.IGNORECASE)
#: a section of a printed rulebook, which the table owns, may be cited
RULEBOOK_SECTION = re.compile(r"(?:rulebook|livro de regras(?: d[ao] [\w ]+?)?),? §[\d.]+")


def messages(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in sorted((LOCALES / lang).glob("*.toml")):
        for key, value in tomllib.loads(path.read_text(encoding="utf-8")).items():
            for form, text in (value.items() if isinstance(value, dict) else [("", value)]):
                if isinstance(text, str) and form != "count":
                    out[f"{key}/{form}" if form else key] = text
    return out


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_no_refusal_cites_a_rules_file_section(lang):
    cited = {k: v for k, v in messages(lang).items() if REFUSALS.search(k) and "§" in v}
    assert not cited, sorted(cited)[:5]


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_every_topic_a_refusal_cites_is_found(_tabletop_home, lang):
    seen = [(k, m) for k, v in messages(lang).items() if REFUSALS.search(k) for m in SEE.finditer(v)]
    assert seen  # the Anachrony solo refusals cite their topic
    for key, match in seen:
        game, topic = match.groups()
        result = tt("--lang", lang, "rules", game, topic)
        title = re.sub(r"\s{2,}\S+$", "", result.output.splitlines()[0])  # "Mission cards  PROVISIONAL"
        assert result.exit_code == 0 and title.endswith(topic), (key, result.output[:200])


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_no_text_a_player_reads_cites_the_rules_file_or_the_seed(lang):
    # every catalog is what a player reads: reminders (e.g. chaos.ineffect.rule_card cited "rules file §2.8; seed
    # 003"), why texts ("Seed, Negotiate: …"), score notes ("rules §2.12"), data notes ("§4.1 item 5")
    cited = {k: v for k, v in messages(lang).items() if CITES_A_FILE.search(RULEBOOK_SECTION.sub("", v))}
    assert not cited, sorted(cited.items())[:5]


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_every_topic_any_text_cites_is_found(_tabletop_home, lang):
    seen = [(k, m) for k, v in messages(lang).items() for m in SEE.finditer(v) if "{" not in m.group(2)]
    assert {m.group(1) for _, m in seen} >= {"anachrony", "chaos", "radlands", "toc"}  # every game cites some
    for key, match in seen:
        game, topic = match.groups()
        result = tt("--lang", lang, "rules", game, topic)
        title = re.sub(r"\s{2,}\S+$", "", result.output.splitlines()[0])  # "Mission cards  PROVISIONAL"
        assert result.exit_code == 0 and title.endswith(topic), (key, result.output[:200])
