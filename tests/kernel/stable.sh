#!/bin/bash
# stable.sh: users of 2.6.27 run a 2.6.27.y longterm release.  The
# feature series as it is sent (tools/series.sh, made on v2.6.27) must
# apply with git am to the 2.6.27.y tree at $KSRC_STABLE (default
# /opt/linux-2.6.27.57, its git tree made here), and give the same tree
# as tools/apply-series.sh makes there from this repo's files, which the
# guest suite's stable-small kernel is built from (toolchain fixes
# aside).  Skipped when that tree is not there.
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$top/build}
KS=${KSRC_STABLE:-/opt/linux-2.6.27.57}
d=$BUILD/stable-check
if ! why=$(KSRC=$KS bash "$top/tools/check-ksrc.sh" 2>&1); then
	echo "SKIP: stable:am: no 2.6.27.y tree: $why"
	exit 0
fi
x=$(sed -n 's/^EXTRAVERSION =[ ]*//p' "$KS/Makefile")
if [ -n "${CHECK_DEADLINE:-}" ] && [ "$(date +%s)" -ge "$CHECK_DEADLINE" ]; then
	echo "SKIP: stable:am: no time left for it in the CI time limit (CHECK_BUDGET)"
	exit 0
fi
[ -n "$x" ] || { echo "SKIP: stable:am: KSRC_STABLE=$KS is v2.6.27 itself"; exit 0; }
rm -rf "$d"; mkdir -p "$d"
log=$d/log
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME=stable-check GIT_AUTHOR_EMAIL=stable-check@localhost
export GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE
g() { git -C "$d/git" "$@"; }
if ! { SERIES_OUT=$d/series bash "$top/tools/series.sh" feature &&
       cp -a "$KS" "$d/git" && g init -q && g add -A -f &&
       g commit -q -m "Linux 2.6.27${x}"; } > "$log" 2>&1; then
	echo "FAIL: stable:am: could not make the series or the git tree (see $log)"
	exit 0
fi
patches=$(find "$d/series" -name '[0-9][0-9][0-9][0-9]-*.patch' ! -name '0000-*' | sort)
n=$(echo "$patches" | grep -c .)
want=$(find "$top/patches" -maxdepth 1 -name '[0-9][0-9]-*.txt' | wc -l)
if [ "$n" != "$want" ]; then
	echo "FAIL: stable:am: tools/series.sh made $n patches, not $want (see $log)"
	exit 0
fi
# shellcheck disable=SC2086
if ! g am -q --whitespace=error-all $patches >> "$log" 2>&1; then
	echo "FAIL: stable:am: git am onto 2.6.27${x} failed: $(grep -m1 -E 'Patch failed|error' "$log") (see $log)"
	exit 0
fi
echo "PASS: stable:am: the $n patches of the series apply to 2.6.27${x} with git am"
if KSRC=$KS bash "$top/tools/apply-series.sh" "$d/files" "$top/series" >> "$log" 2>&1 &&
   diff -rq --exclude=.git --exclude='.dp-*' "$d/git" "$d/files" >> "$log" 2>&1; then
	echo "PASS: stable:tree: git am gives the tree that tools/apply-series.sh makes from the repo's files on 2.6.27${x}"
else
	echo "FAIL: stable:tree: git am and tools/apply-series.sh give different trees on 2.6.27${x} (see $log)"
fi
rm -rf "$d/git" "$d/files"
