"""The commands every game shares (play, status, log, undo, use, games, data check…), the environment each command
gets (``env.py``), finding and opening saves (``saves.py``), what ``restore`` says (``restoreview.py``) and the
shell's completion of names (``complete.py``)."""
