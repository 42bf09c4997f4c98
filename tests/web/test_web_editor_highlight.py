"""The bot editor highlights the bot language (keys, card names, keywords, condition words,
numbers, operators) under the text being typed, and completes condition words, cards inside a
condition (count(Smi -> Smithy) and a table entry's ``when`` condition."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

BOT = '''# a comment
name = "Highlighted Smithy"
buy = [
    "Province if money >= 16",
    "Smithy limit 1 if count(Smithy) < deck_size / 15 and not turn > 20",
    "Fishing Village",
    "Silver",
]
[options]
never_lose_by_ending = true
'''


def test_the_editor_colours_the_bot_language(tab: Any, shot: Any) -> None:
    tab.goto("/dominion/simulate")
    tab.fill("#botA", BOT)
    hl = tab.locator("#botA").locator("xpath=preceding-sibling::pre[@class='hl']")
    expect(hl.locator(".hl-card")).to_have_text(["Province", "Smithy", "Smithy",
                                                 "Fishing Village", "Silver"])
    expect(hl.locator(".hl-kw")).to_have_text(["if", "limit", "if", "and", "not", "true"])
    expect(hl.locator(".hl-fn")).to_have_text(["money", "count", "deck_size", "turn"])
    expect(hl.locator(".hl-num")).to_have_text(["16", "1", "15", "20"])
    expect(hl.locator(".hl-op")).to_have_text([">=", "<", "/", ">"])
    expect(hl.locator(".hl-key")).to_have_text(["name", "buy", "[options]",
                                                "never_lose_by_ending"])
    expect(hl.locator(".hl-com")).to_have_text(["# a comment"])
    # the name is a plain string: "Smithy" in it is not a card there
    expect(hl.locator(".hl-str").nth(1)).to_have_text("Highlighted Smithy")
    # the colours lie exactly under the text: the same text, box, font and line height
    assert hl.evaluate("e => e.textContent") == BOT + "\n "
    same = tab.evaluate("""() => {
        const ta = document.querySelector('#botA'), pre = ta.previousElementSibling;
        const a = ta.getBoundingClientRect(), b = pre.getBoundingClientRect();
        const sa = getComputedStyle(ta), sb = getComputedStyle(pre);
        return [a.left === b.left, a.top === b.top, sa.fontSize === sb.fontSize,
                sa.lineHeight === sb.lineHeight, sa.fontFamily === sb.fontFamily,
                sa.paddingLeft === sb.paddingLeft, sa.paddingTop === sb.paddingTop,
                sa.color === 'rgba(0, 0, 0, 0)'];
    }""")
    assert same == [True] * 8, same
    shot(tab, "bot-editor-highlight", full_page=False)
    # a mistake still shows in the margin, and typing repaints
    tab.locator("#botA").press("Control+End")
    tab.locator("#botA").type('\nbuy = ["Gold if coins >= 6"]')
    expect(hl.locator(".hl-fn").last).to_have_text("coins")


def test_the_editor_completes_cards_inside_conditions_and_when(tab: Any) -> None:
    tab.goto("/dominion/simulate")
    editor = tab.locator("#botA")
    editor.fill('name = "C"\nbuy = [\n    "Smithy if count(Smi')
    editor.press("End")
    editor.type("t")
    expect(tab.locator("#completeA .completion")).to_have_text(["Smithy"])
    editor.fill('name = "C"\n[[buy]]\ncard = "Gold"\nwhen = "gains_to')
    editor.press("End")
    editor.type("_")
    expect(tab.locator("#completeA .completion").first).to_have_text("gains_to_end")


def test_the_highlighted_editor_fits_a_phone_and_200_percent(tab: Any) -> None:
    for width, height in [(390, 844), (640, 450)]:
        tab.set_viewport_size({"width": width, "height": height})
        tab.goto("/dominion/simulate")
        tab.fill("#botA", BOT)
        assert tab.evaluate("document.documentElement.scrollWidth") <= width, width
        box = tab.evaluate("""() => { const ta = document.querySelector('#botA');
            const a = ta.getBoundingClientRect();
            const b = ta.previousElementSibling.getBoundingClientRect();
            return [a.width === b.width, a.height === b.height]; }""")
        assert box == [True, True], (width, box)
