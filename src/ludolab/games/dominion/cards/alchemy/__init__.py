"""Alchemy: the homes of its cards (one module per card)."""
