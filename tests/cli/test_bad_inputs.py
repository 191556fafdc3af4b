"""Inputs the other batteries (test_fuzz_command_line, test_hostile_environment, test_data_errors) did not reach:
the terminal's size from the environment, answers given twice or with control characters, empty values that
meant "not given", files beside the saves, the phones' server. The promise is the docs' (docs/playing.md): every error says what
was wrong and what is valid, in the table's language; no traceback; a refused command changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_checks import tt

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

SETUP = [a for n in (1, 2, 3) for a in ("--answer", f"chaos.setup.{n}=yes")]


def files(home: Path) -> dict[str, bytes]:
    """Every file of the home folder but the cache and the lock, byte for byte."""
    return {str(p.relative_to(home)): p.read_bytes() for p in sorted(home.rglob("*"))
            if p.is_file() and "cache" not in p.relative_to(home).parts and p.name != ".lock"}


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """A Chaos game three setup steps in, made once in-process (its save, journal and 'current')."""
    import os

    home = tmp_path_factory.mktemp("bad-inputs-home")
    old = os.environ.get("TABLETOP_HOME")
    os.environ["TABLETOP_HOME"] = str(home)
    try:
        assert tt("new", "chaos", "--seed", "4", "--name", "g").exit_code == 0
        assert tt("play", "--steps", "3", *SETUP).exit_code == 0
    finally:
        os.environ.pop("TABLETOP_HOME") if old is None else os.environ.update(TABLETOP_HOME=old)
    return home


@pytest.fixture
def mid(_tabletop_home, template):
    """The template's game in this test's home (the current game)."""
    import shutil

    shutil.copytree(template / "games", _tabletop_home / "games")
    shutil.copy2(template / "current", _tabletop_home / "current")
    return _tabletop_home


# -- the terminal's size ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("args, var, value", [
    (["status"], "COLUMNS", "0"), (["games"], "COLUMNS", "0"), (["log"], "COLUMNS", "-5"), (["status"], "COLUMNS", "abc"),
    (["status"], "COLUMNS", "99999999"), (["games"], "COLUMNS", "٣٣"), (["status"], "LINES", "0"),
    (["log"], "LINES", "99999999"),
])
def test_a_wrong_terminal_size_in_the_environment_is_ignored(mid, var, value, args):
    """COLUMNS=0 printed nothing at all (exit 0, the board lost); COLUMNS=99999999 drew for minutes. A size that is
    no whole number of a terminal's order is left out: the output is the one of no COLUMNS (80 columns off a
    terminal)."""
    expected = tt(*args)
    got = tt(*args, env={var: value})
    assert got.exit_code == expected.exit_code == 0
    assert got.output == expected.output and got.output.strip()


# -- files beside the saves ------------------------------------------------------------------------------------

DEEP = "a = " + "[" * 3000 + "]" * 3000 + "\n"


@pytest.mark.parametrize("lang, words", [("en", "nests tables or lists too deeply"), ("pt-BR", "aninha tabelas ou listas em níveis demais")])
@pytest.mark.parametrize("args", [["collection"], ["collection", "add", "chaos", "base"], ["new", "chaos", "--name", "n"]])
def test_a_collection_file_nested_too_deeply_is_refused_by_name(mid, lang, words, args):
    """It was 'Unexpected error: RecursionError' (the TOML reader recursing); now the file and what is wrong."""
    (mid / "collection.toml").write_text(DEEP, encoding="utf-8")
    before = files(mid)
    r = tt("--lang", lang, *args)
    assert r.exit_code == 1 and words in r.output and "collection.toml" in r.output, r.output
    assert "Unexpected" not in r.output and "Traceback" not in r.output
    assert files(mid) == before


# -- the phones' server ----------------------------------------------------------------------------------------


def test_the_phones_page_is_the_same_whatever_the_save_is_called(mid):
    """A save named 's' turned every 's' of the board's HTML into 'this game' ('<this gamepan clathis game=…'), and
    one named 'Khorne' every Khorne: the save's name is kept from the phones where the board is rendered
    (webboard.py), never by replacing text afterwards. The board, the log and the turn of one save are the same
    under any name, and the name is nowhere."""
    import shutil

    from cli.phones.webboard import Board

    games = mid / "games"
    names = ("secret-save-name", "s", "Khorne")
    for name in names:
        shutil.copytree(games / "g", games / name)
    shots = {name: Board(name, games / name, "en").snapshot("en") for name in names}
    first = shots["secret-save-name"]
    assert "<span" in first["board"] and "Khorne" in first["board"]
    assert "secret-save-name" not in str(first["board"]) + str(first["log"]) + str(first["turn"])
    for name, shot in shots.items():
        assert (shot["board"], shot["log"], shot["turn"]) == (first["board"], first["log"], first["turn"]), name


@pytest.fixture
def seat_server(mid):
    """The phones' server on the mid-game save (no file watcher: nothing here changes the save); (server, a seat's
    token)."""
    import threading

    from cli.phones import startup as serve
    from cli.commands.env import Env

    server, _, _ = serve.make_server(Env(lang="en", game="g"), 0, lan=False)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield server, next(iter(server.seats))
    server.close_all()
    server.shutdown()
    server.server_close()


def post_answer(server, token: str, body: bytes, lang: str = "en"):
    import http.client

    port = server.server_address[1]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("POST", f"/{token}/answer?lang={lang}", body=body,
                 headers={"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"})
    resp = conn.getresponse()
    data = resp.read().decode("utf-8")
    conn.close()
    return resp.status, data


@pytest.mark.parametrize("body", [
    b'{"id": "x", "answer": ' + b"[" * 1500 + b"]" * 1500 + b"}",  # deeper than the reader recurses, under 4 KB
    b"[" * 2000 + b"]" * 2000,
    b'{"id": ' + b"[" * 1500 + b"]" * 1500 + b', "answer": ""}',
])
@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_an_answer_nested_too_deeply_is_refused_with_400(seat_server, mid, body, lang):
    """The phone's connection was dropped without a word (a RecursionError in the handler thread); now 400 and the
    'did not arrive whole' line every malformed answer gets, in the page's language; nothing written."""
    import json

    from cli.words.i18n import Translator

    server, token = seat_server
    before = files(mid)
    status, data = post_answer(server, token, body, lang)
    assert status == 400 and json.loads(data) == {"error": Translator(lang)("core.serve.answer_malformed")}
    assert files(mid) == before


# -- answers given on the command line or in a file --------------------------------------------------------------


@pytest.mark.parametrize("flags, message", [
    (["=yes"], ("core.error.bad_answer_flag", {"value": "=yes"})),
    (["="], ("core.error.bad_answer_flag", {"value": "="})),
    ([" =yes"], ("core.error.bad_answer_flag", {"value": " =yes"})),
    (["chaos.setup.4=yes", "chaos.setup.4=no"], ("core.error.answer_twice", {"id": "chaos.setup.4", "values": "'yes', 'no'"})),
    (["chaos.setup.4=no", " chaos.setup.4 =yes"], ("core.error.answer_twice", {"id": "chaos.setup.4", "values": "'no', 'yes'"})),
    (["chaos.setup.4=y\x01es"], ("core.error.answer_control", {"id": "chaos.setup.4", "value": "y\\x01es"})),
    (["chaos.setup.4=yes\nno"], ("core.error.answer_control", {"id": "chaos.setup.4", "value": "yes\\nno"})),
    (["chaos.setup.4=\tyes"], ("core.error.answer_control", {"id": "chaos.setup.4", "value": "\\tyes"})),
    (["chaos.set\x1bup.4=yes"], ("core.error.answer_control", {"id": "chaos.set\\x1bup.4", "value": "yes"})),
])
@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_answer_flags_that_cannot_be_meant_are_refused_before_anything_is_played(mid, flags, message, lang):
    """'--answer =yes' was taken for an answer to the id '' (then 'never asked: ' with nothing named); the same id
    twice kept the last value and dropped the first without a word; a control character made the refusal
    unreadable ("The answer 'yes' … 'yes' is not yes or no", a line broken in two). Each is now one line naming
    the flag as typed (control characters shown as escapes), saying what is valid; exit 2 and nothing played."""
    from cli.words.i18n import Translator

    before = files(mid)
    r = tt("--lang", lang, *[a for f in flags for a in ("--answer", f)], "play", "--steps", "1")
    assert r.exit_code == 2, r.output
    assert r.output.strip().splitlines() == [Translator(lang)(message[0], **message[1])], r.output
    assert files(mid) == before


@pytest.mark.parametrize("text, message", [
    ('"chaos.setup.4" = "y\\u0001es"\n', ("core.error.answer_control", {"id": "chaos.setup.4", "value": "y\\x01es"})),
    ('"chaos.setup.4" = ["yes", "n\\no"]\n', ("core.error.answer_control", {"id": "chaos.setup.4", "value": "n\\no"})),
    ('"chaos.set\\u0007up.4" = "yes"\n', ("core.error.answer_control", {"id": "chaos.set\\x07up.4", "value": "yes"})),
])
@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_an_answers_file_with_control_characters_is_refused(mid, tmp_path, text, message, lang):
    from cli.words.i18n import Translator

    path = tmp_path / "answers.toml"
    path.write_text(text, encoding="utf-8")
    before = files(mid)
    r = tt("--lang", lang, "--answers", str(path), "play", "--steps", "1")
    assert r.exit_code == 2, r.output
    assert r.output.strip().splitlines() == [Translator(lang)(message[0], **message[1])], r.output
    assert files(mid) == before


# -- a command's own options ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
@pytest.mark.parametrize("players", ["0", "-1", "5"])
def test_anachrony_score_refuses_every_player_count_out_of_range_alike(_tabletop_home, lang, players):
    """'--players 0' was taken for 'not given' and the count was asked (exit 2 naming a question) while '--players 5'
    was refused: 0 is refused the same way."""
    from cli.words.i18n import Translator

    r = tt("--lang", lang, "anachrony", "score", "--players", players)
    assert r.exit_code == 2
    assert r.output.strip() == Translator(lang)("anachrony.score.error.players", value=int(players)), r.output


@pytest.mark.parametrize("args, message", [
    (["--lang", "", "status"], ("core.error.bad_lang", {"value": "", "valid": "en, pt-BR"})),
    (["--lang", " ", "games"], ("core.error.bad_lang", {"value": " ", "valid": "en, pt-BR"})),
    (["--game", "", "status"], ("core.error.unknown_save", {"name": "", "names": "g", "close": ""})),
    (["--game", "", "play"], ("core.error.unknown_save", {"name": "", "names": "g", "close": ""})),
    (["use", ""], ("core.error.unknown_save", {"name": "", "names": "g", "close": ""})),
    (["restore", ""], ("core.error.unknown_save", {"name": "", "names": "g", "close": ""})),
])
@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_an_empty_value_is_a_value_not_a_missing_one(mid, monkeypatch, args, message, lang):
    """'--lang ""' spoke the default language, '--game ""' and 'use ""' took the current game, 'restore ""' checked it:
    an empty name is refused as every unknown one is, with the valid ones."""
    from cli.words.i18n import Translator

    monkeypatch.setenv("TABLETOP_LANG", lang)
    (mid / "current").unlink()  # 'use ""' must not make the only save current either
    before = files(mid)
    r = tt(*args)
    assert r.exit_code == 2, r.output
    assert r.output.strip() == Translator(lang)(message[0], **message[1]), r.output
    assert files(mid) == before


# -- the home folder --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [["status"], ["log"], ["undo"], ["play"], ["games"], ["history"], ["chaos", "status"],
                                  ["fix", "vp khorne 3"], ["export", "--json"], ["serve"]])
def test_a_command_refused_for_want_of_a_save_creates_no_home_folder(_tabletop_home, monkeypatch, args):
    """TABLETOP_HOME on a path that does not exist yet: 'status' and 'log' said "no saved games yet" (exit 2) but made
    the folder and its cache/ first; a refused command writes nothing."""
    home = _tabletop_home / "not" / "there"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    r = tt(*args)
    assert r.exit_code in (0, 2) and "tabletop new" in r.output, r.output
    assert not (_tabletop_home / "not").exists()


# -- a byte-order mark (Windows Notepad's UTF-8) -------------------------------------------------------------------

BOM = "\ufeff"


@pytest.mark.parametrize("name, text", [("answers.toml", BOM + '"chaos.setup.4" = "yes"\n'),
                                        ("answers.json", BOM + '{"chaos.setup.4": "yes"}')])
def test_an_answers_file_saved_with_a_byte_order_mark_is_read(mid, tmp_path, name, text):
    """It was 'not valid TOML at line 1, column 1', which names nothing the owner can see: the mark is no text."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    r = tt("--answers", str(path), "play", "--steps", "1")
    assert r.exit_code == 0 and "Setup step 4 done? yes" in r.output, r.output


def test_owner_files_saved_with_a_byte_order_mark_are_read_and_edited(mid):
    from cli.setup.owner_toml import updated_text

    (mid / "overrides").mkdir()
    (mid / "overrides" / "chaos.toml").write_text(BOM + "[regions.kislev]\nresistance = 3\n", encoding="utf-8")
    r = tt("--json", "data", "check", "chaos")
    assert r.exit_code == 0, r.output
    (mid / "collection.toml").write_text(BOM + "# mine\n[chaos]\nbase = false\n", encoding="utf-8")
    r = tt("new", "chaos", "--name", "n")
    assert r.exit_code == 2 and "tabletop collection add chaos base" in r.output, r.output
    r = tt("collection", "add", "chaos", "base")
    assert r.exit_code == 0, r.output
    assert (mid / "collection.toml").read_text(encoding="utf-8") == "# mine\n[chaos]\nbase = true\n"
    assert updated_text(BOM + "# kept\na = 1\n", {"a": 2}) == "# kept\na = 2\n"  # 'toc mat --edit' writes through it


@pytest.mark.parametrize("line, value", [("vp khorne 99999999999999999999", 99999999999999999999),
                                         ("+99999999999 vp khorne", 99999999999), ("vp khorne 1000001", 1000001)])
@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_a_correction_to_a_count_no_table_has_is_refused(mid, line, value, lang):
    """'tabletop fix "vp khorne 99999999999999999999"' was journalled (a VP no table has, over TOML's 64 bits): a
    count without a rule's upper limit still has the program's bound, as every number of the command line."""
    from cli.words.i18n import Translator

    before = files(mid)
    r = tt("--lang", lang, "fix", line)
    assert r.exit_code == 2, r.output
    valid = Translator(lang)("core.fix.out_of_range", what="§", value=value, valid="0–1000000", rule="").split("§")[1]
    assert valid.strip() in r.output, r.output
    assert files(mid) == before


# -- files the table names for the program to write ----------------------------------------------------------------


def _special(tmp_path: Path, kind: str) -> Path:
    import os

    path = tmp_path / kind
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "loop":
        path.symlink_to(path)
    return path


@pytest.mark.parametrize("kind, problem", [("fifo", "core.export.err.not_a_file"), ("folder", "core.os.EISDIR"),
                                           ("loop", "core.os.ELOOP")])
@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_export_never_replaces_a_pipe_a_folder_or_a_link_loop(mid, tmp_path, kind, problem, lang):
    """'export --bgstats' replaced whatever the path named with its file: a FIFO (or, run as root, /dev/full or the
    /dev/stdout link) became a regular file; a link loop was 'Unexpected error: RuntimeError'. It now refuses, saying
    what the path is, before reading the save; the path is left as it was."""
    import os

    from cli.words.i18n import Translator

    path = _special(tmp_path, kind)
    before = os.lstat(path)
    r = tt("--lang", lang, "export", "--bgstats", str(path))
    t = Translator(lang)
    assert r.exit_code == 1, r.output
    assert " ".join(r.output.split()) == t("core.export.err.write", path=str(path), problem=t(problem)), r.output
    after = os.lstat(path)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)


def test_export_through_a_link_writes_the_file_it_points_to(tmp_path):
    """A link to a regular file keeps being a link: the export goes into the file it points to."""
    from cli.aftergame.export import export_target
    from cli.commands.env import Env

    real = tmp_path / "real.bgsplay"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.bgsplay"
    link.symlink_to(real)
    assert export_target(Env(), link) == real
    assert export_target(Env(), tmp_path / "new.bgsplay") == tmp_path / "new.bgsplay"


def test_an_owner_file_that_is_a_link_stays_a_link(mid, tmp_path):
    """collection.toml (or overrides/toc.toml) kept in a dotfiles folder and linked into the home: 'collection add'
    replaced the link with a file, and the dotfiles copy stayed old. The file the link names is edited in place."""
    dotfiles = tmp_path / "dotfiles" / "collection.toml"
    dotfiles.parent.mkdir()
    dotfiles.write_text("# mine\n[chaos]\nbase = false\n", encoding="utf-8")
    (mid / "collection.toml").symlink_to(dotfiles)
    r = tt("collection", "add", "chaos", "base")
    assert r.exit_code == 0, r.output
    assert (mid / "collection.toml").is_symlink()
    assert dotfiles.read_text(encoding="utf-8") == "# mine\n[chaos]\nbase = true\n"


@pytest.mark.parametrize("flag, id_, n", [("chaos.setup.4=" + "y" * 5000, "chaos.setup.4", 5000),
                                          ("c" * 3000 + "=yes", "c" * 40 + "…", 3000)])
@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_an_answer_longer_than_any_question_takes_is_refused_in_one_short_line(mid, flag, id_, n, lang):
    """A 100,000-character --answer was echoed whole, twice, in its refusal (and a long id in the 'never asked'
    line): a text over 1,000 characters is refused up front, its start shown."""
    from cli.words.i18n import Translator

    before = files(mid)
    r = tt("--lang", lang, "--answer", flag, "play", "--steps", "1")
    assert r.exit_code == 2
    start = flag.split("=", 1)[1][:40] + "…" if id_ == "chaos.setup.4" else "yes"
    assert r.output.strip() == Translator(lang)("core.error.answer_too_long", id=id_, start=start, n=n, max=1000)
    assert len(r.output) < 400 and files(mid) == before


@pytest.mark.parametrize("case, key", [("home is a file", "core.os.EEXIST"), ("name too long", "core.os.ENAMETOOLONG")])
@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_file_system_errors_are_said_in_the_tables_language(_tabletop_home, monkeypatch, tmp_path, case, key, lang):
    """'File exists' (TABLETOP_HOME a file, then 'collection add') and 'File name too long' were the system's English
    words inside a Portuguese line."""
    from cli.words.i18n import Translator

    if case == "home is a file":
        home = tmp_path / "home-file"
        home.write_text("x", encoding="utf-8")
        monkeypatch.setenv("TABLETOP_HOME", str(home))
        args = ["collection", "add", "chaos", "base"]
    else:
        args = ["--answers", str(tmp_path / ("a" * 300)), "play"]
    r = tt("--lang", lang, *args)
    assert r.exit_code in (1, 2), r.output
    words = " ".join(r.output.split())
    assert Translator(lang)(key) in words and "File exists" not in words and "too long" not in words.replace(
        Translator(lang)(key), ""), words


@pytest.mark.parametrize("name, text, problem", [
    ("answers.toml", '"chaos.setup.4" = "yes"\n[chaos.setup]\n4 = "no"\n', ("answer_twice", "chaos.setup.4")),
    ("answers.json", '{"chaos.setup.4": "yes", "chaos": {"setup": {"4": "no"}}}', ("answer_twice", "chaos.setup.4")),
    ("answers.toml", '"" = "yes"\n', ("empty_id", "")),
    ("answers.toml", '[chaos.setup]\n" " = "yes"\n', ("empty_id", "chaos.setup. ")),
])
@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_an_answers_file_giving_one_id_twice_or_no_id_is_refused(mid, tmp_path, name, text, problem, lang):
    """A quoted id and the same id as nested tables are two keys of the file but one question: the last one silently
    won, as with '--answer' twice. A key without a name was an answer to the id '' ('never asked: ' naming
    nothing)."""
    from cli.words.i18n import Translator

    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    before = files(mid)
    r = tt("--lang", lang, "--answers", str(path), "play", "--steps", "1")
    assert r.exit_code == 2, r.output
    t = Translator(lang)
    problem = t(f"core.input.{problem[0]}", question=problem[1])
    assert " ".join(r.output.split()) == t("core.error.answers_invalid", path=str(path), problem=problem), r.output
    assert files(mid) == before


@pytest.mark.parametrize("lang, foreign", [("en", ("water", "hand a")), ("pt-BR", ("água", "mão a"))])
def test_an_empty_correction_shows_no_other_games_words(mid, lang, foreign):
    """'tabletop fix ";"' on a Chaos game answered "e.g. 'hand a 3' or '+2 water'", Radlands' words: it says the
    form of a correction and where the game's own words are listed."""
    before = files(mid)
    r = tt("--lang", lang, "fix", ";")
    assert r.exit_code == 2 and "tabletop fix --list" in r.output, r.output
    assert not any(word in r.output for word in foreign), r.output
    assert files(mid) == before


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_stats_takes_game_as_history_does_and_refuses_an_unknown_one(mid, lang):
    """'tabletop --game nope stats' printed every game's statistics, the option silently dropped ('history' refuses
    it): --game names a game or a save (its game), and anything else is refused with the valid ones."""
    from cli.aftergame.history import unknown
    from cli.words.i18n import Translator
    from cli.commands.env import Env

    r = tt("--lang", lang, "--game", "nope", "stats")
    assert r.exit_code == 2
    assert r.output.strip() == unknown(Env(lang=lang, _t=Translator(lang)), "nope", [{"name": "g"}]).text, r.output
    by_save, by_game = tt("--lang", lang, "--game", "g", "stats"), tt("--lang", lang, "stats", "chaos")
    assert by_save.exit_code == by_game.exit_code == 0 and by_save.output == by_game.output
