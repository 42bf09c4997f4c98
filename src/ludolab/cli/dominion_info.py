"""Dominion reference commands: the bot library, one bot in full, and the card table.

The ``dominion`` CLI module calls :func:`register` to add ``bots``, ``show`` and ``cards``.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.syntax import Syntax
from rich.table import Table

from ludolab.cli.common import console
from ludolab.errors import LudolabError
from ludolab.games.dominion.bots import (
    describe_bot,
    entry_text,
    library_specs,
    load_spec,
    render_bot,
)
from ludolab.games.dominion.bots.options import all_options, values_text
from ludolab.games.dominion.cards import CARDS, CardType, card, card_id
from ludolab.games.dominion.kingdom import (
    PRESET_INFO,
    check_set,
    editions,
    family,
    set_cards,
    set_ids,
    set_non_supply,
    set_title,
)


def _types(types: CardType) -> str:
    order = ("ACTION", "ATTACK", "REACTION", "TREASURE", "VICTORY", "CURSE", "PRIZE", "REWARD")
    return " - ".join(
        name.title() for name in order if types & CardType[name]
    )


def bots_table() -> Table:
    """The library as a rich table: name, kingdom cards it buys, one-line description."""
    table = Table(title="Dominion bot library", show_lines=False)
    table.add_column("Bot", style="bold", no_wrap=True)
    table.add_column("Buys (kingdom)")
    table.add_column("Description")
    for spec in library_specs():
        kingdom = []
        for e in spec.buy:
            c = card(e.card)
            if c.is_kingdom and c.name not in kingdom:
                kingdom.append(c.name)
        table.add_row(spec.name, ", ".join(kingdom) or "-", spec.description)
    table.add_row(*xbots_line())
    return table


def xbots_line() -> tuple[str, str, str]:
    """The generated X bots in one row: (name pattern, the cards, what they do)."""
    from ludolab.games.dominion.bots.xbots import xbot_cards  # lazy: the engine's hooks

    return ("BMU + X", ", ".join(xbot_cards()),
            "Big Money Ultimate with one X, bought where a strong player would (generated; "
            "'ludolab dominion show \"BMU + Smithy\"')")


def cards_table(card_set: str | None = None) -> Table:
    """The card table as a rich table, optionally of one set id (a printing such as ``base1``
    or ``intrigue2``, both printings: ``base``, ``intrigue``, or ``basic``): each card's cost,
    types, set, the printings that have it ("Editions": 1, 2 or 1+2) and its text; a card whose
    rules the engine does not have yet is marked."""
    from ludolab.games.dominion.engine import hooks  # lazy: the homes import the kernel

    ids = (set_cards(card_set) + set_non_supply(card_set) if card_set is not None
           else tuple(c.id for c in CARDS))
    title = "Dominion cards" + (f": {set_title(check_set(card_set))}" if card_set else "")
    table = Table(title=title, caption="* rules not in the engine yet")
    table.add_column("Card", style="bold", no_wrap=True)
    table.add_column("Cost", justify="right")
    table.add_column("Types")
    table.add_column("Set")
    table.add_column("Editions", justify="center")
    table.add_column("Text")
    missing = 0
    for cid in ids:
        c = CARDS[cid]
        name = c.name if hooks.has_rules(cid) else c.name + " *"
        missing += not hooks.has_rules(cid)
        table.add_row(name, c.cost_text, _types(c.types), set_title(family(cid)).split(" (")[0],
                      editions(cid), c.text)
    if not missing:
        table.caption = None
    return table


def kingdoms_table() -> Table:
    """The recommended kingdoms (``--kingdom NAME``): name, title, sets and cards."""
    from ludolab.games.dominion.engine import hooks  # lazy: the homes import the kernel

    table = Table(title="Recommended kingdoms (--kingdom NAME)",
                  caption="* rules not in the engine yet")
    table.add_column("Name", style="bold", no_wrap=True)
    table.add_column("Title")
    table.add_column("Sets")
    table.add_column("Cards")
    for p in PRESET_INFO.values():
        cards = [n if hooks.has_rules(card_id(n)) else n + " *" for n in p.cards]
        bane = f" (Bane: {p.bane})" if p.bane else ""
        table.add_row(p.name, p.title, ", ".join(p.sets), ", ".join(cards) + bane)
    return table


def options_table() -> Table:
    """Every bot option: the general ones, then each card's own (its home's ``OPTIONS``)."""
    table = Table(title="Dominion bot options (\\[options] in a bot file)")
    table.add_column("Option", style="bold", no_wrap=True)
    table.add_column("Of")
    table.add_column("Default", justify="right")
    table.add_column("Values")
    table.add_column("Meaning")
    for info in all_options():
        table.add_row(info.name, info.owner, info.text(info.default), values_text(info),
                      info.meaning)
    return table


def show_text(bot: str) -> tuple[str, str]:
    """(the bot's file text, its readable description) for ``show``.

    The file text is the file as written (comments included) when the bot comes from a file.
    """
    spec = load_spec(bot)
    text = None
    if spec.path:
        try:
            text = Path(spec.path).read_text(encoding="utf-8")
        except OSError:
            text = None
    return (text if text is not None else render_bot(spec)), describe_bot(spec)


def register(app: typer.Typer) -> None:
    """Add the ``bots``, ``show``, ``options``, ``cards`` and ``kingdoms`` commands."""

    @app.command("bots")
    def bots_command(
        plain: bool = typer.Option(
            False, "--plain", help="One bot per line: name, a tab, the description."
        ),
    ) -> None:
        """List the library of named bots with one-line descriptions."""
        if plain:
            for spec in library_specs():
                typer.echo(f"{spec.name}\t{spec.description}")
            name, cards, description = xbots_line()
            typer.echo(f"{name}\t{description}; X: {cards}")
            return
        console.print(bots_table())

    @app.command("show")
    def show_command(
        bot: str = typer.Argument(..., help="A library bot name or a path to a .toml bot file."),
        compact: bool = typer.Option(
            False, "--entries", help="Print only the buy list entries, one per line."
        ),
    ) -> None:
        """Show a bot: its file and a readable description of what it does."""
        if compact:
            for e in load_spec(bot).buy:
                typer.echo(entry_text(e))
            return
        text, description = show_text(bot)
        console.print(Syntax(text.rstrip("\n"), "toml", theme="ansi_dark", word_wrap=True))
        console.print()
        console.print(description, markup=False, highlight=False)

    @app.command("options")
    def options_command() -> None:
        """The bot options a bot file may set: the general ones and each card's own."""
        console.print(options_table())

    @app.command("cards")
    def cards_command(
        card_set: str | None = typer.Option(
            None, "--set", help=f"Only one set: {', '.join(set_ids())} (base, intrigue: both "
            "printings)."
        ),
        rank: bool = typer.Option(
            False, "--rank", help="Rank the cards: each 'BMU + X' bot against Big Money Ultimate."
        ),
        players: int = typer.Option(2, "--players", "-p", help="--rank: 2 to 4 players."),
        rules: str = typer.Option("official", "--rules", help="--rank: the rule set."),
        games: int = typer.Option(2000, "--games", "-n", help="--rank: games per card."),
        seed: int = typer.Option(0, "--seed", "-s", help="--rank: the first deal's seed."),
        as_json: bool = typer.Option(False, "--json", help="--rank: print JSON."),
        no_cache: bool = typer.Option(False, "--no-cache", help="--rank: play every card again."),
    ) -> None:
        """The card table: cost, types, set, printings and text of every card (--rank: their
        strength)."""
        if rank:
            from ludolab.cli.dominion_rank import run_rank  # lazy: the engine

            run_rank(players=players, sets=[card_set] if card_set else None, rules=rules,
                     games=games, seed=seed, as_json=as_json, cache=not no_cache)
            return
        if (players, rules, games, seed, as_json, no_cache) != (2, "official", 2000, 0, False,
                                                                False):
            raise LudolabError("--players, --rules, --games, --seed, --json and --no-cache "
                               "go with --rank")
        console.print(cards_table(card_set))

    @app.command("kingdoms")
    def kingdoms_command() -> None:
        """The recommended kingdoms of the rulebooks, for --kingdom NAME."""
        console.print(kingdoms_table())


#: a stand-alone app with just these commands (tests; the real CLI mounts them on `dominion`)
app = typer.Typer(
    help="Dominion reference: bots, cards.", no_args_is_help=True, add_completion=False
)
register(app)
