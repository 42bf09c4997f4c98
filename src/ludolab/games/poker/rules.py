"""Rule sets for fixed-limit Texas hold'em: blinds, bet sizes, the cap, heads-up order.

Build one from a spec string with :func:`ruleset`: a preset name, optionally followed by
``key=value`` overrides, comma-separated::

    >>> ruleset("limit").cap
    4
    >>> r = ruleset("limit,cap=3")
    >>> (r.name, r.cap, r.spec())
    ('limit', 3, 'limit,cap=3')
    >>> ruleset("acpc-heads-up").big_blind
    10

Presets (:data:`PRESETS`); all play the same game, the chip scale differs (results are reported
in small bets, so they agree):

``limit``
    The house default: small blind 1, big blind 2, small bet 2 (pre-flop and flop), big bet 4
    (turn and river), at most 4 bets a street (pre-flop the big blind is the first), heads-up
    the button posts the small blind and acts first pre-flop.
``loki``
    The structure of Loki's self-play experiments (document 002 and the Loki papers: $2/$4
    limit, blinds of half and one small bet, bet and three raises): the same numbers as
    ``limit``, named for the experiments that cite it.
``acpc-heads-up``
    The Annual Computer Poker Competition heads-up limit game: blinds 5/10, bets 10/20,
    ``maxRaises = 3 4 4 4`` (which is 4 bets a street counting the big blind), reversed blinds.
``acpc``
    The ACPC multi-way (3-player) limit game: blinds 5/10, bets 10/20, 4 bets a street.

Settings (:data:`SETTINGS`): ``small_blind``, ``big_blind``, ``small_bet``, ``big_bet``,
``cap`` (bets a street, 1..20), ``reverse_heads_up`` (true: heads-up the button posts the small
blind and acts first pre-flop and last after; false: heads-up follows the multi-way order).
There are no stacks: every seat can always call and raise (no all-ins, no side pots).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ludolab.core.presets import format_preset_spec, parse_preset_spec
from ludolab.errors import LudolabError

__all__ = ["PRESETS", "SETTINGS", "RuleSet", "ruleset"]


@dataclass(frozen=True)
class RuleSet:
    """Fixed-limit hold'em settings (chips are whole numbers; results are chips / small_bet)."""

    name: str = "limit"
    small_blind: int = 1
    big_blind: int = 2
    small_bet: int = 2
    big_bet: int = 4
    cap: int = 4
    reverse_heads_up: bool = True

    def __post_init__(self) -> None:
        if self.big_blind < 1:
            raise LudolabError(f"big_blind must be at least 1 chip, got {self.big_blind}")
        if not 0 <= self.small_blind <= self.big_blind:
            raise LudolabError(
                f"small_blind must be between 0 and big_blind ({self.big_blind}), "
                f"got {self.small_blind}"
            )
        if self.small_bet < self.big_blind:
            raise LudolabError(
                f"small_bet ({self.small_bet}) must be at least the big blind ({self.big_blind})"
            )
        if self.big_bet < self.small_bet:
            raise LudolabError(
                f"big_bet ({self.big_bet}) must be at least the small bet ({self.small_bet})"
            )
        if self.small_bet > 10**6 or self.big_bet > 10**6:
            raise LudolabError("bets must be at most 1,000,000 chips")
        if not 1 <= self.cap <= 20:
            raise LudolabError(f"cap must be 1..20 bets a street, got {self.cap}")

    def bet_size(self, street: int) -> int:
        """Chips of one bet on ``street`` (0 pre-flop .. 3 river)."""
        return self.small_bet if street < 2 else self.big_bet

    def check_seats(self, nseats: int) -> None:
        """LudolabError unless ``nseats`` is 2..10."""
        if not 2 <= int(nseats) <= 10:
            raise LudolabError(f"poker needs 2 to 10 seats, got {nseats}")

    def spec(self) -> str:
        """The shortest spec string that rebuilds these rules."""
        return format_preset_spec(self, PRESETS, "limit",
                                  lambda v: str(v).lower() if isinstance(v, bool) else str(v))

    def describe(self) -> str:
        """One line for summaries."""
        return (
            f"{self.name}: blinds {self.small_blind}/{self.big_blind}, bets "
            f"{self.small_bet}/{self.big_bet}, cap {self.cap}"
        )


PRESETS: dict[str, RuleSet] = {
    "limit": RuleSet(),
    "loki": RuleSet(name="loki"),
    "acpc-heads-up": RuleSet("acpc-heads-up", 5, 10, 10, 20, 4, True),
    "acpc": RuleSet("acpc", 5, 10, 10, 20, 4, True),
}

SETTINGS = ("small_blind", "big_blind", "small_bet", "big_bet", "cap", "reverse_heads_up")

_BOOL = {"true": True, "yes": True, "on": True, "1": True,
         "false": False, "no": False, "off": False, "0": False}


def _parse_value(key: str, text: str) -> object:
    t = text.strip().lower()
    if key == "reverse_heads_up":
        if t not in _BOOL:
            raise LudolabError(f"rule setting {key} must be true or false, got {text!r}")
        return _BOOL[t]
    try:
        return int(t)
    except ValueError:
        raise LudolabError(f"rule setting {key} must be a whole number, got {text!r}") from None


def ruleset(spec: str | RuleSet | None = None) -> RuleSet:
    """The rule set for ``spec``: None/"" (``limit``), a preset, or a preset then ``key=value``
    overrides (``"limit,cap=3"``; a leading override implies ``limit``). Mistakes raise one-line
    :class:`~ludolab.errors.LudolabError` messages."""
    if isinstance(spec, RuleSet):
        return spec
    if spec is None or not spec.strip():
        return PRESETS["limit"]
    rules, changes = parse_preset_spec(spec, PRESETS, "limit", SETTINGS, _parse_value,
                                       "poker rule")
    return replace(rules, **changes) if changes else rules
