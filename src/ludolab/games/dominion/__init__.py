"""Dominion: a faithful, fast rules engine and bots as data.

The pieces: :mod:`.cards` (card rows), :mod:`.rules` (rule sets and house rules),
:mod:`.kingdom` (kingdom selection), :mod:`.engine` (the compiled kernel, batch and step-wise
play, tracing), :mod:`.bots` (the bot language and the library), :mod:`.adapter` (the engine
behind :mod:`ludolab.core`), :mod:`.task` (many games as one runner task), :mod:`.spec` (what
the arena needs to know, registered in :mod:`ludolab.core.registry`), :mod:`.log`.

Simulations live above the games, in :mod:`ludolab.arena.simulation`; the notebook entry point
is :mod:`ludolab.dominion`:

>>> from ludolab import dominion
>>> result = dominion.simulate(["Big Money", "Smithy Big Money"], games=1_000, seed=7)
>>> result.games
1000
"""
