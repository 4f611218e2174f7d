"""Syntax highlighting of rule files with Pygments (docs, terminals, anything Pygments feeds).

    from pygments import highlight
    from pygments.formatters import TerminalFormatter
    from ratdsl.language.highlight import RuleLexer
    print(highlight(text, RuleLexer(), TerminalFormatter()))

Keywords are grouped as the editors' TextMate grammar (editors/vscode/syntaxes/ratdsl.tmLanguage.json)
groups them; tests/test_highlight.py and tests/test_editors.py check that both cover every keyword
of grammar.lark. Calls of
built-in functions are Name.Builtin: their names come from builtin_names.py (this layer may not
import ratdsl/semantics, whose registry checks that it lists the same names).
Pygments is a test dependency; install it to use this module.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

from .builtin_names import BUILTIN_FUNCTIONS
from .loader import RULE_SUFFIX

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"

# Words that start a declaration, followed by the name they define.
DECLARATIONS = ("game", "module", "variant", "option", "const", "var", "deck", "card", "table",
                "persona", "metric", "func", "rule", "modify", "phase", "step", "scoring", "invariant",
                "board", "space",
                "action", "ability")  # turns
# Other words that open or shape a declaration.
DECLARATION_WORDS = ("tokens", "symbols", "zone", "pile", "per", "player", "players", "seating",
                     "requires", "extends", "fields", "active", "when", "setup", "round", "score",
                     "tiebreak", "replace", "remove", "before", "after", "instead", "of", "on",
                     "during", "into", "ends", "rounds", "edge", "capacity",
                     "public", "owner", "only", "hidden", "face", "down",  # information
                     "cost", "effect", "once", "counting", "the")  # turns
# Control flow and decisions.
CONTROL = ("if", "then", "else", "for", "each", "while", "repeat", "times", "do", "end", "ask",
           "may", "choose", "distribute", "otherwise", "secretly", "assert",
           "turn", "act", "one", "any", "order", "until", "pass",  # turns
           "plan", "likely")  # plans
# Statements that act on the game.
ACTIONS = ("let", "set", "move", "draw", "shuffle", "place", "reveal", "say", "create", "show",
           "from", "to", "all", "up", "top", "at", "bottom", "among", "most", "least")
# Words inside values.
OPERATOR_WORDS = ("and", "or", "not", "in", "where", "ordered", "by", "with", "fewest",
                  "descending", "ascending")
CONSTANTS = ("true", "false", "none")
BUILTIN_NAMES = ("player_count", "left", "right", "it", "this", "me", "base")

KEYWORDS = DECLARATIONS + DECLARATION_WORDS + CONTROL + ACTIONS + OPERATOR_WORDS + CONSTANTS


class RuleLexer(RegexLexer):
    """The ratdsl rule language."""

    name = "ratdsl"
    aliases = ["ratdsl"]
    filenames = ["*" + RULE_SUFFIX]
    mimetypes = ["text/x-ratdsl"]

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"', String.Double, "string"),
            (r"(or)(\s+)(pass)\b", bygroups(Operator.Word, Whitespace, Keyword)),
            (r"(end)(\s+)(game)\b", bygroups(Keyword, Whitespace, Keyword)),
            (r"(set)(\s+)(option)\b", bygroups(Keyword.Declaration, Whitespace, Keyword.Declaration)),
            (r"(replace)(\s+)(step)(\s+)(" + IDENT + r")(\.)(" + IDENT + ")",
             bygroups(Keyword.Declaration, Whitespace, Keyword.Declaration, Whitespace, Name.Class,
                      Punctuation, Name.Function)),
            (r"\b(" + "|".join(sorted(DECLARATIONS, key=len, reverse=True)) + r")(\s+)(" + IDENT + ")",
             bygroups(Keyword.Declaration, Whitespace, Name.Function)),
            (r"(instead)(\s+)(of)(\s+)(" + IDENT + ")",
             bygroups(Keyword.Declaration, Whitespace, Keyword.Declaration, Whitespace, Name.Function)),
            (r"(before|after)(\s+)(" + IDENT + r")(?=\s*\()",
             bygroups(Keyword.Declaration, Whitespace, Name.Function)),
            (words(BUILTIN_FUNCTIONS, suffix=r"(?=\()"), Name.Builtin),  # min(...), count(...)
            (IDENT + r"(?=\()", Name.Function),
            (words(CONSTANTS, suffix=r"\b"), Keyword.Constant),
            (words(OPERATOR_WORDS, suffix=r"\b"), Operator.Word),
            (words(DECLARATIONS + DECLARATION_WORDS, suffix=r"\b"), Keyword.Declaration),
            (words(CONTROL + ACTIONS, suffix=r"\b"), Keyword),
            (words(BUILTIN_NAMES, suffix=r"\b"), Name.Builtin),
            (r"(\.)(" + IDENT + ")", bygroups(Punctuation, Name.Attribute)),
            (IDENT, Name),
            (r"[0-9]+", Number.Integer),
            (r"\.\.|->|==|!=|<=|>=|[<>=+\-*/%]", Operator),
            (r"[{}()\[\],.:]", Punctuation),
        ],
        "string": [
            (r"\\.", String.Escape),
            (r'[^"\\\n]+', String.Double),
            (r'"', String.Double, "#pop"),
            (r"\n", Whitespace, "#pop"),  # an unclosed text ends at the end of its line
        ],
    }
