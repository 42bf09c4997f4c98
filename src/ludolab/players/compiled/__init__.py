"""Search inside a game's compiled interface: one flat Monte Carlo and one UCT for every game.

A game that keeps its state in arrays hands the search eight numba functions
(:mod:`~ludolab.players.compiled.interface`); :mod:`~ludolab.players.compiled.search` runs the
simulations over them, compiled once for all games; :mod:`~ludolab.players.compiled.player`
wraps them as players with the settings of the pure-Python ones.
"""

from ludolab.players.compiled.interface import CHANCE, SIGNATURES, TERMINAL, CompiledGame
from ludolab.players.compiled.player import CompiledMonteCarloPlayer, CompiledUCTPlayer

__all__ = [
    "CHANCE",
    "SIGNATURES",
    "TERMINAL",
    "CompiledGame",
    "CompiledMonteCarloPlayer",
    "CompiledUCTPlayer",
]
