"""Render a traced game (``Engine.trace``) as a readable turn-by-turn text log.

Games with search players (``mcts``) are traced by :func:`trace_game`: it plays the game decision
by decision as ``dominion sim`` does, then replays it traced with the answers on a tape; the log
shows, under each decision the search took, its most visited options.

>>> from ludolab.games.dominion.engine import Engine, simple_bot
>>> bm = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])
>>> text = render(Engine([], 2).trace([bm, bm], seed=1), ["Big Money", "Big Money"])
>>> text.splitlines()[0]
'Dominion, 2 players: P1 Big Money, P2 Big Money'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludolab.games.dominion.botcode import CompiledBot
from ludolab.games.dominion.cards import CARDS, NUM_CARDS
from ludolab.games.dominion.engine import (
    Decision,
    DecisionKind,
    EndReason,
    Engine,
    EventKind,
    TraceEvent,
)
from ludolab.games.dominion.engine.hooks import choice_text
from ludolab.games.dominion.search import DominionSearchPlayer, SearchReport, play_keyed

_GAIN_TO = {0: "", 1: " to hand", 2: " onto the deck", 3: " from the trash"}
_PLAY_HOW = {0: "", 1: " (Throne Room)", 2: " again (Throne Room)", 3: " (Vassal)",
             4: " (King's Court)", 5: " again (King's Court)", 6: " a third time (King's Court)",
             7: " (Shop)", 8: " (revealed: Herald)"}
_END = {
    EndReason.PROVINCES: "the Provinces are gone",
    EndReason.PILES: "three supply piles are empty",
    EndReason.TURN_CAP: "the turn cap was reached",
    EndReason.SOLO: "the solo Province goal was reached",
    EndReason.VICTORY_PILE: "a Victory pile is empty",
    EndReason.COLONIES: "the Colonies are gone",
}
_OUTCOME = {2: "won", 1: "shared the win", 0: "lost"}


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


#: Options shown per searched decision (the rest are counted).
TOP_OPTIONS = 3
#: Decision kinds whose card answer is followed by an event naming it (the search line goes
#: under that event's line; other answers get a line of their own where they are made).
_SHOWN_ANSWER = (DecisionKind.PLAY, DecisionKind.BUY, DecisionKind.GAIN, DecisionKind.TRASH,
                 DecisionKind.DISCARD, DecisionKind.TOPDECK)
_LEGEND = ("(search lines: the most visited options, each with its rollouts, mean value and mean "
           "final VP margin)")


@dataclass(frozen=True)
class SearchNote:
    """One answer of a search player in a traced game: the decision, the answer, and what the
    search reported (``DominionSearchPlayer.last_report``; ``None``: the decision was forced)."""

    decision: Decision
    answer: int
    report: SearchReport | None


def trace_game(engine: Engine, seats: Sequence[CompiledBot | DominionSearchPlayer],
               seed: int) -> tuple[list[TraceEvent], list[SearchNote]]:
    """The events of one game, and a note per answer of its search players (in order).

    Bots only: ``engine.trace``. With search players, the game is played decision by decision
    as :func:`~ludolab.games.dominion.search.play_keyed` plays it (each search player drawing
    from the keyed stream (seed, its seat, PLAYER)), so it is the game ``dominion sim`` plays for
    this seed; then it is replayed traced with every answer on one tape. Raises RuntimeError if
    the replay does not end with the same VP (an engine bug).
    """
    bots = [None if isinstance(s, DominionSearchPlayer) else s for s in seats]
    if all(b is not None for b in bots):
        return engine.trace(bots, seed), []  # type: ignore[arg-type]
    notes: list[SearchNote] = []
    game = play_keyed(engine, list(seats), seed,
                      lambda d, a, report: notes.append(SearchNote(d, a, report)))
    events = engine.trace(bots, seed, tape=[n.answer for n in notes])
    traced = [e.card for e in events if e.kind == EventKind.VP]
    played = [int(v) for v in game.records().vp[0]]
    if traced != played:
        raise RuntimeError(f"the traced replay of seed {seed} ended with {traced} VP, the game "
                           f"played decision by decision with {played} (an engine bug)")
    return events, notes


def search_line(note: SearchNote, top: int = TOP_OPTIONS) -> str | None:
    """The search line of one answer: ``search (20 rollouts): Gold 9 visits 0.61 (+3.2 VP) |
    Witch 6 0.55 (+1.0 VP) | Silver 3 0.49 (-0.5 VP) | 2 others: 2 visits`` (the ``top`` most
    visited options with their visits, mean value and mean final VP margin; the visits add up to
    the rollouts); ``(playbook)`` when the bot's playbook answered; None for a forced decision.
    An answer that leaves no line of its own (end buying, a yes/no) names the question."""
    r = note.report
    if r is None:
        return None
    d = note.decision
    # an answer that leaves no line of its own (end buying, a yes/no): say what was asked
    what = "" if _has_outcome_line(note) else d.describe().partition(": ")[2].rpartition(" [")[0]
    if r.fallback or not r.options:
        return f"(playbook: {what})" if what else "(playbook)"
    shown = []
    for i, o in enumerate(r.top(top)):
        visits = f"{o.visits} visits" if i == 0 else str(o.visits)
        shown.append(f"{d.option_name(o.option)} {visits} {o.value:.2f} ({o.margin:+.1f} VP)")
    rest = r.options[len(shown):]
    if rest:
        shown.append(f"{len(rest)} other{'s' if len(rest) > 1 else ''}: "
                     f"{sum(o.visits for o in rest)} visits")
    what = f"{what}, " if what else ""
    text = f"search ({what}{r.simulations} rollouts): " + " | ".join(shown)
    if r.bot is not None and r.gain_se > 0:  # trust: the bot's answer against the best option
        best = max(r.options, key=lambda o: (o.visits, o.value))
        name = d.option_name(r.bot if r.chosen != r.bot else best.option)
        verb = "over the bot's" if r.chosen != r.bot else "kept the bot's answer; best"
        text += f"; {verb} {name} by {r.gain:+.3f} ({r.gain / r.gain_se:.1f} SE)"
    if r.line:  # the tree's most visited line of its own later decisions
        steps = (f"{_step_name(t.kind, t.option)} {t.visits} {t.value:.2f}" for t in r.line)
        text += "; then " + " > ".join(steps)
    return text


def _step_name(kind: int, option: int) -> str:
    """An option of a tree step (the tree keeps a decision's kind, not the card that asked)."""
    if kind == DecisionKind.MODE:
        return f"mode {option}"
    return Decision(-1, DecisionKind(kind), (), -1, -1, -1).option_name(option)


def _has_outcome_line(note: SearchNote) -> bool:
    return note.answer >= 0 and note.decision.kind in _SHOWN_ANSWER


def render(events: Sequence[TraceEvent], names: Sequence[str] | None = None,
           notes: Sequence[SearchNote] | None = None) -> str:
    """The log text of one traced game. ``names`` labels the seats (``P1 Big Money``).

    ``notes`` (from :func:`trace_game`) pairs each DECISION event with a search player's answer:
    a searched decision gets a search line under the line of its outcome; a decision the
    playbook answered in the player's own turn gets ``(playbook)``; forced decisions and those
    in other players' turns (a Militia discard, always the playbook) get nothing.
    """
    notes = list(notes or ())
    decisions = sum(1 for e in events if e.kind == EventKind.DECISION)
    if notes and decisions != len(notes):
        raise ValueError(f"{len(notes)} search notes for {decisions} traced decisions")
    lines: list[str] = []
    players = 0
    next_note = 0
    turn_seat = -1
    attach: str | None = None  # a search line for the line of the next event
    run_notes: list[str] = []  # search lines for the merged line being built

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
            src = " from the Supply" if run_arg == 3 else ""
            lines.append(f"{indent}{who(run_seat)} trashes {text}{src}")
        elif run_kind == EventKind.REVEAL:
            lines.append(f"{indent}{who(run_seat)} reveals {text}")
        lines.extend(f"{indent}  {n}" for n in run_notes)
        run_notes.clear()
        run_kind = None
        run_cards = []

    mergeable = (EventKind.DRAW, EventKind.TREASURE, EventKind.DISCARD, EventKind.TRASH,
                 EventKind.REVEAL)
    for ev in events:
        k = ev.kind
        if k == EventKind.DECISION:
            # not a line of its own, and no break in a merged line (Chapel's trashes)
            if next_note >= len(notes):
                continue
            note = notes[next_note]
            next_note += 1
            if note.decision.seat != ev.seat or note.answer != ev.arg:
                raise ValueError(f"search note {next_note - 1} does not match the traced "
                                 f"decision (seat {ev.seat}, answer {ev.arg})")
            text = search_line(note)
            if text is None or (note.report is not None and note.report.fallback
                                and ev.seat != turn_seat):
                continue
            if _has_outcome_line(note):
                attach = text
            else:
                flush()
                lines.append(f"{'  ' if in_turn else ''}  {text}")
            continue
        if k in mergeable and ev.card >= 0:
            arg = ev.arg if k == EventKind.DISCARD else 0
            if k == EventKind.TRASH and ev.arg == 3:
                arg = 3  # from the Supply (Lurker): a line of its own
            if not (run_kind == k and run_seat == ev.seat and run_arg == arg):
                flush()
                run_kind, run_seat, run_arg = k, ev.seat, arg
                run_cards = []
            run_cards.extend([ev.card] * (ev.arg if k == EventKind.TREASURE else 1))
            if attach is not None:
                run_notes.append(attach)
                attach = None
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
            if any(n.report is not None and n.report.options for n in notes):
                lines.append(_LEGEND)
        elif k == EventKind.TURN:
            in_turn = True
            turn_seat = ev.seat
            cleanup = False
            lines.append("")
            lines.append(f"Turn {ev.arg} - {s}")
        elif k == EventKind.EXTRA:  # Outpost's extra turn (not counted: the FAQ)
            in_turn = True
            turn_seat = ev.seat
            cleanup = False
            lines.append("")
            lines.append(f"Extra turn (after turn {ev.arg}) - {s}")
        elif k == EventKind.DURATION:
            lines.append(f"{ind}{s}'s {_name(ev.card)} resolves (Duration)")
        elif k == EventKind.ASIDE_TAKE:
            lines.append(f"{ind}{s} puts the set-aside {_name(ev.card)} into the hand")
        elif k == EventKind.MAT:
            where = {0: "puts {} on the Native Village mat", 1: "puts {} on the Island mat",
                     2: "takes {} from the Native Village mat into the hand"}
            lines.append(f"{ind}{s} " + where.get(ev.arg, "moves {}").format(_name(ev.card)))
        elif k == EventKind.TOKEN:
            if ev.card >= 0:
                lines.append(f"{ind}{s} puts an Embargo token on {_name(ev.card)} "
                             f"({ev.arg} there)")
            else:
                lines.append(f"{ind}{s} has {ev.arg} Coin token{'s' * (ev.arg != 1)}")
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
            if ev.arg >= 3:  # from hand into the deck under arg - 3 cards (Secret Passage)
                k = ev.arg - 3
                lines.append(f"{ind}{s} puts {_name(ev.card)} into the deck under {k} "
                             f"card{'s' * (k != 1)}")
            else:
                src = {0: "", 1: " from the discard pile", 2: ""}.get(ev.arg, "")
                lines.append(f"{ind}{s} puts {_name(ev.card)}{src} onto the deck")
        elif k == EventKind.ASIDE:
            lines.append(f"{ind}{s} sets aside {_name(ev.card)}")
        elif k == EventKind.PASS:
            lines.append(f"{ind}{s} passes {_name(ev.card)} to {who(ev.arg)}")
        elif k == EventKind.CHOICE:
            lines.append(f"{ind}{s} {choice_text(ev.card, ev.arg)} ({_name(ev.card)})")
        elif k == EventKind.DECK_DISCARD:
            lines.append(f"{ind}{s} puts the deck ({ev.arg} cards) into the discard pile")
        elif k == EventKind.COINS_PLUS:
            lines.append(f"{ind}{s} gets +${ev.arg} ({_name(ev.card)})")
        elif k == EventKind.VPT:
            what = f"+{ev.arg} VP token{'s' * (ev.arg != 1)}"
            src = f" ({_name(ev.card)})" if ev.card >= 0 else ""
            lines.append(f"{ind}{s} takes {what}{src}")
        elif k == EventKind.COFFERS:
            src = f" ({_name(ev.card)})" if ev.card >= 0 else ""
            lines.append(f"{ind}{s} takes +{ev.arg} Coffers{src}")
        elif k == EventKind.COFFERS_SPEND:
            src = f" ({_name(ev.card)})" if ev.card >= 0 else " for +$" + str(ev.arg)
            lines.append(f"{ind}{s} spends {ev.arg} Coffers{src}")
        elif k == EventKind.OVERPAY:
            lines.append(f"{ind}{s} overpays ${ev.arg} for {_name(ev.card)}")
        elif k == EventKind.VP:
            if in_turn:
                in_turn = False
                lines.append("")
            lines.append(f"{s}: {ev.card} VP, {_OUTCOME.get(ev.arg, '?')}")
        elif k == EventKind.END:
            lines.append(f"The game ended because {_END.get(EndReason(ev.card), '?')}.")
        if k == EventKind.COINS:
            cleanup = True  # the next draws of this seat are the clean-up hand
        if attach is not None:
            lines.append(f"{ind}  {attach}")
            attach = None
    flush()
    return "\n".join(lines).rstrip() + "\n"
