"""Dominion (base set, both editions): the homes of its special cards (one module per card)."""
