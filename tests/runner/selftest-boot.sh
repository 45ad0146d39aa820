#!/bin/bash
# The whole loop must report a failing guest case as failed: boot the loop
# cases with dp_selftest_fail=1, which makes loop/selftest.sh fail on
# purpose, and expect exactly that case to fail.
top=$(cd "$(dirname "$0")/../.." && pwd)
c=$top/tests/guest/cases/loop
out=$(bash "$top/tools/guest-run.sh" selftest-fail base-small dp_selftest_fail=1 \
	"$c/boots.sh" "$c/selftest.sh")
if echo "$out" | grep -q '^FAIL: guest:selftest-fail:selftest: .*deliberate failure' &&
   echo "$out" | grep -q '^PASS: guest:selftest-fail:boots'; then
	echo "PASS: runner:reports-failing-guest-case"
else
	echo "FAIL: runner:reports-failing-guest-case: got: $(echo "$out" | tr '\n' ' ')"
fi
