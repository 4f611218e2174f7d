"""Localized rule summaries generated from rule files (see builder.py) and the `i18n check`."""

from .builder import Summary, summarize
from .document import Document, to_markdown
from .html import to_html
from .messages import LANGUAGES, Catalog, MessageError

__all__ = ["LANGUAGES", "Catalog", "Document", "MessageError", "Summary", "summarize", "to_html", "to_markdown"]
