#!/usr/bin/env bash
# Every test of the project: document checks, generated-code drift, types, then the vitest suites
# (unit, web, api, e2e). Ends with one line summing everything: 'N passed, N failed'.
set -u
cd "$(dirname "$0")/.."
pass=0
fail=0

# The four checks two at a time (2 cores: the type check on one, the three document checks on the other); each
# one's output is printed whole when it ends, in this order.
out=$(mktemp -d)
check() {
  local name=$1
  shift
  if "$@" >"$out/$name.log" 2>&1; then echo ok >"$out/$name.rc"; else echo falhou >"$out/$name.rc"; fi
}
( check schemas-check npx tsx scripts/schemas-check.ts
  check codegen-check npx tsx scripts/codegen.ts --check
  check lookups-check npx tsx scripts/derive-lookups.ts --check ) &
check typecheck npx tsc --noEmit -p .
wait
for name in schemas-check codegen-check lookups-check typecheck; do
  echo "== $name"
  cat "$out/$name.log"
  if [ "$(cat "$out/$name.rc")" = ok ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FALHOU: $name"; fi
done
rm -rf "$out"

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
