"""Saves: TOML files, the journal, undo, resume, schema migrations and locking."""
