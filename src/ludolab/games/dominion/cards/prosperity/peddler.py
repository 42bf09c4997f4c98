"""Peddler (Prosperity): +1 Card, +1 Action, +$1. During your Buy phase, this costs $2 less per
Action card you have in play.

The card's home in the engine (see ``docs/design/dominion-engine.md``). Its play is its row
(+1 Card, +1 Action, +$1); the cost rule is the kernel's (``kernel.cost``: in the buy phase,
$2 less per Action card the current player has in play, never below $0, with Bridge's and
Quarry's reductions on top). The cost is lower only in the buy phase: a gain in the action
phase (Workshop) or in another player's turn sees $8. No hook: the default play order already
plays a non-Action-losing cantrip first.
"""

from __future__ import annotations

#: this card changes what cards cost (``kernel.H_COSTS``): a game without such a card reads every
#: cost from the card table alone
CHANGES_COSTS = True
