"""Radlands with Cult of Chrome: setup, turns, event queues, Raiders, water and camps (pure rules, no I/O)."""
