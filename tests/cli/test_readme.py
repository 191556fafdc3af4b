"""The README and the docs are right (issue 16; issue 40 item 5): every TOML and command example in README.md and in
every page of docs/ is run (PAGES, each page's examples named by page).

- ```toml blocks: an owner file (the block or the text before it names ``overrides/<game>.toml``) is written to
  a fresh TABLETOP_HOME and checked by ``tabletop data check GAME`` (refused keys exit 1); ``# answers.toml`` is
  parsed and given to the ``play`` examples as their answers file.
- ``tabletop …`` commands: the lines of the ```sh blocks (the install line's ``.venv/bin/tabletop`` parts too)
  and the Example column of the Commands table, run in page order, in a fresh TABLETOP_HOME per section of a page
  (its '# ' title and each '## ' heading start one). A synopsis line (``[--bots …]``, ``a|b``, ``1..4``) must be listed in SYNOPSES with the concrete
  command lines it stands for: a changed synopsis fails until its forms are written here.
- The concrete ``tabletop …`` commands in backticks in the text of every page (a synopsis such as ``tabletop undo [N]`` or
  ``tabletop toc mat NAME`` is left to the blocks' examples) run in one TABLETOP_HOME holding a game of each kind
  (GAMES; a game's own commands get its ``--game``).
- The unlabelled block of Chaos board changes (and its Portuguese line) is read by the board-change parser.
- Not run, checked through ``--help`` only (SKIPPED): ``tabletop serve`` runs until Ctrl-C. ``tabletop play`` is
  run without a terminal: it must finish, or stop at a question with exit 2 and say how to answer it (at a
  terminal it would wait for the table).
- PREPARE: commands that are not in the pages but that an example needs first (``undo 3`` needs three steps).
"""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cli.main

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

README = Path(__file__).resolve().parents[2] / "README.md"
DOCS = README.parent / "docs"
#: every page whose examples are run: the README, then the docs pages
PAGES = [README, *sorted(DOCS.glob("*.md"))]
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
           "tabletop fix --list": ["tabletop new radlands --name fix-example"],  # its section's examples are Radlands'
           "tabletop chaos status": ["tabletop new chaos", "tabletop play"]}  # a game in round 1, in the helpers section


def page_name(page: Path) -> str:
    return page.relative_to(README.parent).as_posix()



def fenced(lang: str, page: Path = README) -> list[tuple[int, str]]:
    """(line number, text) of every fenced block of ``lang`` in ``page`` (indented blocks in lists too)."""
    out, block, start, indent = [], None, 0, ""
    for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
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


def sections(page: Path = README) -> list[tuple[str, list[str]]]:
    """The command examples of ``page``, in order, grouped by section: its '# ' title and each '## ' heading (a
    heading is a line outside every fenced block)."""
    text = page.read_text(encoding="utf-8")
    out: list[tuple[str, list[str]]] = []
    in_block, in_sh = False, False
    for line in text.splitlines():
        if re.match(r"^\s*```", line):
            in_sh = not in_block and line.strip() in ("```sh", "```shell", "```bash")
            in_block = not in_block
        elif in_block:
            if not in_sh:
                continue
            for part in line.split("&&"):
                part = part.strip().removeprefix(".venv/bin/")
                if part.startswith("tabletop "):
                    words = shlex.split(part, comments=True)
                    out[-1][1].append(" ".join(words) if is_synopsis(part) else shlex.join(words))
        elif line.startswith(("# ", "## ")):
            out.append((line.lstrip("#").strip(), []))
        elif line.startswith("| `tabletop"):  # the Commands table: its Example column
            cells = [c.strip() for c in line.strip("|").split("|")]
            example = re.fullmatch(r"`(tabletop [^`]*)`", cells[-1])
            if example:
                out[-1][1].append(example.group(1))
    return [(title, commands) for title, commands in out if commands]


def every_section() -> list[tuple[str, str, list[str]]]:
    """(page, section title, commands) of every page."""
    return [(page_name(page), title, commands) for page in PAGES for title, commands in sections(page)]


def is_synopsis(line: str) -> bool:
    return bool(re.search(r"\[|\||\.\.|…", line))


def concrete(line: str) -> list[str]:
    if not is_synopsis(line):
        return [line]
    assert line in SYNOPSES, f"synopsis of a page not covered by tests/cli/test_readme.py SYNOPSES: {line!r}"
    return SYNOPSES[line]


def answers_example() -> dict:
    (block,) = [b for page in PAGES for _, b in fenced("toml", page) if b.startswith("# answers.toml")]
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
    assert "The two commands" in titles and "A short tour" in titles
    assert {page_name(p) for p in PAGES} >= {"README.md", "docs/playing.md", "docs/reference.md", "docs/chaos.md",
                                             "docs/toc.md", "docs/radlands.md", "docs/anachrony.md"}
    assert "Commands" in [t for t, _ in sections(DOCS / "playing.md")]
    assert len([b for p in PAGES for b in fenced("toml", p)]) >= 4  # answers, Chaos, Time of Crisis, Radlands owner files
    assert all(is_synopsis(s) for s in SYNOPSES)


TOML_EXAMPLES = [pytest.param(page, s, b, id=f"{page_name(page)} line {s}") for page in PAGES for s, b in fenced("toml", page)]


@pytest.mark.parametrize("page,start,block", TOML_EXAMPLES)
def test_every_toml_example_is_accepted(home, page, start, block):
    where = f"{page_name(page)} line {start}"
    data = tomllib.loads(block)
    if block.startswith("# answers.toml"):
        assert data and all(isinstance(k, str) and "." in k for k in data)  # question ids; used by the play examples
        return
    before = page.read_text(encoding="utf-8").splitlines()[max(0, start - 12):start]
    games = re.findall(r"overrides/(\w+)\.toml", "\n".join(before + block.splitlines()[:1]))
    assert games, f"{where}: the text before a TOML example must name its overrides/<game>.toml"
    game = games[-1]
    path = home / "overrides" / f"{game}.toml"
    path.parent.mkdir(parents=True)
    path.write_text(block, encoding="utf-8")
    result = tabletop("data", "check", game)
    assert result.exit_code == 0 and "not valid" not in result.output, f"{where}:\n{result.output}"
    # and a new game takes it (the same loader, at 'new')
    assert tabletop("new", game, "--name", "with-overrides").exit_code == 0


@pytest.mark.parametrize("page,title,commands", [pytest.param(p, t, c, id=f"{p}: {t}") for p, t, c in every_section()])
def test_every_command_example_runs_and_prints_its_expected_line(home, tmp_path, page, title, commands):
    """Every command example of every page runs (exit 0, or 2 at a question with how to answer it) and prints the
    key line ``EXPECTED`` gives it; the commands that only prepare an example must run too."""
    title = f"{page}, {title}"
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
            else:
                assert result.exit_code == 0, f"{title}: {command}\n{result.output}"
                assert "Traceback" not in result.output
            if command not in concrete(line):
                continue  # a preparing command
            assert re.search(EXPECTED[line], result.output, re.MULTILINE), \
                f"{title}: {command}: no line matches {EXPECTED[line]!r}:\n{result.output[:2000]}"

def test_the_skipped_commands_are_still_in_the_readme():
    """The list of what is not run is honest: each skipped command is an example of a page."""
    every = [c for _, _, commands in every_section() for c in commands]
    for name in SKIPPED:
        assert any(c.split()[1] == name for c in every), name


# --- the commands written in the pages' sentences ------------------------------------------------------

PLACEHOLDER = re.compile(r"\[|\||\.\.|…|\b(N|[A-Z]{2,})\b")  # [optional], a|b, 1..4, NAME / PLAYER / N…: a synopsis
# One saved game of each kind for the sentences' commands; `--game` picks the one a game's commands need.
GAMES = {"chaos": "tabletop new chaos --powers khorne,nurgle,tzeentch --name friday",
         "toc": "tabletop new toc --humans 1 --cards fixed --name rome",
         "radlands": "tabletop new radlands --name wastes",
         "anachrony": "tabletop new anachrony --players 1 --opponent chronobot --name solo"}


def inline_commands() -> list[str]:
    """The concrete ``tabletop …`` commands in backticks in the text of every page (synopses left to the blocks)."""
    text = "\n".join(page.read_text(encoding="utf-8") for page in PAGES)
    found = dict.fromkeys(m.group(1) for m in re.finditer(r"`(tabletop [^`]*)`", text))
    return [c for c in found if not PLACEHOLDER.search(c[len("tabletop "):])]


def test_every_command_in_the_text_runs(home, tmp_path):
    answers = tmp_path / "answers.toml"
    answers.write_text("\n".join(f'"chaos.setup.{n}" = "yes"' for n in range(1, 9)), encoding="utf-8")
    for game, command in GAMES.items():
        if game == "toc":  # set up, so that its bots' mats exist ('tabletop toc mat red'): the scripted table plays it
            from serve_saves import make_save

            make_save("toc", "rome", steps=30)
            continue
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
    from automata.chaos import game
    from automata.chaos.edits import parse

    page = DOCS / "chaos.md"
    text = page.read_text(encoding="utf-8")
    (block,) = [b for _, b in fenced("", page) if b.startswith("none\n")]
    portuguese = re.search(r"\(Portuguese works too: `([^`]+)`", text).group(1)
    powers = ["khorne", "nurgle", "tzeentch", "slaanesh"]
    state = game.new_state(game.check_options({"powers": ",".join(powers)}), 1)
    # a board where each example can happen (the changes are checked against it as at the table)
    state["regions"]["tilea"]["tokens"]["peasant"] = 1
    state["regions"]["kislev"]["corruption"]["khorne"] = 2
    state["regions"]["estalia"]["figures"]["nurgle"] = {"cultist": 0, "warrior": 1, "daemon": 0}
    for power in powers:
        state["p"][power].update(pp=1, hand=2, deck=22)
    state["old_world"]["track"] = ["peasant_uprising", ""]
    lines = block.splitlines() + [portuguese]
    assert parse(lines[0], state) == []
    for line in lines[1:]:
        ops = parse(line, state)
        assert len(ops) == len(re.split(r"[;,]", line)), line


def test_every_id_of_the_readme_answers_example_is_asked(home, tmp_path):
    """Issue 23 part 7: the README's answers example names only questions a game asks (no stale-id line): played
    on the README's Chaos game, with the setup answered."""
    import tomli_w

    from cli.words.i18n import Translator

    answers = tmp_path / "answers.toml"
    example = answers_example()
    answers.write_text(tomli_w.dumps({**{f"chaos.setup.{n}": "yes" for n in range(1, 9)}, **example}), encoding="utf-8")
    assert tabletop(*shlex.split(GAMES["chaos"])[1:]).exit_code == 0
    result = tabletop("play", "--answers", str(answers))
    assert result.exit_code in (0, 2) and "Traceback" not in result.output
    marker = "never asked in this run"
    assert marker in Translator("en")("core.play.unused_answers", n=1, ids="x")
    assert marker not in result.output, result.output
    # every id was answered from the file, a list once per value (issue 27 part 2: a list's later values unused
    # would be a stale example too)
    import json
    from collections import Counter

    log = json.loads(tabletop("--json", "log").stdout)
    used = Counter(r["id"] for e in log["entries"] for r in e["records"] if r["source"] == "answers")
    for qid, value in example.items():
        assert used[qid] == (len(value) if isinstance(value, list) else 1), (qid, used[qid])
    # and the check can fail: a stale id is named
    answers.write_text(tomli_w.dumps({"chaos.summon.khorne": "pass"}), encoding="utf-8")
    again = tabletop("play", "--answers", str(answers))
    assert marker in again.output and "chaos.summon.khorne" in again.output


# --- what each example prints (issue 27 part 2) ---------------------------------------------------------------------

NEW_GAME = r"New game '[\w-]+' \("  # 'tabletop new …': the save is made and named
STOPPED = r"Stopped at question '[\w.]+'"  # 'play' without a terminal: stops at a question, named
# Every command example of a page (as the page writes it) -> a line its output must hold (a regular expression), for
# every concrete form it stands for: a changed output fails here until the page or this table says the new line.
EXPECTED = {
    "tabletop new chaos": NEW_GAME + "Chaos in the Old World\\)",
    "tabletop play": STOPPED,
    "tabletop new chaos --powers khorne,nurgle,tzeentch --name friday": r"New game 'friday' \(Chaos in the Old World\)",
    "tabletop play --steps 1": r"Summoning phase|" + STOPPED,
    "tabletop status --json": r'^\{"ok": true, "name": "friday", "game": "chaos"',
    "tabletop status": r"^Chaos in the Old World — friday, (setup|round \d+)$",
    "tabletop undo 1": r"Took back 1 step of 'friday'\. The dice of a redone step stay the same\.",
    "tabletop log --last 5": r"^\s+\d+  Setup step \d",
    "tabletop undo 3": r"Took back 3 steps of 'friday'\. The dice of a redone step stay the same\.",
    "tabletop fix --list --json": r'^\{"ok": true, "game": "[\w-]+", "fields": \[',
    'tabletop remind "Khorne pays 1 more in Kislev" --at battle':
        r"^→ Reminder \d+ set: “Khorne pays 1 more in Kislev”, every time the battle moment comes\.",
    "tabletop games": r"^\* friday +chaos",
    "tabletop use friday": r"'friday' is now the current game\.",
    "tabletop serve --lan": r"Show the current game live on every phone at the table; each player answers",
    "tabletop rules chaos desolacao": r"^Placing corruption and ruining a region",
    "tabletop data check chaos": r"^chaos: \d+ values to confirm against your components\.",
    "tabletop new chaos --powers khorne,nurgle,tzeentch,slaanesh": NEW_GAME + "Chaos in the Old World\\)",
    "tabletop chaos battle 5": r"^5 battle dice: [1-6]( [1-6]){4}$",
    "tabletop chaos odds 8 --at-least 4": r"^Odds for 8 battle dice",
    "tabletop chaos domination 'the empire' --figures khorne=3 --cards khorne=2 --figures nurgle=2 --resistance-mod -1":
        r"^Domination in The Empire: resistance 4, conquest value 5$",
    "tabletop chaos ruination kislev --card 2 --tokens khorne=6,nurgle=4,slaanesh=4 --placed nurgle":
        r"^Ruination of Kislev with Ruination card 2: ruiner VP 4, 1st place 9 VP, 2nd place 4 VP$",
    "tabletop chaos status": r"^Chaos in the Old World — [\w-]+, round 1$",
    "tabletop new toc --humans 1 [--bots red,blue,yellow] --cards fixed|variable|selective [--emperor-rules] "
    "[--mats maximinus,gordian,pupienus]": NEW_GAME + "Time of Crisis\\)",
    "tabletop new radlands [--first-game] [--players Ana,Bruno] [--track full|queues]": NEW_GAME + "Radlands\\)",
    "tabletop new anachrony --players 1..4 [--modules neutronide,hypersync,quantum-loops,intrigues|all] "
    "[--draws app|table] [--names Ana,Bia,Caio] [--random]": NEW_GAME + "Anachrony\\)",
    "tabletop collection remove anachrony intrigues": r"^Anachrony: the table does not own Future Imperfect: Intrigues of the Council now\.$",
    "tabletop collection add anachrony intrigues": r"^Anachrony: the table owns Future Imperfect: Intrigues of the Council now\.$",
    "tabletop new chaos --random --powers 3": r"^\s+Powers in play: \w+, \w+, \w+\.$",
    "tabletop new radlands --random": r"^\s+Player A is dealt: [^()]+ \(keeps 3 of them, chosen at setup\)\.$",
    "tabletop setup-list chaos --powers khorne,nurgle,tzeentch": r"^Chaos in the Old World: take these out of the box$",
    "tabletop setup-list toc --humans 2": r"^Time of Crisis: take these out of the box$",
    "tabletop history --finished": r"^No finished games yet\.$",
    "tabletop history --game anachrony": r"^No saved games yet\. Start one with 'tabletop new GAME'\.$",
    "tabletop stats chaos": r"^No finished Chaos in the Old World games yet\. ",
    "tabletop export --json": r'^\{"schema": "tabletop-companion/game", "version": 1, "name": "friday", "game": "chaos"',
    "tabletop collection --json": r'^\{"ok": true, "file": ".+collection\.toml", "exists": (true|false), "games": \{"chaos"',
    "tabletop anachrony status [--json]": r"^Anachrony — [\w-]+, Era 0 of \d, setup$|^\{\"ok\": true, \"name\": \"[\w-]+\", \"game\": \"anachrony\"",
    "tabletop new anachrony --players 1 --opponent chronobot|chronossus [--difficulty A,B=N] [--edition current|first] "
    "[--modules …]": NEW_GAME + "Anachrony\\)",
}


def test_every_command_example_has_its_expected_line():
    """A new or changed example of a page fails until its expected output line is written in EXPECTED."""
    examples = {c for _, _, commands in every_section() for c in commands}
    assert examples == set(EXPECTED), (sorted(examples - set(EXPECTED)), sorted(set(EXPECTED) - examples))


# --- the install and test commands, as written ------------------------------------------------------------------

ROOT = README.parent


def readme_command(after: str) -> str:
    """The one line of the ```sh block that follows the README sentence beginning with ``after``."""
    text = README.read_text(encoding="utf-8")
    block = text[text.index(after):]
    return re.search(r"```sh\n(.+)\n```", block).group(1)


def test_ci_runs_exactly_the_readme_test_command():
    """`.ci/run` ends with the README's test command, character for character."""
    command = readme_command("Install and run the tests")
    ci = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
          if line.strip() and not line.lstrip().startswith("#")]
    assert ci[-1] == command, (ci[-1], command)
    assert "pytest" in command and "'.[test]'" in command


def test_the_install_command_runs_as_written(tmp_path):
    """The README's install line, run by a shell in a copy of the repository's files without a terminal: it installs,
    starts a Chaos game and 'play' stops at the first question, saying how to answer it (exit 2)."""
    import subprocess

    command = readme_command("Install and start a game")
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    copy = tmp_path / "clone"
    for name in filter(None, files):
        source = ROOT / name.decode()
        if source.is_file():
            target = copy / name.decode()
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())
    env = {k: v for k, v in __import__("os").environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHONPATH"))}
    env.update(TABLETOP_HOME=str(tmp_path / "home"), TABLETOP_LANG="en")
    result = subprocess.run(["bash", "-c", command], cwd=copy, env=env, capture_output=True, text=True,
                            stdin=subprocess.DEVNULL, timeout=600)
    assert result.returncode == 2, result.stdout + result.stderr
    assert re.search(r"New game 'chaos-1' \(Chaos in the Old World\)", result.stdout), result.stdout
    said = result.stdout + result.stderr  # the stop at a question is said on stderr
    assert "Stopped at question 'chaos.setup.1'" in said and "--answer chaos.setup.1=VALUE" in said
