"""Decoding is exact: a hand-built genome gives exactly the bot of document 004's appendix."""

from __future__ import annotations

import pytest

from ludolab.errors import LudolabError
from ludolab.evolve.dominion.genome import Genome, decode, genome_from_lists, layout_for

DOC_CARDS = [
    "Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", "Village", "Woodcutter",
    "Festival", "Market", "Smithy", "Council Room", "Witch", "Bureaucrat", "Chapel", "Laboratory",
]
LAYOUT = layout_for(DOC_CARDS)

# The best strategy of document 004's appendix.
APPENDIX_BUY = [
    ("Province", "share", 0.86),
    ("Duchy", "left", 7.0),
    ("Market", "left", 5.102966),
    ("Estate", "left", 4.457555),
    ("Gold", "share", 0.58),
    ("Copper", "share", 0.37),
    ("Festival", "share", 0.38),
    ("Woodcutter", "left", 12.0),
]
APPENDIX_PLAY = ["Festival", "Woodcutter", "Market"]
APPENDIX_TRASH = ["Estate", "Province", "Village", "Council Room", "Copper", "Curse"]


def test_hand_built_genome_decodes_exactly() -> None:
    # Row by row over L = Copper Silver Gold Estate Duchy Province Curse Bureaucrat Chapel
    # Council-Room Festival Laboratory Market Smithy Village Witch Woodcutter.
    g = Genome(
        gain_rank=[5, 8, 4, 3, 1, 0, 9, 10, 11, 12, 6, 13, 2, 14, 15, 16, 7],
        gain_on=[1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1],
        cut_kind=[0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1],
        cut_share=[0.37, 1, 0.58, 1, 1, 0.864, 1, 1, 1, 1, 0.375, 1, 1, 1, 1, 1, 1],
        cut_left=[2, 2, 2, 4.457555, 7.0, 2, 2, 2, 2, 2, 2, 2, 5.102966, 2, 2, 2, 12.0],
        # copy limits (beyond the document): at most 3 Gold (floor 3.9), at most 2 Festivals;
        # Market's limit bit is off, so its value changes nothing
        limit_on=[0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0],
        limit=[11, 11, 3.9, 11, 11, 11, 11, 11, 11, 11, 2.0, 11, 1.5, 11, 11, 11, 11],
        # action positions: Bureaucrat Chapel CouncilRoom Festival Laboratory Market Smithy
        # Village Witch Woodcutter
        play_rank=[3, 4, 5, 0, 6, 2, 7, 8, 9, 1],
        trash_rank=[4, 6, 7, 0, 8, 1, 5, 9, 10, 3, 11, 12, 13, 14, 2, 15, 16],
        trash_on=[1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0],
    )
    spec = decode(g, LAYOUT, name="Doc 004 best", description="appendix")
    assert spec.name == "Doc 004 best" and spec.description == "appendix"
    assert [(e.card, e.condition, e.limit) for e in spec.buy] == [
        ("Province", "share(Province) < 0.86", None),
        ("Duchy", "low_victory_pile <= 7 or third_low_pile <= 7", None),
        ("Market", "low_victory_pile <= 5 or third_low_pile <= 5", None),
        ("Estate", "low_victory_pile <= 4 or third_low_pile <= 4", None),
        ("Gold", "share(Gold) < 0.58", 3),
        ("Copper", "share(Copper) < 0.37", None),
        ("Festival", "share(Festival) < 0.38", 2),  # 0.375 rounds half to even -> 0.38
        ("Woodcutter", "low_victory_pile <= 12 or third_low_pile <= 12", None),
    ]
    assert [e.card for e in spec.play] == [
        "Festival", "Woodcutter", "Market", "Bureaucrat", "Chapel", "Council Room",
        "Laboratory", "Smithy", "Village", "Witch",
    ]
    assert all(e.condition is None for e in spec.play + spec.trash)
    assert [e.card for e in spec.trash] == APPENDIX_TRASH
    assert spec.discard == [] and spec.options == {}
    # without copy limits it is document 004's genome exactly
    plain = decode(g, LAYOUT, name="Doc 004 best", limits=False)
    assert [e.limit for e in plain.buy] == [None] * 8
    assert plain.buy[4].condition == "share(Gold) < 0.58"


def test_decoded_bot_renders_to_an_exact_bot_file_that_reads_back_equal() -> None:
    from ludolab.games.dominion.bots import compile_bot, parse_bot_text, render_bot

    lay = layout_for(["Witch", "Chapel"])  # L = 7 basics, Chapel, Witch
    g = genome_from_lists(
        lay,
        [("Province", "share", 1.0), ("Witch", "share", 0.5, 2), ("Duchy", "left", 5.7),
         ("Gold", "share", 0.4449), ("Silver", "left", 12)],
        play=["Witch"],
        trash=["Curse", "Estate"],
    )
    spec = decode(g, lay, name="Evolved champion", description="evolved, seed 7")
    text = render_bot(spec)
    assert text == (
        'name = "Evolved champion"\n'
        'description = "evolved, seed 7"\n'
        'source = "ludolab evolve"\n'
        "\n"
        "buy = [\n"
        '    "Province if share(Province) < 1.00",\n'
        '    "Witch limit 2 if share(Witch) < 0.50",\n'
        '    "Duchy if low_victory_pile <= 5 or third_low_pile <= 5",\n'
        '    "Gold if share(Gold) < 0.44",\n'
        '    "Silver if low_victory_pile <= 12 or third_low_pile <= 12",\n'
        "]\n"
        "\n"
        "play = [\n"
        '    "Witch",\n'
        '    "Chapel",\n'
        "]\n"
        "\n"
        "trash = [\n"
        '    "Curse",\n'
        '    "Estate",\n'
        "]\n"
    )
    back = parse_bot_text(text)
    assert [(e.card, e.condition, e.limit) for e in back.buy] == [
        (e.card, e.condition, e.limit) for e in spec.buy
    ]
    assert compile_bot(back).cards_needed == (31,)  # Chapel is never bought: Witch only


def test_genome_from_lists_is_the_inverse_of_decode() -> None:
    g = genome_from_lists(LAYOUT, APPENDIX_BUY, APPENDIX_PLAY, APPENDIX_TRASH)
    spec = decode(g, LAYOUT)
    assert [e.card for e in spec.buy] == [c for c, _, _ in APPENDIX_BUY]
    assert spec.buy[2].condition == "low_victory_pile <= 5 or third_low_pile <= 5"
    assert [e.card for e in spec.play][:3] == APPENDIX_PLAY
    assert [e.card for e in spec.trash] == APPENDIX_TRASH


def test_decoding_refuses_a_broken_genome_and_unknown_cards() -> None:
    g = genome_from_lists(LAYOUT, APPENDIX_BUY)
    g.play_rank[0] = g.play_rank[1]
    with pytest.raises(LudolabError, match=r"^genome row play_rank is not a permutation"):
        decode(g, LAYOUT)
    with pytest.raises(LudolabError, match=r"^card 'Moat' is not in the genome's card list$"):
        genome_from_lists(LAYOUT, [("Moat", "share", 0.5)])
    with pytest.raises(LudolabError, match=r"^unknown card 'Smithee'; did you mean 'Smithy'"):
        layout_for(["Smithee"])
