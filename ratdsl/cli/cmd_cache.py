"""`ratdsl cache info` and `ratdsl cache clear`: what the cache folder holds, and emptying it."""

from __future__ import annotations

import typer

from .common import echo, fail


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"


def register(app: typer.Typer) -> None:
    group = typer.Typer(no_args_is_help=True, help="The cache of parsed rules, check results and compiled games.")
    app.add_typer(group, name="cache")

    @group.command("info")
    def info() -> None:
        """Show the cache folder, its entries and size by kind, and its size cap
        (RATDSL_CACHE_MAX_MB, 200 MB by default).

        Example: ratdsl cache info"""
        from ..language import cache as disk
        from ..language.cache_size import CAP_ENV, KIND_WORDS, KINDS, cap_bytes, listing

        folder = disk.cache_dir()
        if folder is None:
            echo("the cache is off (RATDSL_CACHE_DIR is empty)")
            return
        echo(f"folder: {folder}")
        if not folder.exists():
            echo("empty (the folder does not exist yet)")
        elif not disk.trusted_folder(folder):
            fail(f"{folder} is not a folder of this user's alone: ratdsl neither uses nor lists it")
        found = listing(folder)
        for kind in KINDS:
            mine = [e for e in found.entries if e.kind == kind]
            if mine:
                echo(f"{KIND_WORDS[kind]:>18}: {len(mine):6d} entries, {_megabytes(sum(e.size for e in mine)):>9}")
        total = sum(e.size for e in found.entries)
        echo(f"{'total':>18}: {len(found.entries):6d} entries, {_megabytes(total):>9} "
             f"of a {_megabytes(cap_bytes())} cap ({CAP_ENV})")
        if found.skipped:
            echo(f"not ratdsl's to use (links or another user's files): {len(found.skipped)}")

    @group.command("clear")
    def clear(kinds: list[str] = typer.Option(
            [], "--kind", help="Only entries of this kind: parsed, checked, flat, native, grammar or unfinished."),
              ) -> None:
        """Remove ratdsl's entries from the cache folder (all, or those of each --kind); links and
        files that are not ratdsl's own are left alone, and counted.

        Example: ratdsl cache clear --kind native"""
        from ..language import cache as disk
        from ..language import cache_size

        unknown = [k for k in kinds if k not in cache_size.KINDS]
        if unknown:
            fail(f"--kind {unknown[0]}: use one of {', '.join(cache_size.KINDS)}")
        folder = disk.cache_dir()
        if folder is None or not folder.exists():
            echo("nothing to clear" + (" (the cache is off)" if folder is None else ""))
            return
        if not disk.trusted_folder(folder):
            fail(f"{folder} is not a folder of this user's alone: ratdsl does not touch it")
        removed, skipped = cache_size.clear(folder, set(kinds) or None)
        echo(f"removed {len(removed)} entries ({_megabytes(sum(e.size for e in removed))}) from {folder}")
        if skipped:
            echo(f"left alone: {len(skipped)} (links or another user's files): {', '.join(sorted(skipped)[:5])}",
                 err=True)
