"""The terminal game (Textual). Imported only when the game is opened."""
