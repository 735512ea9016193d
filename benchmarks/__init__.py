"""The project's benchmark harnesses (figures to read, never pass/fail).

They live in the checkout, not in the installed game: ``make bench`` or
``python -m benchmarks`` runs them, and ``palm-island bench`` finds them when it
runs from a checkout. Each measures the product through its public modules.
"""
