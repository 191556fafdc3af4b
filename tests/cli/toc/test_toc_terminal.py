"""Real terminal: an owner's mat transcription interrupted with Ctrl-C, and a closed terminal, resume where they stopped.

Rules reference §3.0 point 2 (a one-time guided transcription of each mat); cli/toc/transcribe.py (the draft).
"""

import tomllib

import pytest

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

pexpect = pytest.importorskip("pexpect")

from test_terminal import finish, spawn, term_env  # noqa: E402,F401  (term_env is a fixture)

MAT = "pupienus_balbinus"


def draft(home):
    return home / "overrides" / "drafts" / f"toc-mat-{MAT}.toml"


def test_ctrl_c_then_resume(term_env, _tabletop_home):
    child = spawn(term_env, "toc", "mat", "pupienus", "--edit")
    child.expect("how many circles")
    child.sendline("5")
    child.expect("circle 0: the larger number left of the upper box")
    child.sendline("3")
    child.expect("circle 0: the larger number left of the lower box")
    child.sendintr()
    child.expect("2 answers given so far are kept")
    assert finish(child) == 130
    assert tomllib.loads(draft(_tabletop_home).read_text(encoding="utf-8"))["answers"] == {
        f"toc.mat.{MAT}.senate.circles": 5, f"toc.mat.{MAT}.senate.0.primary": 3}
    assert not (_tabletop_home / "overrides" / "toc.toml").exists()
    child = spawn(term_env, "--lang", "pt-BR", "toc", "mat", "pupienus", "--edit")
    child.expect("Continuando de onde parou: 2 resposta")
    child.expect("círculo 0: o número maior à esquerda da caixa inferior")  # the next question, not the first
    child.sendline("2")
    child.expect("círculo 0: o número pequeno circulado à esquerda da caixa superior")
    child.close(force=True)  # the terminal goes away
    kept = tomllib.loads(draft(_tabletop_home).read_text(encoding="utf-8"))["answers"]
    assert kept[f"toc.mat.{MAT}.senate.0.secondary"] == 2 and len(kept) == 3
