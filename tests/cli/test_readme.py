"""The README is right (issue 16): every TOML and command example in README.md is run.

- ```toml blocks: an owner file (the block or the text before it names ``overrides/<game>.toml``) is written to
  a fresh TABLETOP_HOME and checked by ``tabletop data check GAME`` (refused keys exit 1); ``# answers.toml`` is
  parsed and given to the ``play`` examples as their answers file.
- ``tabletop …`` commands: the lines of the ```sh blocks (the install line's ``.venv/bin/tabletop`` parts too)
  and the Example column of the Commands table, run in README order, in a fresh TABLETOP_HOME per README
  section. A synopsis line (``[--bots …]``, ``a|b``, ``1..4``) must be listed in SYNOPSES with the concrete
  command lines it stands for: a changed synopsis fails until its forms are written here.
- The concrete ``tabletop …`` commands in backticks in the text (a synopsis such as ``tabletop undo [N]`` or
  ``tabletop toc mat NAME`` is left to the blocks' examples) run in one TABLETOP_HOME holding a game of each kind
  (GAMES; a game's own commands get its ``--game``).
- The unlabelled block of Chaos board changes (and its Portuguese line) is read by the board-change parser.
- Not run, checked through ``--help`` only (SKIPPED): ``tabletop serve`` runs until Ctrl-C. ``tabletop play`` is
  run without a terminal: it must finish, or stop at a question with exit 2 and say how to answer it (at a
  terminal it would wait for the table).
- PREPARE: commands that are not in the README but that an example needs first (``undo 3`` needs three steps).
"""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cli.main

README = Path(__file__).resolve().parents[2] / "README.md"
runner = CliRunner()

SKIPPED = {"serve": "runs until Ctrl-C (a web server): only its --help is run"}

# A synopsis line -> the command lines it stands for (every alternative at least once, optional parts both ways).
SYNOPSES = {
    "tabletop new toc --humans 1 [--bots red,blue,yellow] --cards fixed|variable|selective [--emperor-rules] "
    "[--mats maximinus,gordian,pupienus]": [
        "tabletop new toc --humans 1 --cards fixed",
        "tabletop new toc --humans 1 --cards variable --name toc-b",
        "tabletop new toc --humans 1 --bots red,blue,yellow --cards selective --emperor-rules "
        "--mats maximinus,gordian,pupienus --name toc-c",
    ],
    "tabletop new radlands [--first-game] [--players Ana,Bruno] [--track full|queues]": [
        "tabletop new radlands",
        "tabletop new radlands --first-game --players Ana,Bruno --track full --name rad-b",
        "tabletop new radlands --track queues --name rad-c",
    ],
    "tabletop new anachrony --players 1..4 [--modules neutronide,hypersync,quantum-loops,intrigues|all] "
    "[--draws app|table] [--names Ana,Bia,Caio] [--random]": [
        "tabletop new anachrony --players 2",
        "tabletop new anachrony --players 3 --modules neutronide,hypersync,quantum-loops,intrigues --draws app "
        "--names Ana,Bia,Caio --name ana-b",
        "tabletop new anachrony --players 4 --modules all --draws table --name ana-c",
        "tabletop new anachrony --players 3 --random --name ana-r",
        "tabletop new anachrony --players 1 --name ana-d",
    ],
    "tabletop anachrony status [--json]": ["tabletop anachrony status", "tabletop anachrony status --json"],
    # --difficulty A,B=N: the options are listed below the block, a few stand for the rest; --edition is the Chronobot's
    "tabletop new anachrony --players 1 --opponent chronobot|chronossus [--difficulty A,B=N] [--edition current|first] "
    "[--modules …]": [
        "tabletop new anachrony --players 1 --opponent chronobot",
        "tabletop new anachrony --players 1 --opponent chronobot --difficulty wc-right,min-6 --edition first --name solo-b",
        "tabletop new anachrony --players 1 --opponent chronossus --difficulty cores=2 "
        "--modules neutronide,hypersync,quantum-loops --name solo-c",
    ],
}

PREPARE = {"tabletop undo 3": ["tabletop play --steps 2"],
           "tabletop fix --list": ["tabletop new radlands --name fix-example"]}  # its section's examples are Radlands'



def fenced(lang: str) -> list[tuple[int, str]]:
    """(line number, text) of every fenced block of ``lang`` (indented blocks in lists too)."""
    out, block, start, indent = [], None, 0, ""
    for n, line in enumerate(README.read_text(encoding="utf-8").splitlines(), 1):
        m = re.match(r"^(\s*)```(\S*)\s*$", line)
        if m and block is None:
            block, start, indent, kind = [], n, m.group(1), m.group(2)
        elif m and block is not None:
            if kind == lang:
                out.append((start, "\n".join(b[len(indent):] if b.startswith(indent) else b for b in block)))
            block = None
        elif block is not None:
            block.append(line)
    return out


def sections() -> list[tuple[str, list[str]]]:
    """The README's command examples, in order, grouped by '## ' section."""
    text = README.read_text(encoding="utf-8")
    out: list[tuple[str, list[str]]] = []
    in_sh = False
    for line in text.splitlines():
        if line.startswith("## "):
            out.append((line[3:], []))
        elif re.match(r"^\s*```", line):
            in_sh = not in_sh and line.strip() in ("```sh", "```shell", "```bash")
        elif in_sh:
            for part in line.split("&&"):
                part = part.strip().removeprefix(".venv/bin/")
                if part.startswith("tabletop "):
                    words = shlex.split(part, comments=True)
                    out[-1][1].append(" ".join(words) if is_synopsis(part) else shlex.join(words))
        elif line.startswith("| `tabletop"):  # the Commands table: its Example column
            cells = [c.strip() for c in line.strip("|").split("|")]
            example = re.fullmatch(r"`(tabletop [^`]*)`", cells[-1])
            if example:
                out[-1][1].append(example.group(1))
    return [(title, commands) for title, commands in out if commands]


def is_synopsis(line: str) -> bool:
    return bool(re.search(r"\[|\||\.\.|…", line))


def concrete(line: str) -> list[str]:
    if not is_synopsis(line):
        return [line]
    assert line in SYNOPSES, f"README synopsis not covered by tests/cli/test_readme.py SYNOPSES: {line!r}"
    return SYNOPSES[line]


def answers_example() -> dict:
    (block,) = [b for _, b in fenced("toml") if b.startswith("# answers.toml")]
    return tomllib.loads(block)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TABLETOP_LANG", "en")
    return tmp_path / "home"


def tabletop(*args: str):
    return runner.invoke(cli.main.app, list(args))


def test_the_readme_has_examples_of_every_kind():
    titles = [t for t, _ in sections()]
    assert "The two commands" in titles and "Commands" in titles
    assert len(fenced("toml")) >= 4  # answers, Chaos, Time of Crisis, Radlands owner files
    assert all(is_synopsis(s) for s in SYNOPSES)


@pytest.mark.parametrize("start,block", [pytest.param(s, b, id=f"README line {s}") for s, b in fenced("toml")])
def test_every_toml_example_is_accepted(home, start, block):
    data = tomllib.loads(block)
    if block.startswith("# answers.toml"):
        assert data and all(isinstance(k, str) and "." in k for k in data)  # question ids; used by the play examples
        return
    before = README.read_text(encoding="utf-8").splitlines()[max(0, start - 12):start]
    games = re.findall(r"overrides/(\w+)\.toml", "\n".join(before + block.splitlines()[:1]))
    assert games, f"README line {start}: the text before a TOML example must name its overrides/<game>.toml"
    game = games[-1]
    path = home / "overrides" / f"{game}.toml"
    path.parent.mkdir(parents=True)
    path.write_text(block, encoding="utf-8")
    result = tabletop("data", "check", game)
    assert result.exit_code == 0 and "not valid" not in result.output, f"README line {start}:\n{result.output}"
    # and a new game takes it (the same loader, at 'new')
    assert tabletop("new", game, "--name", "with-overrides").exit_code == 0


@pytest.mark.parametrize("title,commands", [pytest.param(t, c, id=t) for t, c in sections()])
def test_every_command_example_runs(home, tmp_path, title, commands):
    answers = tmp_path / "answers.toml"
    extra = {f"chaos.setup.{n}": "yes" for n in range(1, 9)}
    import tomli_w

    answers.write_text(tomli_w.dumps({**extra, **answers_example()}), encoding="utf-8")
    for line in commands:
        for command in PREPARE.get(line, []) + concrete(line):
            args = shlex.split(command)[1:]
            if args[0] in SKIPPED:
                args = [args[0], "--help"]
            if args[0] == "play":
                args += ["--answers", str(answers)]
            result = tabletop(*args)
            if args[0] == "play" and result.exit_code == 2:  # no terminal: stopped at a question, and says how to answer
                assert "--answer" in result.output, f"{title}: {command}\n{result.output}"
                continue
            assert result.exit_code == 0, f"{title}: {command}\n{result.output}"
            assert "Traceback" not in result.output


def test_the_skipped_commands_are_still_in_the_readme():
    """The list of what is not run is honest: each skipped command is a README example."""
    every = [c for _, commands in sections() for c in commands]
    for name in SKIPPED:
        assert any(c.split()[1] == name for c in every), name


# --- the commands written in the README's sentences -----------------------------------------------------

PLACEHOLDER = re.compile(r"\[|\||\.\.|…|\b(N|[A-Z]{2,})\b")  # [optional], a|b, 1..4, NAME / PLAYER / N…: a synopsis
# One saved game of each kind for the sentences' commands; `--game` picks the one a game's commands need.
GAMES = {"chaos": "tabletop new chaos --powers khorne,nurgle,tzeentch --name friday",
         "toc": "tabletop new toc --humans 1 --cards fixed --name rome",
         "radlands": "tabletop new radlands --name wastes",
         "anachrony": "tabletop new anachrony --players 1 --opponent chronobot --name solo"}


def inline_commands() -> list[str]:
    """The concrete ``tabletop …`` commands in backticks in the README's text (synopses left to the blocks)."""
    text = README.read_text(encoding="utf-8")
    found = dict.fromkeys(m.group(1) for m in re.finditer(r"`(tabletop [^`]*)`", text))
    return [c for c in found if not PLACEHOLDER.search(c[len("tabletop "):])]


def test_every_command_in_the_text_runs(home, tmp_path):
    answers = tmp_path / "answers.toml"
    answers.write_text("\n".join(f'"chaos.setup.{n}" = "yes"' for n in range(1, 9)), encoding="utf-8")
    for command in GAMES.values():
        assert tabletop(*shlex.split(command)[1:]).exit_code == 0, command
    assert tabletop("use", "friday").exit_code == 0
    assert tabletop("play", "--steps", "4", "--answers", str(answers)).exit_code == 0  # steps for 'undo 3'
    commands = inline_commands()
    assert "tabletop toc priority --edit" in commands and "tabletop rules radlands \"vera vosh\"" in commands
    ran = []
    for command in commands:
        if command in GAMES.values():
            continue  # run above
        args = shlex.split(command)[1:]
        if args[0] in SKIPPED:
            args = [args[0], "--help"]
        if args[0] in GAMES:
            args = ["--game", GAMES[args[0]].split()[-1], *args]
        if "answers.toml" in args:
            args[args.index("answers.toml")] = str(answers)
        result = tabletop(*args)
        ran.append(command)
        if args[0] == "new":  # the other commands go on with the game played above
            assert tabletop("use", "friday").exit_code == 0
        if result.exit_code == 2 and "--answer" in result.output:  # no terminal: stopped at a question, says how to answer
            continue
        assert result.exit_code == 0, f"{command}\n{result.output}"
    assert len(ran) >= 30


def test_the_chaos_board_changes_language_examples_parse():
    """The unlabelled block of Chaos board changes, and its Portuguese line, are read by the same parser the
    'what changed on the board' question uses (automata/chaos/edits.py)."""
    from automata.chaos.data import load
    from automata.chaos.edits import parse

    text = README.read_text(encoding="utf-8")
    (block,) = [b for _, b in fenced("") if b.startswith("none\n")]
    portuguese = re.search(r"\(Portuguese works too: `([^`]+)`", text).group(1)
    data = load()
    powers = ["khorne", "nurgle", "tzeentch", "slaanesh"]
    lines = block.splitlines() + [portuguese]
    assert parse(lines[0], data, powers) == []
    for line in lines[1:]:
        ops = parse(line, data, powers)
        assert len(ops) == len(re.split(r"[;,]", line)), line


def test_every_id_of_the_readme_answers_example_is_asked(home, tmp_path):
    """Issue 23 part 7: the README's answers example names only questions a game asks (no stale-id line): played
    on the README's Chaos game, with the setup answered."""
    import tomli_w

    from cli.i18n import Translator

    answers = tmp_path / "answers.toml"
    example = answers_example()
    answers.write_text(tomli_w.dumps({**{f"chaos.setup.{n}": "yes" for n in range(1, 9)}, **example}), encoding="utf-8")
    assert tabletop(*shlex.split(GAMES["chaos"])[1:]).exit_code == 0
    result = tabletop("play", "--answers", str(answers))
    assert result.exit_code in (0, 2) and "Traceback" not in result.output
    marker = "never asked in this run"
    assert marker in Translator("en")("core.play.unused_answers", n=1, ids="x")
    assert marker not in result.output, result.output
    # and the check can fail: a stale id is named
    answers.write_text(tomli_w.dumps({"chaos.summon.khorne": "pass"}), encoding="utf-8")
    again = tabletop("play", "--answers", str(answers))
    assert marker in again.output and "chaos.summon.khorne" in again.output
