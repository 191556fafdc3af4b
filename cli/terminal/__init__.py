"""The terminal: the transcript printed (``render.py``), questions asked (``prompter.py``, ``menu.py``,
``yesno.py``, ``promptwrap.py``), long screens paged (``pager.py``), the help screens' one style (``helpstyle.py``)
and text charts (``chart.py``)."""
