#!/usr/bin/env bash
# Every test of the project: document checks, generated-code drift, types, then the vitest suites
# (unit, web, api, e2e). Ends with one line summing everything: 'N passed, N failed'.
set -u
cd "$(dirname "$0")/.."
pass=0
fail=0
step() {
  local name=$1
  shift
  echo "== $name"
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FALHOU: $name"; fi
}

step "schemas:check" npx tsx scripts/schemas-check.ts
step "codegen --check" npx tsx scripts/codegen.ts --check
step "lookups:derive --check" npx tsx scripts/derive-lookups.ts --check
step "typecheck" npx tsc --noEmit -p .

mkdir -p .test-results
rm -f .test-results/vitest.json
npx vitest run --reporter=default --reporter=json --outputFile=.test-results/vitest.json "$@"
vitest_exit=$?
if [ -f .test-results/vitest.json ]; then
  read -r vp vf < <(node -e '
    const r = require("./.test-results/vitest.json");
    const failedFiles = r.testResults.filter((t) => t.status === "failed" && !t.assertionResults.some((a) => a.status === "failed")).length;
    console.log(r.numPassedTests, r.numFailedTests + failedFiles);
  ')
  pass=$((pass + vp))
  fail=$((fail + vf))
  if [ "$vitest_exit" -ne 0 ] && [ "$vf" -eq 0 ]; then fail=$((fail + 1)); fi
else
  echo "vitest não produziu resultado"
  fail=$((fail + 1))
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
