"""Rule sets: the official rules, the first edition, and the house rules of the documents.

A :class:`RuleSet` is a frozen bundle of settings the engine reads. Build one from a spec
string with :func:`ruleset`: a preset name, optionally followed by ``key=value`` overrides,
comma-separated::

    >>> ruleset("official").turn_cap
    0
    >>> r = ruleset("official,turn_cap=60")
    >>> (r.name, r.turn_cap)
    ('official', 60)
    >>> ruleset("doc000").spec()
    'doc000'

Presets (:data:`PRESETS`):

``official``
    Second edition: supply sizes by player count, shuffled 7 Copper + 3 Estate start, the game
    ends at the end of a turn when the Provinces are gone or any three supply piles are empty,
    ties broken by fewer turns, then shared. Five or six players (the rulebooks' larger game,
    with two sets' basic cards): 15 or 18 Provinces, 12 of every other Victory pile, 10 Curses
    per opponent, two sets' Treasures, and four empty piles end the game.
``first-edition``
    The same with first-edition card wording where it differs: Throne Room and Mine must be used
    when possible, Moneylender must trash a Copper.
``doc000``
    The MATLAB simulator of document 000: unshuffled starting deck (the first hand is 5 Coppers,
    the second 2 Coppers and 3 Estates), the game ends only when the Provinces run out, plain VP
    comparison with draws, its coin values (Silver $3, Gold $6: its ``countMoney`` adds 3 for a
    Silver and 6 for a Gold) and 10 Provinces (its pile size is set in a post we do not have; 10
    reproduces its three 10,000-game tables within sampling error, 8 and 12 do not).
``doc003``
    The Python simulator of document 003: the game ends only when the Provinces run out, plain
    VP comparison with draws. Its one-player measurement is ``doc003,solo_provinces=7`` with one
    player (it stops when the player owns more than 6 Provinces).
``doc004``
    The genetic-algorithm paper of document 004: official rules, and the game also ends when any
    Victory pile (Estate, Duchy, Province) runs out (its conditions watch "a single victory pile
    or three action piles").

Settings (:data:`SETTINGS`): ``edition`` (1 or 2), ``victory_pile`` and ``province_pile``
(0: official size), ``unshuffled_start``, ``end_on_piles``, ``end_on_victory_pile``,
``tie_break`` (``turns`` or ``none``), ``turn_cap`` (per-seat turns, 0: none; the game ends after
every seat has taken that many turns and is scored as it stands), ``solo_provinces`` (one-player
mode: the game ends when the player owns that many Provinces), ``coin_values`` (Copper/Silver/
Gold, e.g. ``1/2/3``), ``colony`` (``auto``, ``yes`` or ``no``: Prosperity's Platinum and Colony
in the Supply; ``auto`` follows the rulebook: a preset or card list of Prosperity cards only,
a random kingdom whose first card drawn is from Prosperity, or a bot naming Platinum or Colony;
see :func:`kingdom.colony_rules`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ludolab.core.presets import format_preset_spec, parse_preset_spec
from ludolab.errors import LudolabError

#: The engine's safety cap on per-seat turns when the rules set none (every game ends).
SAFETY_TURN_CAP = 200
#: The most players a game seats: the rulebooks' five- and six-player game needs two sets' basic
#: cards (the base set and Intrigue's first printing, or Base Cards).
MAX_PLAYERS = 6


@dataclass(frozen=True)
class RuleSet:
    """Everything about the rules that is not a card's text (see the module docstring)."""

    name: str = "official"
    edition: int = 2
    victory_pile: int = 0
    province_pile: int = 0
    unshuffled_start: bool = False
    end_on_piles: bool = True
    end_on_victory_pile: bool = False
    tie_break: str = "turns"
    turn_cap: int = 0
    solo_provinces: int = 0
    coin_values: tuple[int, int, int] = (1, 2, 3)
    colony: str = "auto"
    bane: str = ""  # Young Witch's Bane pile: a $2-$3 kingdom card's name ("": none)

    def colony_pile_size(self, num_players: int) -> int:
        """Colonies in the supply: 8 with two players, 12 with three or more (the Prosperity
        rulebook; the base rulebook's 15 and 18 Provinces for five and six players are not
        extended to Colonies; a ``victory_pile`` house rule sets it too)."""
        if self.victory_pile > 0:
            return self.victory_pile
        return 8 if num_players <= 2 else 12

    def victory_pile_size(self, num_players: int) -> int:
        """Estates, Duchies and kingdom Victory cards in the supply."""
        if self.victory_pile > 0:
            return self.victory_pile
        return 8 if num_players <= 2 else 12

    def province_pile_size(self, num_players: int) -> int:
        """Provinces in the supply: 8 with two players, 12 with three or four, 15 with five and
        18 with six (the rulebook's five- and six-player game)."""
        if self.province_pile > 0:
            return self.province_pile
        if self.victory_pile > 0:
            return self.victory_pile
        if num_players <= 2:
            return 8
        return 12 if num_players <= 4 else 3 * num_players

    def treasure_pile_sizes(self, num_players: int) -> tuple[int, int, int]:
        """Copper, Silver and Gold in the supply: one set's 60/40/30 up to four players (Copper
        less the 7 each player starts with); five or six players use two sets' (120/80/60)."""
        sets = 1 if num_players <= 4 else 2
        return 60 * sets - 7 * num_players, 40 * sets, 30 * sets

    def piles_to_end(self, num_players: int) -> int:
        """Empty supply piles that end the game (with ``end_on_piles``): three, or four with
        five or six players."""
        return 3 if num_players <= 4 else 4

    def effective_turn_cap(self) -> int:
        """The per-seat turn cap the engine applies (the safety cap when the rules set none)."""
        return self.turn_cap if self.turn_cap > 0 else SAFETY_TURN_CAP

    def check_players(self, num_players: int) -> None:
        """Reject a player count these rules cannot be played with (one-line error)."""
        if not 1 <= num_players <= MAX_PLAYERS:
            raise LudolabError(
                f"Dominion is played by 1 to {MAX_PLAYERS} players here, got {num_players}"
            )
        if self.solo_provinces > 0:
            if num_players != 1:
                raise LudolabError(
                    f"solo_provinces is the one-player mode; this game has {num_players} players"
                )
            if self.solo_provinces > self.province_pile_size(1):
                raise LudolabError(
                    f"solo_provinces={self.solo_provinces} exceeds the "
                    f"{self.province_pile_size(1)} Provinces in the supply (raise province_pile)"
                )

    def spec(self) -> str:
        """The shortest spec string that :func:`ruleset` turns back into this rule set."""
        return format_preset_spec(self, PRESETS, "official", _format)

    def describe(self) -> str:
        """One line for reports."""
        return self.spec()


def _format(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "/".join(str(v) for v in value)
    return str(value)


#: Named rule sets.
PRESETS: dict[str, RuleSet] = {
    "official": RuleSet(),
    "first-edition": RuleSet(name="first-edition", edition=1),
    "doc000": RuleSet(
        name="doc000",
        province_pile=10,
        unshuffled_start=True,
        end_on_piles=False,
        tie_break="none",
        coin_values=(1, 3, 6),
    ),
    "doc003": RuleSet(name="doc003", end_on_piles=False, tie_break="none"),
    "doc004": RuleSet(name="doc004", end_on_victory_pile=True),
}

#: Setting name -> one-line meaning (for errors and ``ludolab dominion rules``).
SETTINGS: dict[str, str] = {
    "edition": "card wording: 2 (second edition) or 1 (first edition)",
    "victory_pile": "Estates, Duchies and kingdom Victory cards in the supply (0: 8 or 12)",
    "province_pile": "Provinces in the supply (0: 8, 12, 15 or 18 by players)",
    "unshuffled_start": "deal the starting deck unshuffled: 5 Coppers, then 2 Coppers + 3 Estates",
    "end_on_piles": "three empty supply piles (four with 5-6 players) end the game",
    "end_on_victory_pile": "an empty Estate, Duchy or Province pile ends the game",
    "tie_break": "turns (fewer turns wins a VP tie, then shared) or none (ties are shared)",
    "turn_cap": "per-seat turns after which the game ends and is scored (0: none)",
    "solo_provinces": "one player: the game ends when the player owns this many Provinces",
    "coin_values": "coins of Copper/Silver/Gold, e.g. 1/2/3",
    "colony": "Platinum and Colony in the Supply: auto (a kingdom of Prosperity cards only, a "
              "random kingdom whose first card is from Prosperity, or a bot naming them), yes "
              "or no",
    "bane": "Young Witch's Bane: the $2-$3 kingdom card whose pile is the Bane (set from the "
            "kingdom: a card list's bane=CARD, else drawn from the unused $2-$3 cards)",
}

_BOOL = {"true": True, "yes": True, "on": True, "1": True,
         "false": False, "no": False, "off": False, "0": False}


def _parse_value(key: str, text: str) -> object:
    t = text.strip().lower()
    if key in ("unshuffled_start", "end_on_piles", "end_on_victory_pile"):
        if t not in _BOOL:
            raise LudolabError(f"rule setting {key} must be true or false, got {text!r}")
        return _BOOL[t]
    if key == "colony":
        if t not in ("auto", "yes", "no"):
            raise LudolabError(f"rule setting colony must be auto, yes or no, got {text!r}")
        return t
    if key == "bane":
        if t in ("", "none"):
            return ""
        from ludolab.games.dominion.cards import card  # lazy: the rules load before the cards

        c = card(text.strip())
        if not c.is_kingdom or c.cost not in (2, 3):
            raise LudolabError(f"rule setting bane must be a $2-$3 kingdom card, got {c.name}")
        return c.name
    if key == "tie_break":
        if t not in ("turns", "none"):
            raise LudolabError(f"rule setting tie_break must be 'turns' or 'none', got {text!r}")
        return t
    if key == "edition":
        names = {"1": 1, "first": 1, "2": 2, "second": 2}
        if t not in names:
            raise LudolabError(f"rule setting edition must be 1 or 2, got {text!r}")
        return names[t]
    if key == "coin_values":
        parts = t.split("/")
        try:
            values = tuple(int(p) for p in parts)
        except ValueError:
            values = ()
        if len(values) != 3 or any(v < 0 or v > 20 for v in values):
            raise LudolabError(
                f"rule setting coin_values must be three numbers 0-20 like 1/2/3, got {text!r}"
            )
        return values
    try:
        value = int(t)
    except ValueError:
        raise LudolabError(
            f"rule setting {key} must be a whole number >= 0, got {text!r}"
        ) from None
    if value < 0:
        raise LudolabError(f"rule setting {key} must be a whole number >= 0, got {text!r}")
    limit = {"victory_pile": 100, "province_pile": 100, "turn_cap": 1000, "solo_provinces": 100}
    if value > limit[key]:
        raise LudolabError(f"rule setting {key} must be at most {limit[key]}, got {value}")
    return value


def ruleset(spec: str | RuleSet | None = None) -> RuleSet:
    """The rule set for ``spec``: ``None``/``""`` (official), a preset name, or a preset followed
    by ``key=value`` overrides (``"official,turn_cap=60"``; a leading override implies official).

    Mistakes are one-line :class:`~ludolab.errors.LudolabError` messages naming the valid
    presets or settings.
    """
    if isinstance(spec, RuleSet):
        return spec
    if spec is None or not spec.strip():
        return PRESETS["official"]
    rules, changes = parse_preset_spec(spec, PRESETS, "official", SETTINGS, _parse_value,
                                       "rule")
    return replace(rules, **changes) if changes else rules
