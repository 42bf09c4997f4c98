"""The docs' generated parts: tables and counts written from the code, never by hand.

A generated part of a Markdown file stands between two comments::

    <!-- begin generated: sets -->
    ...
    <!-- end generated: sets -->

and is the output of the function of that name in :data:`PARTS`. ``python scripts/docs_tables.py``
rewrites every such part in README.md and docs/; ``--check`` only says which are stale (exit 1).
tests/docs/test_docs_generated.py runs the check, so a new card, set, bot or kingdom that the docs
do not show yet fails the suite until the docs are regenerated.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARK = re.compile(r"(<!-- begin generated: ([\w-]+) -->\n)(.*?)(<!-- end generated: \2 -->)",
                  re.S)


def sets() -> str:
    """Each printing the engine plays: its id, title and kingdom cards."""
    from ludolab.games.dominion.cards import CARDS, SETS
    from ludolab.games.dominion.engine.hooks import has_rules

    rows = ["| set id | printing | kingdom cards | cards |", "| --- | --- | ---: | --- |"]
    for set_id, (title, ids) in SETS.items():
        played = [i for i in ids if has_rules(i)]
        names = ", ".join(sorted(CARDS[i].name for i in played))
        missing = len(ids) - len(played)
        count = f"{len(played)}" + (f" (+{missing} without rules yet)" if missing else "")
        rows.append(f"| `{set_id}` | {title} | {count} | {names} |")
    return "\n".join(rows) + "\n"


def bot_count() -> str:
    """The size of the bot library, as a sentence."""
    from ludolab.games.dominion.bots import library_names

    return (f"The library has {len(library_names())} named bots (`ludolab dominion bots` lists "
            "them, `ludolab dominion show NAME` prints one):\n")


def kingdoms() -> str:
    """The rulebooks' recommended kingdoms by set, as `--kingdom` takes them."""
    from ludolab.games.dominion.kingdom import PRESET_INFO, set_title

    by_sets: dict[tuple[str, ...], list[str]] = {}
    for name, preset in PRESET_INFO.items():
        by_sets.setdefault(tuple(preset.sets), []).append(f"`{name}`")
    rows = ["| sets | kingdoms (`--kingdom NAME`) |", "| --- | --- |"]
    for key, names in by_sets.items():
        rows.append(f"| {' + '.join(set_title(s) for s in key)} | {', '.join(names)} |")
    return "\n".join(rows) + "\n"


def _option_rows(card: bool) -> list[str]:
    from ludolab.games.dominion.bots.options import all_options

    rows = []
    for o in all_options():
        if (o.card is not None) != card:
            continue
        if o.is_flag:
            default, values = ("`true`" if o.default else "`false`"), "`true`/`false`"
        elif o.is_whole:
            default = f"`{int(o.default)}`"
            values = f"`{int(o.bounds[0])}`-`{int(o.bounds[1])}`"
        else:
            default, values = f"`{o.default:g}`", f"`{o.bounds[0]:g}`-`{o.bounds[1]:g}`"
        owner = f" {o.owner} |" if card else ""
        rows.append(f"| `{o.name}` |{owner} {default} | {values} | {o.meaning} |")
    return rows


def general_options() -> str:
    """The general bot options: name, default, values, meaning (from the bot language)."""
    head = ["| option | default | values | meaning |", "| --- | --- | --- | --- |"]
    return "\n".join(head + _option_rows(card=False)) + "\n"


def card_options() -> str:
    """Each card's own bot options, as its home declares them."""
    head = ["| option | card | default | values | meaning |", "| --- | --- | --- | --- | --- |"]
    return "\n".join(head + _option_rows(card=True)) + "\n"


#: The stored measurement the card-strength table is rendered from: the JSON of
#: ``ludolab dominion cards --rank --games 20000 --json`` (every card with rules), re-measured
#: when a playbook changes (a table from the code alone would replay 2.7 million games)
CARD_RANK = ROOT / "docs" / "data" / "card-rank.json"


def card_rank() -> str:
    """The card-strength table (each "BMU + X" against Big Money Ultimate), best first, from
    :data:`CARD_RANK`, with the settings it was measured under."""
    import json

    data = json.loads(CARD_RANK.read_text(encoding="utf-8"))
    rows = [f"`dominion cards --rank --games {data['games_per_card']}` "
            f"({data['players']} players, rules {data['rules']}, seed {data['seed']}, "
            f"{len(data['cards'])} cards; stored in `docs/data/card-rank.json`).", "",
            "| # | card | set | cost | win % | 95% CI | tie % | margin (VP) |",
            "| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for i, r in enumerate(data["cards"], 1):
        lo, hi = r["win_ci"]
        rows.append(f"| {i} | {r['card']} | {r['set']} | ${r['cost']} | "
                    f"{100 * r['win_rate']:.2f} | {100 * lo:.2f}-{100 * hi:.2f} | "
                    f"{100 * r['tie_rate']:.2f} | {r['mean_margin']:+.2f} |")
    return "\n".join(rows) + "\n"


PARTS: dict[str, Callable[[], str]] = {"sets": sets, "bot-count": bot_count,
                                       "kingdoms": kingdoms, "general-options": general_options,
                                       "card-options": card_options, "card-rank": card_rank}


def docs() -> list[Path]:
    """The Markdown files that may hold generated parts."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def regenerate(text: str, where: str) -> str:
    """``text`` with every generated part rewritten; an unknown part name is an error."""

    def one(m: re.Match[str]) -> str:
        name = m.group(2)
        if name not in PARTS:
            known = ", ".join(PARTS)
            raise SystemExit(f"{where}: unknown generated part {name!r} (known: {known})")
        return m.group(1) + PARTS[name]() + m.group(4)

    return MARK.sub(one, text)


def stale() -> list[str]:
    """The files whose generated parts differ from what the code gives now."""
    out = []
    for path in docs():
        text = path.read_text(encoding="utf-8")
        if regenerate(text, str(path.relative_to(ROOT))) != text:
            out.append(str(path.relative_to(ROOT)))
    return out


def main(argv: list[str]) -> int:
    if argv[1:] == ["--check"]:
        files = stale()
        for f in files:
            print(f"{f}: generated parts are stale: run python scripts/docs_tables.py")
        return 1 if files else 0
    for path in docs():
        text = path.read_text(encoding="utf-8")
        new = regenerate(text, str(path.relative_to(ROOT)))
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"rewrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
