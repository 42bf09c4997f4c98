"""Cornucopia & Guilds (both printings, with the Prizes and Rewards): the homes of its cards (one
module per card)."""
