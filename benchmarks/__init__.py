"""The project's benchmark harnesses (figures to read, never pass/fail).

They live in the checkout, not in the installed game: ``make bench`` or
``python -m benchmarks`` from the checkout runs them. Each measures the game
through its public modules.
"""
