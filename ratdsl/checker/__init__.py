"""Stage: checker. Static findings over a loaded rule set, before anything runs."""

from .checker import Checker, Diagnostic, check_ruleset

__all__ = ["Checker", "Diagnostic", "check_ruleset"]
