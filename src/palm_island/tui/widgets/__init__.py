"""Widgets of the game screen; each shows one part of the table view."""
