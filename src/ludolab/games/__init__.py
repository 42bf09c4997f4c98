"""The games: each one implements :class:`ludolab.core.GameState` (and may have a fast engine)."""
