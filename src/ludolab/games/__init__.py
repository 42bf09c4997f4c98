"""The games: each one implements :class:`ludolab.core.GameState` (and may have a fast engine)
and declares itself in :mod:`ludolab.core.registry` through a ``spec`` module.

Registration is lazy, so importing this package compiles no engine:

>>> from ludolab.core import registry
>>> {"dominion", "pig"} <= set(registry.names())
True
"""

from ludolab.core.registry import register_lazy

register_lazy("dominion", "ludolab.games.dominion.spec:SPEC")
register_lazy("pig", "ludolab.games.pig.spec:SPEC")
