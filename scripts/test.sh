#!/usr/bin/env bash
# `npm test`: every check, in order, with one summary at the end: each step's duration, the ten slowest tests and
# one closing line over all test runners. Exits non-zero if any step failed.
set -u -o pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/unit.log test-results/build-output.log test-results/e2e.json
STEPS=test-results/steps.tsv # one line per finished step: name, ok|FAILED, seconds
: >"$STEPS"

step() {
  local name=$1
  shift
  printf '\n=== %s: %s\n' "$name" "$*"
  local start=$SECONDS status=ok
  "$@" || status=FAILED
  printf '=== %s: %s (%d s)\n' "$name" "$status" $((SECONDS - start))
  printf '%s\t%s\t%d\n' "$name" "$status" $((SECONDS - start)) >>"$STEPS"
}
failed() { awk -F'\t' '$2 != "ok" {print $1}' "$STEPS"; }

node_tests() { # node:test files, spec output kept in test-results/$1.log for the summary
  local log=$1
  shift
  node --import tsx --test --test-reporter=spec "$@" | tee "test-results/$log.log"
}

# The checks that read only the sources run beside the two builds, their output kept in test-results/checks.out and
# printed when both sides are done: on two cores each side leaves the other room (the checks are single-threaded, and
# so is much of a build).
checks() {
  step typecheck npx tsc
  step lint npx eslint --max-warnings=0 .
  step format npx prettier --check .
  step markdown npx markdownlint-cli2
  step copy node --import tsx scripts/lint-copy.mjs
  step content node --import tsx scripts/check-docs.mjs
  step unit node_tests unit tests/unit/*.test.ts
}
phase_start=$SECONDS
checks >test-results/checks.out 2>&1 &
checks_pid=$!

step build npx docusaurus build
# The test build: the deployer settings set (fake Algolia credentials, whose requests the hosted-search tests
# intercept, and an EDIT_URL for the edit-link tests, which read TEST_EDIT_URL) and the fixture pages and navbar
# items that only tests use (E2E_FIXTURES, see src/settings.ts).
export TEST_EDIT_URL=https://git.example.com/llamafactory/docs/edit/main/docs/
step build-test env ALGOLIA_APP_ID=TESTAPP ALGOLIA_SEARCH_API_KEY=test-search-key ALGOLIA_INDEX_NAME=docs \
  EDIT_URL="$TEST_EDIT_URL" E2E_FIXTURES=1 npx docusaurus build --out-dir build-test
wait "$checks_pid"
printf '\n=== the checks that ran beside the builds:\n'
cat test-results/checks.out
printf '\n=== checks and builds together: %d s\n' $((SECONDS - phase_start))

if ! failed | grep -q '^build'; then
  step build-output node_tests build-output tests/output/*.test.ts
  step e2e npx playwright test
else
  printf 'build-output, e2e (not run: a build failed)\tFAILED\t0\n' >>"$STEPS"
fi

printf '\nStep durations (the checks ran beside the builds, so their times overlap):\n'
awk -F'\t' '{printf "  %-14s %4d s%s\n", $1, $3, ($2 == "ok" ? "" : "  FAILED")}' "$STEPS"
# The ten slowest tests, and one closing line over all runners: node:test (unit, build output) and Playwright.
node scripts/test-summary.mjs
if [ -n "$(failed)" ]; then
  printf 'FAILED steps: %s\n' "$(failed | paste -sd, | sed 's/,/, /g')"
  exit 1
fi
echo 'All steps passed: typecheck, lint, format, markdown, copy, content, unit, build, build-test, build-output, e2e.'
