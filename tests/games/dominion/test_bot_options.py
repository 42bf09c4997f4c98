"""The cards' own bot options: declared in a card's home, set in a bot file's [options], validated,
shown, documented, and read by the kernel (``card_opt``)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from ludolab.errors import BotFileError, LudolabError
from ludolab.games.dominion.bots import (
    BotSpec,
    Entry,
    compile_bot,
    describe_bot,
    parse_bot_text,
    render_bot,
)
from ludolab.games.dominion.bots.options import all_options, find_option, option_info
from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.engine import Engine, simple_bot
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.task import bot_identity

ROOT = Path(__file__).resolve().parents[3]
STEWARD = card_id("Steward")


def test_steward_option_is_the_cards_own_in_slot_zero():
    info = find_option("steward")
    assert info is not None
    assert (info.card, info.index, info.default, info.bounds) == (STEWARD, 0, 4.0, (0, 4))
    assert info.owner == "Steward" and not info.is_flag and info.is_whole
    general = find_option("reveal_moat")
    assert general is not None and general.card is None and general.is_flag


def test_every_home_declares_its_options_well():
    """all_options() imports every home and checks each declaration (name starts with the card's
    slug, default in range, a meaning): a home's mistake fails here, not in a user's bot file."""
    names = [o.name for o in all_options()]
    assert len(names) == len(set(names))
    for info in all_options():
        if info.card is not None:
            assert info.index < K.CARD_OPTS
            assert CARDS[info.card].special


def test_bot_file_sets_a_cards_option():
    text = ('name = "s"\nbuy = ["Steward", "Silver"]\n\n[options]\nsteward = 2\n'
            'reveal_moat = false\n')
    spec = parse_bot_text(text, "s.toml")
    assert spec.options == {"steward": 2.0, "reveal_moat": 0.0}
    bot = compile_bot(spec)
    assert bot.card_options == {(STEWARD, 0): 2.0}
    assert bot.options[K.OPT_REVEAL_MOAT] == 0.0
    assert bot.options[3] == 0.0  # the retired index is never written
    assert parse_bot_text(render_bot(spec)) == spec
    assert "steward = 2" in render_bot(spec)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ("steward = 5", "s.toml:4: option 'steward' must be a whole number from 0 to 4, got 5"),
        ("steward = true",
         "s.toml:4: option 'steward' must be a whole number from 0 to 4, got True"),
        ("steward = 'x'", "s.toml:4: option 'steward' must be a whole number from 0 to 4, got 'x'"),
        ("stewrd = 1", "s.toml:4: unknown option 'stewrd'; did you mean 'steward'? (valid: "
                       "never_lose_by_ending, use_extra_buys, reveal_moat, penultimate_province, "
                       "take_instant_win, spend_coffers, or a card's own option: see "
                       "'ludolab dominion options')"),
        ("steward_trash = 1", "s.toml:4: unknown option 'steward_trash'; did you mean 'steward'? "
                              "(Steward's options: steward)"),
    ],
)
def test_bad_card_option_is_one_line_with_the_line(options, message):
    with pytest.raises(BotFileError) as info:
        parse_bot_text(f'name = "s"\nbuy = ["Gold"]\n[options]\n{options}\n', "s.toml")
    assert str(info.value) == message


def test_option_info_on_a_non_text_name():
    with pytest.raises(LudolabError, match=r"^unknown option 3; "):
        option_info(3)


def test_describe_shows_the_options_of_the_cards_a_bot_names():
    spec = BotSpec(name="x", buy=[Entry("Steward"), Entry("Silver")], options={"steward": 1})
    text = describe_bot(spec)
    assert "    steward = 1: Steward's choice: 4 (default) trash a Curse" in text
    plain = describe_bot(BotSpec(name="y", buy=[Entry("Silver")]))
    assert "steward" not in plain
    assert "    reveal_moat = yes (default): reveal Moat against every attack" in plain
    unset = describe_bot(BotSpec(name="z", buy=[Entry("Steward")]))
    assert "    steward = 4 (default): Steward's choice" in unset


def test_simple_bot_takes_card_options_by_name():
    bot = simple_bot("s", buy=["Silver"], options={"steward": 3, "use_extra_buys": 0})
    assert bot.card_options == {(STEWARD, 0): 3.0}
    assert bot.options[K.OPT_EXTRA_BUYS] == 0.0
    with pytest.raises(LudolabError, match="unknown option 'stewardd'; did you mean 'steward'"):
        simple_bot("s", buy=["Silver"], options={"stewardd": 1})


def test_bots_differing_only_in_a_card_option_are_different_bots():
    a = simple_bot("a", buy=["Steward"], options={"steward": 1})
    b = simple_bot("b", buy=["Steward"], options={"steward": 2})
    c = simple_bot("c", buy=["Steward"], options={"steward": 1})
    assert bot_identity([a, b, c]) == (0, 1, 0)


@pytest.mark.parametrize(("mode", "provinces", "trash", "deck_left"), [
    (0, 1, {}, 7),  # the playbook: +$2 turns $6 into $8
    (1, 0, {}, 5),  # always +2 Cards: two Estates drawn, $6
    (2, 1, {}, 7),  # always +$2
    (3, 0, {"Estate": 1, "Copper": 1}, 7),  # always trash: the general order, then $5
])
def test_the_kernel_reads_the_bots_card_option(mode, provinces, trash, deck_left):
    """Seat 0 is a bot whose file sets ``steward``; its turn is replayed with a known hand."""
    spec = parse_bot_text(f'name = "s"\nbuy = ["Province"]\n[options]\nsteward = {mode}\n')
    g = Engine(["Steward"], 2).new_game(1, [compile_bot(spec), None])
    g.setup(0, current=0, hand=["Steward", "Silver", "Gold", "Copper", "Estate"],
            deck=["Estate"] * 12, discard=[])
    assert g.pending().seat == 1  # the bot's turn is over
    z = g.zones(0)
    assert z["owned"].get("Province", 0) == provinces
    assert g.trash() == trash
    assert len(z["deck"]) == deck_left


def test_docs_list_every_option():
    doc = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Options"):doc.index("## Names")]
    for info in all_options():
        row = re.search(rf"^\| `{info.name}` \|.*$", section, re.MULTILINE)
        assert row is not None, f"docs/bots.md's options tables miss {info.name!r}"
        if info.card is not None:
            assert f"| {info.owner} |" in row.group(0)


def test_parsing_a_bot_file_imports_only_the_homes_it_names():
    """The hot path of `ludolab dominion sim` reads bot files: a bot without a card option loads
    no home (nor the kernel); Steward's option loads Steward's home only."""
    code = (
        "import sys\n"
        "from ludolab.games.dominion.bots import parse_bot_text\n"
        "parse_bot_text('name = \"a\"\\nbuy = [\"Gold\"]\\n[options]\\nreveal_moat = false\\n')\n"
        "homes = lambda: sorted(m for m in sys.modules\n"
        "                       if '.cards.base.' in m or '.cards.intrigue.' in m)\n"
        "print(homes(), 'ludolab.games.dominion.engine.kernel' in sys.modules)\n"
        "parse_bot_text('name = \"b\"\\nbuy = [\"Gold\"]\\n[options]\\nsteward = 1\\n')\n"
        "print(homes())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    first, second = out.stdout.strip().splitlines()
    assert first == "[] False"
    assert second == "['ludolab.games.dominion.cards.intrigue.steward']"


def test_card_opt_layout_matches_fill():
    """hooks.fill_card_options writes where kernel.card_opt reads: seat q's slot j of card c."""
    from ludolab.games.dominion.engine import hooks

    F = np.zeros(len(CARDS) * K.MAX_SEATS * K.CARD_OPTS)
    bots = [simple_bot("a", buy=["Gold"], options={"steward": 2}), simple_bot("b", buy=["Gold"])]
    hooks.fill_card_options(F, 0, [STEWARD], bots)
    at = (STEWARD * K.MAX_SEATS) * K.CARD_OPTS
    assert F[at] == 2.0 and F[at + K.CARD_OPTS] == 4.0  # b: the default


def test_whole_valued_declarations_take_whole_numbers():
    """A home may write its range as floats ((0.0, 2.0)): whole bounds and default still mean
    whole numbers (a mode), and (0.0, 1.0) is a flag; only a range or default that is not whole
    would take any number."""
    from ludolab.games.dominion.bots.options import OptionInfo

    mode = OptionInfo("x", 0.0, (0.0, 2.0), "m", None, 0)
    assert mode.is_whole and not mode.is_flag
    assert mode.check(1.5) == "must be a whole number from 0 to 2, got 1.5"
    assert mode.check(2) == 2.0
    flag = OptionInfo("y", 0.0, (0.0, 1.0), "f", None, 0)
    assert flag.is_flag and flag.check(True) == 1.0 and flag.text(1.0) == "true"
    real = OptionInfo("z", 0.5, (0.0, 1.0), "r", None, 0)
    assert not real.is_whole and real.check(0.25) == 0.25
    assert real.check(1.5) == "must be a number from 0 to 1, got 1.5"
