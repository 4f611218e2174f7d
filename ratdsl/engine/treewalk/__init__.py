"""The tree-walker's node handlers: expressions.py and statements.py hold one function per node
class, which Interpreter (engine/interpreter.py) dispatches to. They evaluate; what they change
in the game goes through the runtime."""
