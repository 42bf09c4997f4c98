"""Render a traced game (``Engine.trace``) as a readable turn-by-turn text log.

>>> from ludolab.games.dominion.engine import Engine, simple_bot
>>> bm = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])
>>> text = render(Engine([], 2).trace([bm, bm], seed=1), ["Big Money", "Big Money"])
>>> text.splitlines()[0]
'Dominion, 2 players: P1 Big Money, P2 Big Money'
"""

from __future__ import annotations

from collections.abc import Sequence

from ludolab.games.dominion.cards import CARDS, NUM_CARDS
from ludolab.games.dominion.engine import EndReason, EventKind, TraceEvent

_GAIN_TO = {0: "", 1: " to hand", 2: " onto the deck", 3: " from the trash"}
_PLAY_HOW = {0: "", 1: " (Throne Room)", 2: " again (Throne Room)", 3: " (Vassal)"}
_END = {
    EndReason.PROVINCES: "the Provinces are gone",
    EndReason.PILES: "three supply piles are empty",
    EndReason.TURN_CAP: "the turn cap was reached",
    EndReason.SOLO: "the solo Province goal was reached",
    EndReason.VICTORY_PILE: "a Victory pile is empty",
}
_OUTCOME = {2: "won", 1: "shared the win", 0: "lost"}
_STEWARD = {0: "+2 Cards", 1: "+$2", 2: "trash 2 cards"}


def _name(card: int) -> str:
    return CARDS[card].name if 0 <= card < NUM_CARDS else "?"


def _counted(cards: list[int]) -> str:
    """``Copper, Copper, Silver`` -> ``2 Copper, Silver`` (keeping first-seen order)."""
    order: list[int] = []
    counts: dict[int, int] = {}
    for c in cards:
        if c not in counts:
            order.append(c)
            counts[c] = 0
        counts[c] += 1
    return ", ".join(f"{counts[c]} {_name(c)}" if counts[c] > 1 else _name(c) for c in order)


def render(events: Sequence[TraceEvent], names: Sequence[str] | None = None) -> str:
    """The log text of one traced game. ``names`` labels the seats (``P1 Big Money``)."""
    lines: list[str] = []
    players = 0

    def who(seat: int) -> str:
        return f"P{seat + 1}"

    # consecutive events of one kind and seat are merged into one line
    run_kind: EventKind | None = None
    run_seat = -1
    run_cards: list[int] = []
    run_arg = 0
    in_turn = False
    cleanup = False

    def flush() -> None:
        nonlocal run_kind, run_cards
        if run_kind is None:
            return
        indent = "  " if in_turn else ""
        text = _counted(run_cards)
        if run_kind == EventKind.DRAW:
            verb = "draws the next hand" if cleanup else "draws"
            lines.append(f"{indent}{who(run_seat)} {verb}: {text}")
        elif run_kind == EventKind.TREASURE:
            lines.append(f"{indent}{who(run_seat)} plays {text}")
        elif run_kind == EventKind.DISCARD:
            src = {0: "", 1: " (from the deck)", 2: " (set aside)"}.get(run_arg, "")
            lines.append(f"{indent}{who(run_seat)} discards {text}{src}")
        elif run_kind == EventKind.TRASH:
            lines.append(f"{indent}{who(run_seat)} trashes {text}")
        elif run_kind == EventKind.REVEAL:
            lines.append(f"{indent}{who(run_seat)} reveals {text}")
        run_kind = None
        run_cards = []

    mergeable = (EventKind.DRAW, EventKind.TREASURE, EventKind.DISCARD, EventKind.TRASH,
                 EventKind.REVEAL)
    for ev in events:
        k = ev.kind
        if k in mergeable and ev.card >= 0:
            arg = ev.arg if k == EventKind.DISCARD else 0
            if run_kind == k and run_seat == ev.seat and run_arg == arg:
                run_cards.extend([ev.card] * (ev.arg if k == EventKind.TREASURE else 1))
                continue
            flush()
            run_kind, run_seat, run_arg = k, ev.seat, arg
            run_cards = [ev.card] * (ev.arg if k == EventKind.TREASURE else 1)
            continue
        flush()
        ind = "  " if in_turn else ""
        s = who(ev.seat)
        if k == EventKind.GAME:
            players = ev.arg
            roster = ", ".join(
                f"P{q + 1} {names[q]}" if names and q < len(names) else f"P{q + 1}"
                for q in range(players)
            )
            lines.append(f"Dominion, {players} players: {roster}")
        elif k == EventKind.TURN:
            in_turn = True
            cleanup = False
            lines.append("")
            lines.append(f"Turn {ev.arg} - {s}")
        elif k == EventKind.SHUFFLE:
            lines.append(f"{ind}{s} shuffles ({ev.arg} cards)")
        elif k == EventKind.PLAY:
            lines.append(f"{ind}{s} plays {_name(ev.card)}{_PLAY_HOW.get(ev.arg, '')}")
        elif k == EventKind.COINS:
            lines.append(f"{ind}{s} has ${ev.arg}")
            cleanup = False
        elif k == EventKind.BUY:
            lines.append(f"{ind}{s} buys {_name(ev.card)}")
        elif k == EventKind.GAIN:
            lines.append(f"{ind}{s} gains {_name(ev.card)}{_GAIN_TO.get(ev.arg, '')}")
        elif k == EventKind.REVEAL:
            lines.append(f"{ind}{s} reveals a hand with no Victory cards")
        elif k == EventKind.MOAT:
            lines.append(f"{ind}{s} reveals Moat and is unaffected by {_name(ev.card)}")
        elif k == EventKind.TOPDECK:
            src = {0: "", 1: " from the discard pile", 2: ""}.get(ev.arg, "")
            lines.append(f"{ind}{s} puts {_name(ev.card)}{src} onto the deck")
        elif k == EventKind.ASIDE:
            lines.append(f"{ind}{s} sets aside {_name(ev.card)}")
        elif k == EventKind.CHOICE:
            mode = _STEWARD.get(ev.arg, str(ev.arg)) if ev.card == 39 else str(ev.arg)
            lines.append(f"{ind}{s} chooses {mode} ({_name(ev.card)})")
        elif k == EventKind.DECK_DISCARD:
            lines.append(f"{ind}{s} puts the deck ({ev.arg} cards) into the discard pile")
        elif k == EventKind.COINS_PLUS:
            lines.append(f"{ind}{s} gets +${ev.arg} ({_name(ev.card)})")
        elif k == EventKind.VP:
            if in_turn:
                in_turn = False
                lines.append("")
            lines.append(f"{s}: {ev.card} VP, {_OUTCOME.get(ev.arg, '?')}")
        elif k == EventKind.END:
            lines.append(f"The game ended because {_END.get(EndReason(ev.card), '?')}.")
        if k == EventKind.COINS:
            cleanup = True  # the next draws of this seat are the clean-up hand
    flush()
    return "\n".join(lines).rstrip() + "\n"
