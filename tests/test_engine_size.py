"""The engine stays in pieces one can read (issue 32, "Engine size"): no file under ratdsl/engine/
over 900 lines, no class there with more than 40 methods. A file or class that grows past them is
split by job (as engine/flat's lowering is: docs/architecture.md §11), not let grow."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "ratdsl" / "engine"
MAX_FILE_LINES = 900
MAX_CLASS_METHODS = 40
SOURCES = ("*.py", "*.pyx", "*.c", "*.h")  # (Python and C, as the target counts them)


def engine_files() -> list[Path]:
    return sorted(p for pattern in SOURCES for p in ENGINE.rglob(pattern))


def methods_per_class(path: Path, root: Path = ENGINE) -> dict[str, int]:
    """Each class of a Python file (nested ones too), with the functions defined in its body."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {f"{path.relative_to(root)}:{node.name}":
            sum(isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) for item in node.body)
            for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}


def test_no_engine_file_is_over_900_lines():
    files = engine_files()
    assert len(files) > 50  # (the engine's files were found)
    long = {str(p.relative_to(ENGINE)): n for p in files
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_FILE_LINES}
    assert not long, f"split these by job: {long}"


def test_no_engine_class_has_over_40_methods():
    counts = {name: n for p in engine_files() if p.suffix == ".py" for name, n in methods_per_class(p).items()}
    assert counts["flat/compiler.py:FlatCompiler"] > 10  # (the classes and their methods were counted)
    big = {name: n for name, n in counts.items() if n > MAX_CLASS_METHODS}
    assert not big, f"split these by job: {big}"


def test_the_counts_see_a_class_over_the_limit(tmp_path):
    """The counter counts a class's methods, nested classes' apart."""
    body = "".join(f"    def m{i}(self):\n        pass\n" for i in range(41))
    path = tmp_path / "big.py"
    path.write_text(f"class Big:\n{body}\n    class Inner:\n        def one(self):\n            pass\n",
                    encoding="utf-8")
    assert methods_per_class(path, tmp_path) == {"big.py:Big": 41, "big.py:Inner": 1}
