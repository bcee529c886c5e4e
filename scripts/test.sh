#!/usr/bin/env bash
# npm test: every check and suite, side by side where they share nothing, one summary at the end.
#   1. the demo content, made once for the server tests and the browser files;
#   2. side by side: the type check with the layer rules, the linter (Biome, knip), the build and
#      then the browser files three at a time (they wait mostly on their pages and servers), and
#      vitest's unit, views and server projects; the logs of the background steps are printed
#      when they end, after vitest's own output;
#   3. the browser file timed on the audio clock (gapless.test.ts), alone: nothing beside it;
#   4. scripts/test-summary.ts: "Tests: N passed, M failed", failing the run when any suite or
#      check failed (a failed check does not stop the suites: all failures show in one run).
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tsx scripts/ensure-chromium.ts || exit 1
mkdir -p node_modules/.cache
export TEST_SUMMARY_FILE="$PWD/node_modules/.cache/test-summary-$$.json"
logs="$PWD/node_modules/.cache/test-logs-$$"
mkdir -p "$logs"
trap 'rm -rf "$logs"' EXIT

tsx scripts/prepare-demo.ts || exit 1

npm run -s typecheck > "$logs/typecheck" 2>&1 &
typecheck_pid=$!
npm run -s lint > "$logs/lint" 2>&1 &
lint_pid=$!
(vite build --logLevel warn && TEST_SUMMARY_RUN=e2e vitest run --config vitest.e2e.config.ts --project e2e) \
  > "$logs/e2e" 2>&1 &
e2e_pid=$!
echo "── the browser files run beside vitest; their output follows vitest's"
vitest run
unit=$?
wait "$typecheck_pid"
types=$?
wait "$lint_pid"
lint=$?
echo "── npm run typecheck (exit $types)"
cat "$logs/typecheck"
echo "── npm run lint (exit $lint)"
cat "$logs/lint"
wait "$e2e_pid"
e2e=$?
echo "── build and browser files (exit $e2e)"
cat "$logs/e2e"

TEST_SUMMARY_RUN=e2e-alone vitest run --config vitest.e2e.config.ts --project e2e-alone
alone=$?
tsx scripts/test-summary.ts --expect main,e2e,e2e-alone --status "$unit,$e2e,$alone" \
  --checks "typecheck=$types,lint=$lint"
