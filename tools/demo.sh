#!/bin/bash
# demo.sh [VARIANT]: boot the kernel (built) with tests/guest/demo/show.sh
# as the only case and print what it showed; fails if it said FAIL.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
export BUILD
v=${1:-on-small}
m=$top/tests/guest/modules
if ! bash "$top/tools/build-modules.sh" "$v" "$m/dp_hello" "$m/dp_sites" "$m/dp_patch" > "$BUILD/demo-build.log" 2>&1; then
	echo "demo: the test modules do not build against $v (see $BUILD/demo-build.log)"
	exit 1
fi
bash "$top/tools/guest-run.sh" demo "$v" - "$top/tests/guest/demo/show.sh" > "$BUILD/demo.result" || true
log=$BUILD/guest/demo/console.log
echo "== booted $BUILD/out/$v/arch/x86/boot/bzImage in $(cat "$BUILD/guest/demo/seconds") s (console: $log)"
sed -n '/@@CASE-BEGIN/,/@@CASE-END/p' "$log" | sed '1d;$d;/^RESULT /d'
cat "$BUILD/demo.result"
! grep -q '^FAIL' "$BUILD/demo.result"
