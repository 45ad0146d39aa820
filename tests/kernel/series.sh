#!/bin/bash
# series.sh: the patch series as it is sent (tools/check-series.sh):
# generated with git format-patch from patches/*.txt, applied with git am
# to v2.6.27 (on top of the separate toolchain fixes, without which the
# tree cannot build here), built after every patch with the option on
# and at the end with it off, the kernels of patches/boots booted,
# checkpatch.pl and sparse clean.  SERIES_QUICK=1 checks it quick (see
# tools/check-series.sh), for a machine too slow for the whole.
#
# Prints the "PASS: series:..." / "FAIL: series:..." lines of
# check-series.sh; always exits 0 (tools/check.sh counts the lines) and
# never runs longer than SERIES_TIMEOUT seconds (default an hour; it
# takes about 20 minutes on 2 cores).
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$top/build}
mkdir -p "$BUILD"
BUILD=$(cd "$BUILD" && pwd)
export BUILD
limit=${SERIES_TIMEOUT:-3600}
export SERIES_QUICK=${SERIES_QUICK-}
out=$BUILD/series-check.out

timeout -k 30 "$limit" bash "$top/tools/check-series.sh" > "$out" 2>&1
rc=$?
cat "$out"
if [ $rc = 124 ] || [ $rc = 137 ]; then
	echo "FAIL: series:timeout: tools/check-series.sh did not finish in $limit s (see $out and $BUILD/series-check/logs)"
elif ! grep -qE '^(PASS|FAIL|SKIP):' "$out"; then
	echo "FAIL: series: tools/check-series.sh printed no result (exit $rc; see $out)"
fi
exit 0
