"""Atomic writes: a reader finds the old or the new save, never half of one."""

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from state.atomic import write_atomic

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

CHILD = r"""
import sys
from pathlib import Path
from state.atomic import write_atomic

path = Path(sys.argv[1])
texts = [Path(sys.argv[2]).read_text(encoding="utf-8"), Path(sys.argv[3]).read_text(encoding="utf-8")]
i = 0
while True:
    write_atomic(path, texts[i % 2])
    if i == 0:
        print("ready", flush=True)
    i += 1
"""


def big_toml(tag: str, size: int) -> str:
    line = f'row = "{tag * 60}"\n'
    body = "".join(f"[t{i}]\n{line}" for i in range(size // (len(line) + 8)))
    return f'version = "{tag}"\n{body}'


def test_sigkill_midway_leaves_the_old_or_the_new_file(tmp_path):
    import tomllib

    a, b = big_toml("A", 1_500_000), big_toml("B", 1_000_000)
    version = {text: tomllib.loads(text)["version"] for text in (a, b)}  # parsed once: a file read back is a or b
    (tmp_path / "a.txt").write_text(a, encoding="utf-8")
    (tmp_path / "b.txt").write_text(b, encoding="utf-8")
    target = tmp_path / "saves" / "save.toml"
    write_atomic(target, a)
    rng = random.Random(1234)
    interrupted = 0
    seen = set()
    for _ in range(12):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(target), str(tmp_path / "a.txt"), str(tmp_path / "b.txt")],
            stdout=subprocess.PIPE, text=True,
        )
        try:
            assert child.stdout.readline() == "ready\n"
            time.sleep(rng.uniform(0, 0.06))
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait()
            child.stdout.close()
        assert child.returncode == -signal.SIGKILL
        text = target.read_text(encoding="utf-8")
        assert text in (a, b), "the save is neither the old nor the new version"
        seen.add(version[text])
        leftovers = [p for p in target.parent.iterdir() if p.name.endswith(".tmp")]
        if leftovers:
            interrupted += 1  # killed between creating the temporary file and the replace
            for p in leftovers:
                p.unlink()
    assert interrupted >= 1, "no kill landed inside a write: the test did not exercise anything"
    assert seen == {"A", "B"}


def test_failed_replace_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "save.toml"
    write_atomic(target, "v = 1\n")
    before = set(tmp_path.iterdir())

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError, match="No space"):
        write_atomic(target, "v = 2\n")
    assert target.read_text(encoding="utf-8") == "v = 1\n"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert set(tmp_path.iterdir()) <= before | {tmp_path / "save.toml.bak"}


def test_interrupt_during_the_write_leaves_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "save.toml"
    write_atomic(target, "v = 1\n")

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, "v = 2\n")
    assert target.read_text(encoding="utf-8") == "v = 1\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.toml"]


def test_backup_and_new_folder(tmp_path):
    target = tmp_path / "deep" / "er" / "save.toml"
    write_atomic(target, "v = 1\n")
    assert not (target.parent / "save.toml.bak").exists()
    write_atomic(target, "v = 2\n")
    assert (target.parent / "save.toml.bak").read_text(encoding="utf-8") == "v = 1\n"
    write_atomic(target, "v = 3\n", backup=False)
    assert (target.parent / "save.toml.bak").read_text(encoding="utf-8") == "v = 1\n"
    assert target.read_text(encoding="utf-8") == "v = 3\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["save.toml", "save.toml.bak"]


def test_interrupted_backup_copy_leaves_a_usable_backup(tmp_path, monkeypatch):
    import shutil

    target = tmp_path / "save.toml"
    write_atomic(target, "v = 1\n")
    write_atomic(target, "v = 2\n" + "# padding\n" * 100)  # save.toml.bak now holds v = 1

    def half_copy(src, dst, *args, **kwargs):
        data = open(src, "rb").read()
        with open(dst, "wb") as fh:  # what copying does: truncate, then write...
            fh.write(data[: len(data) // 2])
        raise KeyboardInterrupt  # ...and the process is interrupted midway

    monkeypatch.setattr(shutil, "copyfile", half_copy)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, "v = 3\n")
    bak = (tmp_path / "save.toml.bak").read_text(encoding="utf-8")
    assert bak in ("v = 1\n", target.read_text(encoding="utf-8"))
