"""The screens of the game; all but the title are imported when first shown."""
