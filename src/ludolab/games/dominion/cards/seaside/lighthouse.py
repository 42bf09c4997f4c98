"""Lighthouse (Seaside): +1 Action, +$1. At the start of your next turn: +$1. Until then, when
another player plays an Attack card, it doesn't affect you.

The card's home in the engine: its protection rule. +1 Action and +$1 now and the +$1 at the
start of the next turn are its row's columns (``next_coins``: the kernel keeps it in play until
the clean-up of that turn). The protection is applied by the kernel's ``attacked``: a seat with
a Lighthouse in play is not affected by another player's Attack; Reactions may still be
revealed (FAQ). The first printing said "while this is in play", the 2022 printing "until [the
start of your next turn]": the two differ only for an Attack another player plays during your
own next turn, which no card of this engine does. No hook: nothing of its play is left to a
home.
"""
