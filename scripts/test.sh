#!/usr/bin/env bash
# `npm test`: every check, in order, with one summary at the end. Exits non-zero if any step failed.
set -u -o pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
failed=()

step() {
  local name=$1
  shift
  printf '\n=== %s: %s\n' "$name" "$*"
  if "$@"; then
    printf '=== %s: ok\n' "$name"
  else
    printf '=== %s: FAILED\n' "$name"
    failed+=("$name")
  fi
}

step typecheck npx tsc
step lint npx eslint --max-warnings=0 .
step format npx prettier --check .
step markdown npx markdownlint-cli2
step copy node scripts/lint-copy.mjs
step content node --import tsx scripts/check-docs.mjs
step unit bash -c 'node --import tsx --test --test-reporter=spec tests/unit/*.test.ts | tee test-results/unit.log'
step build npx docusaurus build
# A second build with the deployer settings set: Algolia credentials (fake ones: every request is intercepted, for the
# hosted-search tests) and EDIT_URL (for the edit-link tests, which read TEST_EDIT_URL).
export TEST_EDIT_URL=https://git.example.com/llamafactory/docs/edit/main/docs/
step build-algolia env ALGOLIA_APP_ID=TESTAPP ALGOLIA_SEARCH_API_KEY=test-search-key ALGOLIA_INDEX_NAME=docs \
  EDIT_URL="$TEST_EDIT_URL" npx docusaurus build --out-dir build-algolia
if [[ " ${failed[*]} " != *" build"* ]]; then
  step e2e npx playwright test
else
  failed+=("e2e (not run: a build failed)")
fi

# One closing line over both runners: unit tests (node:test) and end-to-end tests (Playwright).
node -e '
const fs = require("fs");
const log = fs.existsSync("test-results/unit.log") ? fs.readFileSync("test-results/unit.log", "utf8") : "";
const num = (re) => Number((log.match(re) || [])[1] || 0);
let pass = num(/ℹ pass (\d+)/), fail = num(/ℹ fail (\d+)/), skip = num(/ℹ skipped (\d+)/);
if (fs.existsSync("test-results/e2e.json")) {
  const s = JSON.parse(fs.readFileSync("test-results/e2e.json", "utf8")).stats;
  pass += s.expected + s.flaky; fail += s.unexpected; skip += s.skipped;
}
console.log(`\nunit + e2e tests: ${pass} passed, ${fail} failed, ${skip} skipped`);
'
if [ ${#failed[@]} -gt 0 ]; then
  printf 'FAILED steps: %s\n' "${failed[*]}"
  exit 1
fi
echo 'All steps passed: typecheck, lint, format, markdown, copy, content, unit, build, e2e.'
