"""Campaigns (profiles): unlocked feats, games and statistics. Pure: no I/O here."""
