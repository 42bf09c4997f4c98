"""Decoding is exact: a hand-built genome gives exactly the bot of document 004's appendix."""

from __future__ import annotations

import pytest

from ludolab.errors import LudolabError
from ludolab.evolve.genome import Genome, decode, genome_from_lists, layout_for

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
        ("Gold", "share(Gold) < 0.58", None),
        ("Copper", "share(Copper) < 0.37", None),
        ("Festival", "share(Festival) < 0.38", None),  # 0.375 rounds half to even -> 0.38
        ("Woodcutter", "low_victory_pile <= 12 or third_low_pile <= 12", None),
    ]
    assert [e.card for e in spec.play] == [
        "Festival", "Woodcutter", "Market", "Bureaucrat", "Chapel", "Council Room",
        "Laboratory", "Smithy", "Village", "Witch",
    ]
    assert all(e.condition is None for e in spec.play + spec.trash)
    assert [e.card for e in spec.trash] == APPENDIX_TRASH
    assert spec.discard == [] and spec.options == {}


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
