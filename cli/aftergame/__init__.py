"""After the game: ``history`` and ``stats`` (``history.py``, ``stats.py``, over ``played.py``) and ``export``
(``export.py``, with the file formats in ``exporters/``)."""
