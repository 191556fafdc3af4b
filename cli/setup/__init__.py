"""Before the game: what every ``tabletop new GAME`` does (``newgame.py``), ``setup-list`` (``setuplist.py``), the
collection and ``--random`` (``collection.py``, ``setupdraw.py``) and the owner's files edited in place
(``owner_toml.py``)."""
