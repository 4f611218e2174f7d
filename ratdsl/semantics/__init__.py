"""Stage: semantics. What the language means, written once and read by every later stage.

The runtime values and their JSON form (`values`), the built-in functions (`builtins`), and the
index of a loaded rule set by name (`definition`). The checker, the tree-walker, the flat
compiler and the summaries import these; nothing here imports a later stage.
"""
