"""Anachrony with Future Imperfect: setup, the Eras, module bookkeeping and scoring (pure rules, no I/O)."""
