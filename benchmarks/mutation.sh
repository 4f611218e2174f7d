#!/bin/sh
# Mutation check of the operators and the moves of tokens (issue 38): copies the repository's
# tracked files to a throwaway folder, writes mutmut's configuration there (none is committed:
# it would change how pytest runs here), and runs mutmut 3 with the given test files (default:
# the focused ones and the agreement tests). Not part of the suite; needs `pip install mutmut`.
#   nice -n 19 sh benchmarks/mutation.sh [tests/test_x.py ...]
#   then: cd "$WORK" && mutmut results   (WORK defaults to a new temporary folder, printed)
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-$(mktemp -d)}
mkdir -p "$WORK"
TESTS=${*:-tests/test_operators_mutants.py tests/test_moves_mutants.py tests/test_semantics_agree.py tests/test_runtime_errors.py}
(cd "$ROOT" && git ls-files | tar -cf - -T -) | tar -xf - -C "$WORK"
cp "$ROOT"/ratdsl/*.so "$WORK/ratdsl/" 2>/dev/null || true  # (the compiled helpers, when built)
{
  echo "[mutmut]"
  echo "source_paths=ratdsl"
  printf 'only_mutate=\n    ratdsl/semantics/operators.py\n    ratdsl/engine/runtime/moves.py\n'
  echo "pytest_add_cli_args_test_selection="
  for t in $TESTS; do echo "    $t"; done
  printf 'also_copy=\n    rules\n    schemas\n'
  printf 'pytest_add_cli_args=\n    -p\n    no:cacheprovider\n'
} > "$WORK/setup.cfg"
echo "mutation run in $WORK"
cd "$WORK"
RATDSL_CACHE_DIR="$WORK/.cache" mutmut run --max-children 2 > "$WORK/run.log" 2>&1 || true
python3 - "$WORK" <<'PY'
import collections, glob, json, sys
names = {0: "survived", 1: "killed", 33: "no tests", -24: "timeout", None: "not checked"}
for meta in sorted(glob.glob(sys.argv[1] + "/mutants/**/*.meta", recursive=True)):
    codes = json.load(open(meta)).get("exit_code_by_key", {})
    counts = collections.Counter(names.get(c, f"exit {c}") for c in codes.values())
    print(meta.split("/mutants/")[1][:-5], len(codes), dict(sorted(counts.items())))
PY
