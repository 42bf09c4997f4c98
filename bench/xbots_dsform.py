"""Default playbooks measured in DominionSim's form of "Big Money Ultimate plus one X".

DominionSim's generated single-card bots extend its Big Money Ultimate: Province if the money
owned is more than $18, Duchy while 4 or fewer Provinces are left, Estate while 2 or fewer,
Gold, Duchy while 6 or fewer, Silver; "X if count(X) < 1" goes before Gold for a card costing
$6 or more, else before Silver; ``never_lose_by_ending = false``. Each X bot plays the same
bot without X on the kingdom of X alone, 20,000 games (seats rotated), beside DominionSim's own
figure. Then the Torturer victims: Big Money Ultimate (the library's) against DominionSim's
"Torturer/Village" bot (its buy rules, as ``ludolab dominion import`` reads them from
DominionSim's bot file), the Curses the victim gains per game.

    .venv/bin/python bench/xbots_dsform.py [--games 20000] [--seed 1] [--cards Chapel,Clerk]
"""

from __future__ import annotations

import argparse
import os

from ludolab import dominion
from ludolab.games.dominion.bots import BotSpec, Entry
from ludolab.games.dominion.bots.xbots import dominionsim_bmu as ds_bmu

#: DominionSim's win rates of its BMU + X against its BMU (20,000 games), where quoted
DOMINIONSIM = {"Chapel": 47.8, "Secret Passage": 51.8, "Swindler": 73.6, "Courtyard": 73.4,
               "Replace": 67.2, "Clerk": None}

#: DominionSim's "Torturer/Village" bot, its buy rules in ludolab's bot language
TORTURER_VILLAGE = BotSpec(
    name="Torturer/Village",
    source="DominionSim (Geronimoo), imported",
    buy=[Entry("Province", "count(Torturer) > 3"), Entry("Duchy", "supply(Province) <= 4"),
         Entry("Estate", "supply(Province) <= 1"), Entry("Torturer", "count(Torturer) == 0"),
         Entry("Torturer", "count(Torturer) <= count(Village) - 1"),
         Entry("Silver", "count(Silver) < 1"), Entry("Village")],
    options={"never_lose_by_ending": 1.0},
)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cards", default=",".join(DOMINIONSIM))
    args = ap.parse_args()
    print(f"load: {os.getloadavg()}")
    for x in [c.strip() for c in args.cards.split(",") if c.strip()]:
        r = dominion.simulate([ds_bmu(x), ds_bmu()], args.games, args.seed,
                              kingdom=[x]).bot_rows()[0]
        lo, hi = r["win_ci"]
        ds = DOMINIONSIM.get(x)
        print(f"{r['bot']:<26} {100 * r['win_rate']:6.2f} ({100 * lo:.2f}-{100 * hi:.2f})  "
              f"ties {100 * r['tie_rate']:5.2f}  DominionSim {ds if ds is not None else '-'}")
    res = dominion.simulate(["Big Money Ultimate", TORTURER_VILLAGE], args.games, args.seed,
                            kingdom=["Torturer", "Village"], card_stats=True)
    curses = next(r["gained"] for r in res.card_rows()
                  if r["bot"] == "Big Money Ultimate" and r["card"] == "Curse")
    r = res.bot_rows()[0]
    lo, hi = r["win_ci"]
    print(f"Big Money Ultimate vs Torturer/Village: {100 * r['win_rate']:.2f} "
          f"({100 * lo:.2f}-{100 * hi:.2f}), Curses gained per game {curses:.2f}")


if __name__ == "__main__":
    main()
