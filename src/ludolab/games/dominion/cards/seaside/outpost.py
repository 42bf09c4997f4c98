"""Outpost (Seaside): an extra turn after this one, with a 3-card hand.

Second printing (and the first printing's 2022 errata): "If this is the first time you played an
Outpost this turn, and the previous turn wasn't yours, then take an extra turn after this one,
and you only draw 3 cards for your next hand." First printing: "You only draw 3 cards (instead
of 5) in this turn's Clean-up phase. Take an extra turn after this one (but not a 3rd turn in a
row)." The home applies both: the extra turn (the kernel's
:func:`~ludolab.games.dominion.engine.kernel.extra_turn`) and the 3-card hand (``H_DRAW_NEXT``)
only for the first Outpost of a turn that is not itself an extra turn; the first printing draws
3 even when it gives no extra turn (the wiki's Outpost page, errata rulings). Outpost stays in
play until the clean-up of the extra turn when it gives one (so does a Throne Room that played
it), else it is discarded this turn (the 2022 FAQ). Extra turns are not counted for the
tie-break (the FAQ; ``PS_TURNS`` counts normal turns only). No decision.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    H_CUR,
    H_DRAW_NEXT,
    H_EDITION,
    H_EXTRA,
    I64,
    extra_turn,
    stay,
    turn_o,
)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the first Outpost of the turn (its plays are counted before this runs:
    the turn's count is 1) gives the extra turn and the 3-card hand, and stays in play until
    the extra turn's clean-up; in an extra turn, only the first printing's 3-card hand."""
    if p != S[H_CUR] or S[turn_o(S) + c] > 1:
        return I64(0)
    if S[H_EXTRA] == 0:
        extra_turn(S, I, p)
        S[H_DRAW_NEXT] = 3
        stay(S, I, F, p, c, group, I64(0))
    elif S[H_EDITION] == 1:
        S[H_DRAW_NEXT] = 3
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing only when it can give the extra turn (not in an extra
    turn, no Outpost played yet this turn)."""
    return I64(1) if S[H_EXTRA] == 0 and S[turn_o(S) + c] == 0 else I64(0)
