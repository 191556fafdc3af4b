"""Whole games played through ``state.session.Session`` with the files written once, when the game is over.

``Session`` writes the save and the whole journal after every step (as ``tabletop play`` does, one command at a
time): a test that plays a long game step by step would spend most of its time writing the growing journal again
and again (quadratic in the game's length). Inside ``writes_at_the_end(session)`` the steps change the save in
memory only; on leaving, the save and its journal are written once, by the real ``state.save.write``: they are the
files the step-by-step writes would have left (only the ``.bak`` backups differ: they hold the save as created, not
the step before the last). ``reopened(session)`` reads them back as the next command would, proven sound (digests,
shape) by ``state.save.read``."""

from __future__ import annotations

from contextlib import contextmanager


@contextmanager
def writes_at_the_end(session):
    """Play inside: no file is written until the block ends, then the save and its journal are (see above)."""
    import threading

    from state import session as session_module
    from state.save import write

    player = threading.get_ident()  # only this thread's steps wait: a server thread of the test still writes

    def deferred(save, journal=True):
        if threading.get_ident() != player:
            write(save, journal)

    session_module.write = deferred
    try:
        yield session
    finally:
        session_module.write = write
    write(session.save)


def reopened(session):
    """The session of ``session``'s folder read afresh from its files (what the next command would see)."""
    from state.session import Session

    return Session.open(session.save.folder)
