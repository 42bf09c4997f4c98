"""ludolab: a laboratory for game strategies.

Packages, from the bottom up: :mod:`ludolab.core` (the generic game API),
:mod:`ludolab.players` (game-independent players), :mod:`ludolab.games` (Pig, Dominion),
:mod:`ludolab.arena` (many games, statistics), :mod:`ludolab.evolve` (genetic algorithms),
:mod:`ludolab.report` and :mod:`ludolab.cli`.
"""

__version__ = "0.1.0"
