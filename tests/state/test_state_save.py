"""Save files: round trips, damaged or hand-edited saves, schema migrations."""

import tempfile
from pathlib import Path

import pytest
import tomllib
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import random_games
from state import migrations
from state.save import JOURNAL_FILE, SAVE_FILE, Save, SaveError, read, read_journal, write


def en(problem) -> str:
    """A save's problem (a message) as the English table reads it."""
    from cli.words.i18n import Translator

    return Translator("en").render(problem)


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch):
    """These tests are about the files, so their saves belong to the tiny test game, which has no shape of its state
    (tests/state/test_damaged_saves.py checks the real games' shapes)."""
    from test_state_session import toy

    toy.register(monkeypatch)


def make_save(folder: Path, state=None, **kw) -> Save:
    s = Save(
        name=kw.pop("name", "g1"),
        game=kw.pop("game", "toy"),
        seed=kw.pop("seed", 7),
        options=kw.pop("options", {"powers": ["khorne", "nurgle", "tzeentch"]}),
        settings=kw.pop("settings", {"dice": "app"}),
        state={"round": 1, "vp": {"khorne": 3}} if state is None else state,
        created="2024-01-01T00:00:00+00:00",
        folder=folder,
        **kw,
    )
    return s


def saved(folder: Path, **kw) -> Path:
    s = make_save(folder, **kw)
    s._journal = []
    write(s)
    return folder / SAVE_FILE


# -- round trips --------------------------------------------------------------

def test_round_trip(tmp_path):
    s = make_save(tmp_path, pending={"step": {"proc": "setup", "n": 2}, "records": [{"id": "a", "value": True, "source": "table"}]})
    s._journal = [{"n": 1, "label": {"id": "x"}, "step": {"proc": "setup", "n": 1}, "records": []}]
    s.journal_length = 1
    write(s)
    back = read(tmp_path)
    assert back.to_data() == s.to_data()
    assert back.folder == tmp_path
    assert back.journal() == s._journal


def test_none_is_omitted(tmp_path):
    s = make_save(tmp_path, state={"a": None, "b": [1, None, 2], "c": {"d": None, "e": 1}})
    write(s)
    assert read(tmp_path).state == {"b": [1, 2], "c": {"e": 1}}


def test_write_keeps_a_backup_of_the_previous_version(tmp_path):
    saved(tmp_path)
    first = (tmp_path / SAVE_FILE).read_bytes()
    s = read(tmp_path)
    s.state["round"] = 2
    write(s)
    assert (tmp_path / (SAVE_FILE + ".bak")).read_bytes() == first
    assert read(tmp_path).state["round"] == 2


def test_a_crash_between_the_journal_and_the_save_loses_nothing(tmp_path, monkeypatch):
    """A crash between writing the journal and the save (issue 31) leaves the new journal beside the old save: the
    journal the save belongs to (journal.toml.bak) is read, and the next write puts things right."""
    import state.save as save_mod

    entry = lambda i: {"n": i, "label": {"id": "x"}, "step": {"proc": "p", "n": i}, "records": []}  # noqa: E731
    s = make_save(tmp_path)
    s._journal = [entry(1)]
    s.journal_length = 1
    write(s)
    s = read(tmp_path)
    s.journal().append(entry(2))
    s.journal_length = 2
    real = save_mod.write_atomic

    def crash(path, text, backup=True):
        if path.name == SAVE_FILE:
            raise KeyboardInterrupt
        real(path, text, backup)

    monkeypatch.setattr(save_mod, "write_atomic", crash)
    with pytest.raises(KeyboardInterrupt):
        write(s)
    monkeypatch.setattr(save_mod, "write_atomic", real)
    again = read(tmp_path)
    assert again.journal_length == 1 and again.journal() == [entry(1)]
    write(again)
    assert read(tmp_path).journal() == [entry(1)]


def test_a_journal_longer_than_the_save_counts_is_damaged(tmp_path):
    """journal_length smaller than the journal (issue 31: one flipped bit, 30 -> 20) is damage, not a crash's leftover."""
    s = make_save(tmp_path)
    s._journal = [{"n": i, "label": {"id": "x"}, "step": {"proc": "p", "n": i}, "records": []} for i in (1, 2, 3)]
    s.journal_length = 3
    write(s)
    path = tmp_path / SAVE_FILE
    path.write_text(path.read_text(encoding="utf-8").replace("journal_length = 3", "journal_length = 2"), encoding="utf-8")
    with pytest.raises(SaveError, match="core.save.key {'key': 'journal_length'.*core.save.length_vs_journal.*'entries': 3, 'count': 2"):
        read(tmp_path)


KEY = st.text(min_size=1, max_size=8)
SCALAR = st.one_of(st.text(max_size=20), st.integers(-(2**63), 2**63 - 1), st.booleans())
VALUE = st.recursive(
    SCALAR,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEY, inner, max_size=4)),
    max_leaves=25,
)
STATE = st.dictionaries(KEY, VALUE, max_size=6)


@settings(max_examples=random_games(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(state=STATE, options=st.dictionaries(KEY, VALUE, max_size=3), seed=st.integers(0, 2**63 - 1))
def test_round_trip_property(state, options, seed):
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        s = make_save(folder, state=state, options=options, seed=seed)
        s._journal = [{"n": 1, "label": {"id": "l"}, "step": {"proc": "p", "data": state}, "records": [{"id": "r", "value": options, "source": "app"}]}]
        s.journal_length = 1
        write(s)
        back = read(folder)
        assert back.state == state
        assert back.options == options
        assert back.seed == seed
        assert back.journal() == s._journal


# -- damaged and hand-edited saves ----------------------------------------------

def damage(path: Path, old: str, new: str) -> bytes:
    text = path.read_text(encoding="utf-8")
    assert old in text
    data = text.replace(old, new, 1).encode("utf-8")
    path.write_bytes(data)
    return data


def line_no(path: Path, startswith: str) -> int:
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith(startswith):
            return i
    raise AssertionError(startswith)


def test_syntax_error_names_file_and_line(tmp_path):
    path = saved(tmp_path)
    n = line_no(path, "seed = ")
    before = damage(path, "seed = 7", "seed = = 7")
    with pytest.raises(SaveError) as e:
        read(tmp_path)
    assert e.value.path == path and e.value.line == n
    assert "not valid TOML" in en(e.value.problem)
    assert path.read_bytes() == before


def test_wrong_type_names_key_and_line(tmp_path):
    path = saved(tmp_path)
    n = line_no(path, "seed = ")
    before = damage(path, "seed = 7", 'seed = "x"')
    with pytest.raises(SaveError) as e:
        read(tmp_path)
    assert e.value.line == n
    assert "'seed' must be an integer, found a string" == en(e.value.problem)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "old, new, problem",
    [
        ("seed = 7", "seed = true", "'seed' must be an integer"),
        ('game = "toy"', 'game = "monopoly"', "'game' is 'monopoly', which is not valid"),
        ("journal_length = 0", "journal_length = -1", "'journal_length' must be 0 or more"),
        ('name = "g1"\n', "", "'name' is missing"),
        (f"schema_version = {migrations.CURRENT_VERSION}", 'schema_version = "1"', "schema_version"),
    ],
)
def test_validation_errors(tmp_path, old, new, problem):
    path = saved(tmp_path)
    before = damage(path, old, new)
    with pytest.raises(SaveError) as e:
        read(tmp_path)
    assert problem in en(e.value.problem)
    assert path.read_bytes() == before


def test_state_must_be_a_table(tmp_path):
    path = saved(tmp_path)
    text = path.read_text(encoding="utf-8")
    head, _, _ = text.partition("[state]")
    head = head.replace("journal_length = 0\n", 'journal_length = 0\nstate = "nope"\n')  # a top-level key
    path.write_text(head + migrations.END_MARK + "\n", encoding="utf-8")
    with pytest.raises(SaveError) as e:
        read(tmp_path)
    assert en(e.value.problem) == "'state' must be a table, found a string"
    assert e.value.line == line_no(path, "state = ")


def test_not_utf8(tmp_path):
    path = saved(tmp_path)
    path.write_bytes(path.read_bytes() + b"\nx = '\xff'\n")
    with pytest.raises(SaveError, match="core.save.not_utf8"):
        read(tmp_path)


def test_missing_save(tmp_path):
    with pytest.raises(SaveError, match="missing"):
        read(tmp_path)


def test_short_or_broken_journal(tmp_path):
    s = make_save(tmp_path)
    s._journal = [{"n": 1, "label": {"id": "x"}, "step": {"n": 1}, "records": []}]
    s.journal_length = 1
    write(s)
    with pytest.raises(SaveError, match=r"core.save.journal_short .*'entries': 1, 'count': 2"):
        read_journal(tmp_path, 2)
    (tmp_path / JOURNAL_FILE).write_text("schema_version = 1\nentries = [ {n = 1, step = 3} ]\n", encoding="utf-8")
    with pytest.raises(SaveError, match=r"core.save.entry_\w+ \{'n': 1"):
        read_journal(tmp_path, 1)
    (tmp_path / JOURNAL_FILE).write_text("schema_version = 1\nentries = [ {n = 1, step = } ]\n", encoding="utf-8")
    with pytest.raises(SaveError) as e:
        read_journal(tmp_path, 1)
    assert e.value.path == tmp_path / JOURNAL_FILE and e.value.line == 2


# -- migrations -------------------------------------------------------------------

def test_old_save_is_migrated_on_load(tmp_path, monkeypatch):
    path = saved(tmp_path, state={"old_round": 3})
    before = path.read_bytes()

    v = migrations.CURRENT_VERSION

    def up(data):
        data["state"] = {"round": data["state"].pop("old_round"), "migrated": True}
        return data

    monkeypatch.setitem(migrations.MIGRATIONS, v, up)
    monkeypatch.setitem(migrations.JOURNAL_MIGRATIONS, v, lambda data: data)  # a write reads the journal first
    monkeypatch.setattr(migrations, "CURRENT_VERSION", v + 1)
    s = read(tmp_path)
    assert s.schema_version == v + 1
    assert s.state == {"round": 3, "migrated": True}
    assert path.read_bytes() == before  # loading alone does not rewrite the file
    write(s)
    assert tomllib.loads(path.read_text(encoding="utf-8"))["schema_version"] == v + 1
    assert read(tmp_path).state == {"round": 3, "migrated": True}


def test_migrations_chain(tmp_path, monkeypatch):
    saved(tmp_path, state={"trail": []})
    v = migrations.CURRENT_VERSION
    monkeypatch.setitem(migrations.MIGRATIONS, v, lambda d: {**d, "state": {"trail": d["state"]["trail"] + [1]}})
    monkeypatch.setitem(migrations.MIGRATIONS, v + 1, lambda d: {**d, "state": {"trail": d["state"]["trail"] + [2]}})
    monkeypatch.setattr(migrations, "CURRENT_VERSION", v + 2)
    s = read(tmp_path)
    assert s.state == {"trail": [1, 2]} and s.schema_version == v + 2


def test_missing_migration_is_an_error(tmp_path, monkeypatch):
    path = saved(tmp_path)
    before = path.read_bytes()
    monkeypatch.setattr(migrations, "CURRENT_VERSION", migrations.CURRENT_VERSION + 1)
    with pytest.raises(SaveError, match=f"core.save.no_migration {{'version': {migrations.CURRENT_VERSION - 1}}}"):
        read(tmp_path)
    assert path.read_bytes() == before


def test_newer_save_is_refused_and_left_unchanged(tmp_path):
    path = saved(tmp_path)
    before = damage(path, f"schema_version = {migrations.CURRENT_VERSION}", f"schema_version = {migrations.CURRENT_VERSION + 1}")
    with pytest.raises(SaveError) as e:
        read(tmp_path)
    assert "newer than this program" in en(e.value.problem)
    assert path.read_bytes() == before


# -- files cut short (schema version 2: the end line) ---------------------------------

def test_a_version_1_save_without_the_end_line_still_reads_and_is_written_as_version_2(tmp_path):
    path = saved(tmp_path)
    text = path.read_text(encoding="utf-8").replace(f"schema_version = {migrations.CURRENT_VERSION}", "schema_version = 1")
    # a version-1 save as that version wrote it: neither the digest line nor the journal's digest (lowering the
    # version line of a save that has them is refused: test_save_truth_smaller.py)
    lines = [x for x in text.splitlines(keepends=True)[1:] if not x.startswith("journal_sha256 = ")]
    path.write_text("".join(lines).replace(migrations.END_MARK, ""), encoding="utf-8")
    s = read(tmp_path)
    assert s.schema_version == migrations.CURRENT_VERSION
    write(s)
    assert path.read_text(encoding="utf-8").rstrip().endswith(migrations.END_MARK)


@given(cut=st.integers(min_value=0, max_value=10_000))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_save_cut_anywhere_is_damaged_never_read(tmp_path, cut):
    folder = tmp_path / f"cut{cut}"
    path = saved(folder)
    data = path.read_bytes()
    cut = cut % (len(data.rstrip()) - 1)
    path.write_bytes(data[:cut])
    with pytest.raises(SaveError):
        read(folder)
    assert path.read_bytes() == data[:cut]
