"""The language server (`ratdsl lsp`): diagnostics, hover, completion, definition, references,
rename, formatting and the outline of rule files, for editors that speak LSP.

It reads names from the resolver's symbol table, findings from the checker and layouts from the
formatter; it imports no engine. See docs/editors.md.
"""
