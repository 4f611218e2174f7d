"""The names of the built-in functions, for the stages before semantics (the highlighter).

Their meaning, signatures and purity live in ratdsl/semantics/builtins.py, whose registry must list
exactly these names in this order (it checks when it is imported).
"""

BUILTIN_FUNCTIONS: tuple[str, ...] = (
    "min", "max", "abs", "sum", "len", "size", "count", "kinds", "pieces", "contents", "one_of_each",
    "neighbour", "opposite", "rank", "seat", "top", "cards", "sample", "pick", "share_in_turn",
    "zones", "first", "first_n", "owner", "any", "all", "flatten", "unique",
    "spaces", "neighbours", "adjacent", "distance", "room",
    # turns: orders of play
    "clockwise", "counter_clockwise", "clockwise_after", "counter_clockwise_after", "snake",
    "share_evenly",  # plans: simultaneous resolution
)
