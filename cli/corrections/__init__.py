"""The table's corrections: ``tabletop fix`` (``fix.py``) and ``!`` at a question (``fixat.py``)."""
