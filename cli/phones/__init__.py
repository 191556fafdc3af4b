"""The phones at the table (``tabletop serve``): its start-up (``startup.py``), the server (``server.py``) and its
gate (``gate.py``), what each address answers (``routes.py``), the board as a web page (``webboard.py``, ``web/``),
the seats' links and answers (``seatserve.py``) and a terminal's question handed to a phone (``phonewait.py``)."""
