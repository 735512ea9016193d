"""The game in a web browser (``palm-island serve``): a ``textual-serve`` server
with a page of our own, whose fonts and scripts all come from the server."""
