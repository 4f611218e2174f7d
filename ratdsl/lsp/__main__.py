"""`python -m ratdsl.lsp`: the language server on stdio (as `ratdsl lsp`)."""

from .server import main

main()
