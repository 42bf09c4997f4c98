"""Young Witch (Cornucopia, both printings): +2 Cards. Discard 2 cards. Each other player gains a
Curse unless they reveal a Bane from their hand. Setup: Add an extra Kingdom card pile costing $2
or $3 to the Supply. Its cards are Banes.

+2 Cards is the card's row; the ``play`` hook discards 2 cards (one discard decision each; all
cards when fewer). The ``attack`` hook, for each other player it affects (Moat and the other
Reactions first, by the kernel's Attack block): a victim holding a Bane is asked a yes/no
decision (source Young Witch, subject the Bane card, argument the attacker) to reveal it; a
Bane revealed keeps the Curse away, else the victim gains a Curse while any remain (official
FAQ, Dominion Strategy wiki: Reactions such as Moat resolve before the Bane is revealed; a Bane
that is also a Reaction, Moat, may be revealed for both). Setup is the kingdom's: the Bane pile
is the rules' ``bane`` card (``kingdom.resolve_kingdom_bane`` adds it as an eleventh pile, named
by a card list's ``bane=CARD`` or drawn from the unused $2-$3 cards; an engine given Young Witch
without one draws it the same way), which the engine marks in the game's card table
(``cards.TY_BANE``).

The playbook: discard list, else the general discard order; a victim always reveals its Bane.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import TY_BANE, card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    EV_REVEAL,
    H_NIDS,
    I64,
    K_YESNO,
    NONE,
    Z_HAND,
    ask,
    discard_cards,
    each_attacked,
    emit,
    gain,
    ids_o,
    opts_list,
    types,
    zo,
)

YOUNG_WITCH = np.int64(card_id("Young Witch"))

PROMPTS = {"yesno": "reveal {subject}, the Bane, to keep the Curse away (Young Witch)?",
           "discard": "discard a card (Young Witch)"}


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: discard 2 cards (the +2 Cards are the row's), then the ``attack`` hook
    for each seat the Attack affects (``mask``: its Reactions were offered when it was
    played)."""
    discard_cards(S, I, F, p, I64(2), YOUNG_WITCH, I64(-1))
    each_attacked(S, I, F, p, c, mask)
    return I64(0)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` may reveal a Bane from its hand; if it does not, it gains a
    Curse."""
    h = zo(S, q, Z_HAND)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if S[h + x] > 0 and (types(I, x) & TY_BANE) != 0:
            n = opts_list(I, I64(1), I64(0), NONE)
            if ask(S, I, F, q, K_YESNO, YOUNG_WITCH, x, p, n) == 1:
                emit(I, EV_REVEAL, q, x, I64(0))
                return I64(0)
            break
    gain(S, I, F, q, CURSE, I64(0))
    return I64(0)
