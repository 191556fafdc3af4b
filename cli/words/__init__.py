"""Words in the table's language: the translator over ``cli/locales/`` (``i18n.py``), which language the table
reads (``lang.py``) and the data notes of ``tabletop data check`` (``datanotes.py``)."""
