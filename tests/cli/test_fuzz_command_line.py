"""Random command lines over every command and option (issue 13): bad values, unicode and control characters,
huge numbers, odd files. Every run exits 0, 1 or 2, never shows a traceback or an unexpected error, never hangs,
and a command that fails changes no save.

TABLETOP_FUZZ=N runs N examples (default 120).
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cli.main import app

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "state"))
import midgame  # noqa: E402

EXAMPLES = int(os.environ.get("TABLETOP_FUZZ", "120"))
SECONDS = 30  # one command line that takes longer than this is a hang


def command_tree() -> list[tuple[list[str], list]]:
    """Every command (its words) with its parameters, walked from the real command line."""
    root = typer.main.get_command(app)
    out = []

    def walk(cmd, words, ctx):
        if hasattr(cmd, "list_commands"):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                walk(sub, words + [name], sub.context_class(sub, info_name=name, parent=ctx))
        else:
            out.append((words, list(cmd.params)))

    walk(root, [], root.context_class(root, info_name="tabletop"))
    return out


# 'serve' runs until Ctrl-C by design (a valid command line never returns): its options and errors are tested in
# tests/cli/test_serve.py instead.
LONG_RUNNING = {"serve"}
COMMANDS = [(words, params) for words, params in command_tree() if " ".join(words) not in LONG_RUNNING]
GLOBALS = ["--json", "--explain", "--lang", "--game", "--answers", "--answer", "--dice", "--seed"]

WORDS = ["khorne", "nurgle", "tzeentch", "slaanesh", "kislev", "norsca", "red", "blue", "a", "b", "yes", "no", "all",
         "chronobot", "neutronide", "fixed", "military", "senate", "en", "pt-BR", "app", "table", "g", "chaos", "toc",
         "raiders", "1", "0", "-1", "none", "x=1", "chaos.setup.1=yes"]
TEXT = st.one_of(
    st.sampled_from(WORDS),
    st.text(max_size=12),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=31), min_size=1, max_size=3).map(lambda s: "x" + s),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(",".join),
)
NUMBER = st.one_of(st.integers(-3, 70), st.integers(-(10**30), 10**30), st.sampled_from(["1e9", "0x10", "", "٣"]))


def odd_files(folder: Path) -> list[str]:
    """Files a table might pass by mistake, or on purpose."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {
        "answers.toml": '"chaos.setup.1" = "yes"\n',
        "answers.json": '{"chaos.setup.1": "yes"}',
        "deep.json": '{"a":' * 5000 + "1" + "}" * 5000,
        "deep.toml": "a = " + "[" * 3000 + "]" * 3000 + "\n",
        "inline.toml": "a = " + "{b = " * 2000 + "1" + "}" * 2000 + "\n",
        "dotted.toml": ".".join(["k"] * 3000) + " = 1\n",
        "list.json": "[1, 2]",
        "latin1.toml": "a = 'é'\n".encode("latin-1").decode("latin-1"),
        "big.toml": "# " + "x" * (2 * 1024 * 1024) + "\n",
    }
    for name, text in files.items():
        (folder / name).write_text(text, encoding="latin-1" if name == "latin1.toml" else "utf-8")
    fifo = folder / "fifo"
    if hasattr(os, "mkfifo") and not fifo.exists():
        os.mkfifo(fifo)
    return [str(folder / n) for n in files] + [str(folder), "/dev/zero", "/dev/null", str(folder / "missing"),
                                               str(fifo) if fifo.exists() else "/dev/null"]


def value_for(param, files):
    kind = type(param.type).__name__
    if kind in ("IntRange", "IntParamType"):
        return NUMBER.map(str)
    if kind == "BoolParamType" and not getattr(param, "is_flag", False):
        return st.sampled_from(["true", "false", "maybe"])
    return st.one_of(TEXT, st.sampled_from(files))


@st.composite
def command_lines(draw, files):
    words, params = draw(st.sampled_from(COMMANDS))
    args = list(words)
    for param in params:
        if not draw(st.booleans()):
            continue
        if param.param_type_name == "argument":
            args.append(draw(value_for(param, files)))
            continue
        opt = param.opts[0]
        if getattr(param, "is_flag", False):
            args.append(opt)
        else:
            args += [opt, draw(value_for(param, files))]
    for g in draw(st.lists(st.sampled_from(GLOBALS), max_size=3)):
        if g in ("--json", "--explain"):
            args.insert(draw(st.integers(0, len(args))), g)
        elif g == "--answers":
            args += [g, draw(st.sampled_from(files))]
        elif g == "--seed":
            args += [g, draw(NUMBER.map(str))]
        else:
            args += [g, draw(TEXT)]
    if draw(st.integers(0, 9)) == 0:  # now and then a word that is no command or option at all
        args.insert(draw(st.integers(0, len(args))), draw(TEXT))
    return args


def saves_snapshot(home: Path) -> dict[str, bytes]:
    games = home / "games"
    return {str(p.relative_to(home)): p.read_bytes() for p in sorted(games.rglob("*"))
            if p.is_file() and p.name != ".lock" and not p.name.endswith(".tmp")} if games.exists() else {}


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


@pytest.fixture
def fuzz_home(_tabletop_home, tmp_path):
    midgame.build(_tabletop_home / "games" / "mid", "chaos")
    midgame.build(_tabletop_home / "games" / "rad", "radlands")
    (_tabletop_home / "current").write_text("mid\n", encoding="utf-8")
    return _tabletop_home, odd_files(tmp_path / "files")


def test_every_command_is_in_the_fuzz():
    names = {" ".join(w) for w, _ in COMMANDS}
    assert {"play", "status", "log", "undo", "games", "use", "data check", "new chaos", "new toc", "new radlands",
            "new anachrony", "chaos odds", "toc emperor-legacy", "radlands event", "anachrony score"} <= names


def test_random_command_lines_never_crash_hang_or_change_a_save_on_failure(fuzz_home):
    home, files = fuzz_home

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(args=command_lines(files))
    def one(args):
        before = saves_snapshot(home)
        old = signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(SECONDS)
        try:
            result = CliRunner().invoke(app, args)
        except Hang:
            raise AssertionError(f"{args}: still running after {SECONDS} s") from None
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, old)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"{args}: traceback") from result.exception
        out = result.output
        assert result.exit_code in (0, 1, 2), (args, result.exit_code, out)
        assert "Traceback" not in out and "Unexpected error" not in out, (args, out)
        stopped_at_a_question = result.exit_code == 2 and "Answer it with --answer" in out  # steps before it are kept
        if result.exit_code != 0 and not stopped_at_a_question:
            assert saves_snapshot(home) == before, (args, "a failed command changed a save", out)
        if "--json" in args and result.exit_code in (0, 1) and result.stdout.strip():
            json.loads(result.stdout.strip().splitlines()[-1])

    one()
