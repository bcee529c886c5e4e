#!/usr/bin/env bash
# npm test: every check and suite, the slow parts side by side, one summary line at the end.
#   1. the type check with the layer rules, and the linter (Biome, knip), in the background,
#      while vitest runs the unit, views and server projects;
#   2. the browser suite (one build, then its files three at a time);
#   3. scripts/test-summary.ts: "Tests: N passed, M failed", failing the run when any suite or
#      check failed (a failed check does not stop the suites: all failures show in one run).
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tsx scripts/ensure-chromium.ts || exit 1
mkdir -p node_modules/.cache
export TEST_SUMMARY_FILE="$PWD/node_modules/.cache/test-summary-$$.json"
typecheck_log="$PWD/node_modules/.cache/typecheck-$$.log"
lint_log="$PWD/node_modules/.cache/lint-$$.log"

npm run -s typecheck > "$typecheck_log" 2>&1 &
typecheck_pid=$!
npm run -s lint > "$lint_log" 2>&1 &
lint_pid=$!
vitest run
unit=$?
wait "$typecheck_pid"
types=$?
wait "$lint_pid"
lint=$?
echo "── npm run typecheck (exit $types)"
cat "$typecheck_log"
echo "── npm run lint (exit $lint)"
cat "$lint_log"
rm -f "$typecheck_log" "$lint_log"

npm run test:e2e
e2e=$?
tsx scripts/test-summary.ts --expect main,e2e --status "$unit,$e2e" --checks "typecheck=$types,lint=$lint"
