"""Dominion: a faithful, fast rules engine, bots as data, and simulation.

>>> from ludolab.games import dominion
>>> result = dominion.simulate(["Big Money", "Smithy Big Money"], games=1_000, seed=7)
>>> result.games
1000

The pieces: :mod:`.cards` (card rows), :mod:`.rules` (rule sets and house rules),
:mod:`.kingdom` (kingdom selection), :mod:`.engine` (the compiled kernel, batch and step-wise
play, tracing), :mod:`.bots` (the bot language and the library), :mod:`.adapter` (the engine
behind :mod:`ludolab.core`), :mod:`.simulate` (many games and their statistics), :mod:`.log`.
"""

from __future__ import annotations

from ludolab.games.dominion.simulate import SimulationResult, prepare, simulate

__all__ = ["SimulationResult", "prepare", "simulate"]
