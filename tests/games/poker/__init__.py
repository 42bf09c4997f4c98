"""Poker tests (a package: dominion has test_adapter.py and test_rules.py too)."""
