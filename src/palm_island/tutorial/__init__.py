"""The guided first game: its lessons (``data/tutorial.json``) and where a player is in it.

Pure like the engine (the standard library, pydantic and the engine's public API).
:mod:`.model` validates the lesson file and checks every move it asks for on its
fixed deal, so a designer or translator can change the texts without touching
code and a broken file is refused at load with one clear line. :mod:`.progress`
is what settings keep; it imports nothing, so the title can read it at start-up.
"""
