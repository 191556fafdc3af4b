"""During the game: scripted answers (``answers.py``), the clocks (``clock.py``), the table's reminders
(``remind.py``), what is in effect (``ineffectview.py``) and the journal in plain words (``logview.py``)."""
