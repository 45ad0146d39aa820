#!/bin/bash
# guest-suite.sh [BOOT...]: run the guest boots listed in tests/guest/boots
# (or in the table named by $BOOTS), and each boot of the on-small kernel
# again on the mask-small kernel (see below)
# (all, or the named ones), building what each needs first.  Prints one
# PASS:/FAIL: line per case and per boot.  A kernel that fails to build
# fails every case of every boot that needed it.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
export BUILD
mkdir -p "$BUILD"
log=$BUILD/guest-build.log

# CHECK_DEADLINE (seconds since the epoch, set by tools/check.sh for
# CI, which has a time limit): a kernel that could not be built by then
# is not built and the boots that need it are skipped (and said so), as
# is every boot that would start after it.  How long a build takes is
# its time on an idle 2-core machine (from scratch, modules included)
# times how much slower this machine built the first kernel of the run.
deadline=${CHECK_DEADLINE:-}
slow=
nominal() {
	case $1 in
	*-defconfig|*-defconfig32)	echo 640 ;;
	*-debug|*-debug32)	echo 340 ;;
	*)		echo 190 ;;
	esac
}
no_time() { # variant: true if it cannot be built before the deadline
	local v=$1 need
	[ -n "$deadline" ] || return 1
	[ -f "$BUILD/out/$v/vmlinux" ] && return 1	# built: make is quick
	need=$(awk -v n="$(nominal "$v")" -v s="${slow:-1.5}" 'BEGIN { printf "%d", n * s }')
	[ $(( $(date +%s) + need )) -gt "$deadline" ]
}

declare -A built
build_variant() {
	local v=$1
	[ -n "${built[$v]:-}" ] && return "${built[$v]}"
	echo "  BUILD   $v (log: $log)" >&2
	# An i386 kernel's guest runs the 32-bit busybox
	case $v in
	*32)	if ! bash "$top/tools/build-busybox.sh" i386 >> "$log" 2>&1; then
			built[$v]=1
			echo "FAIL: build:busybox32: see $log"
			return 1
		fi ;;
	esac
	local t0 mark; t0=$(date +%s)
	mark=$(wc -l < "$log" 2>/dev/null || echo 0)
	if bash "$top/tools/kbuild.sh" "$v" >> "$log" 2>&1 &&
	   bash "$top/tools/build-modules.sh" "$v" >> "$log" 2>&1; then
		built[$v]=0
		t0=$(( $(date +%s) - t0 ))
		echo "PASS: build:$v ($t0 s)"
		# the machine's speed, from a kernel really built
		tail -n +$((mark + 1)) "$log" | grep -q "^  MAKE    $v: up to date" ||
		[ -n "$slow" ] || slow=$(awk -v t=$t0 -v n="$(nominal "$v")" \
			'BEGIN { s = t / n; printf "%.2f", s < 1 ? 1 : s }')
		[ -z "$slow" ] || echo "$slow" > "$BUILD/slowness"
	else
		built[$v]=1
		echo "FAIL: build:$v: see $log"
	fi
	return "${built[$v]}"
}

if ! bash "$top/tools/build-busybox.sh" >> "$log" 2>&1; then
	echo "FAIL: build:busybox: see $log"
	exit 1
fi

# Both builds of the feature: every boot of the small on-* kernel
# (patched call sites) runs again as mask-<boot> on the same config built
# with call sites that test masks (CONFIG_DYNAMIC_PRINTK_PATCH_SITES off),
# but for the patch* boots, which are about patched call sites.  The two
# builds share all of lib/dynamic_printk.c but the few lines that test or
# rewrite a call site, so the debug and defconfig boots, which exercise
# that shared code (SMP, lockdep, a large control file), run on the
# patched build only: their mask twins would cost two more kernel builds
# (about 12 minutes on two cores) and the longest boots again, for no
# code of their own.  Nor do the i386 boots (on-small32): they are there
# for what is particular to 32-bit, and the mask build's shared code is
# the same there.  The boots of the defconfig kernel, the longest to
# build, come last: with a deadline, they are the first to go.
table=$BUILD/guest-boots
awk '$1 !~ /^#/ && $2 ~ /-defconfig/ { last = last $0 "\n"; next }
     { print }
     $1 !~ /^#/ && $1 !~ /^patch/ && $2 == "on-small" {
	m = $0; sub(/^[^ \t]+/, "mask-" $1, m); sub(/on-/, "mask-", m); extra = extra m "\n" }
     END { printf "%s%s", extra, last }' "${BOOTS:-$top/tests/guest/boots}" > "$table"

# each_case VERDICT WHY: one line for each case of the boot not run
each_case() {
	local c b
	for c in $cases; do b=${c##*/}; echo "$1: guest:$boot:${b%.sh}: $2"; done
}

rc=0
while read -r boot variant append cases; do
	case "$boot" in ''|'#'*) continue ;; esac
	if [ $# -gt 0 ]; then
		want=0
		for b in "$@"; do [ "$b" = "$boot" ] && want=1; done
		[ $want = 1 ] || continue
	fi
	# '+' separates parameters; "%2B" is a '+' inside one (a flags-spec
	# in dyndbg="...", whose blanks are '+' too).
	append=${append//+/ }
	append=${append//%2B/+}
	files=()
	for c in $cases; do files+=("$top/tests/guest/cases/$c"); done
	cpu=
	case $variant in *@*) cpu=${variant#*@} variant=${variant%@*} ;; esac
	# The 2.6.27.y tree is optional, as v2.6.27's is for the whole tier
	case $variant in stable-*)
		if ! why=$(KSRC=${KSRC_STABLE:-/opt/linux-2.6.27.57} \
				bash "$top/tools/check-ksrc.sh" 2>&1); then
			each_case SKIP "no 2.6.27.y tree: $why"
			echo "SKIP: guest:$boot:boot: no 2.6.27.y tree: $why"
			continue
		fi ;;
	esac
	if no_time "$variant" || { [ -n "$deadline" ] && [ "$(date +%s)" -ge "$deadline" ]; }; then
		each_case SKIP "no time left for it in the CI time limit (CHECK_BUDGET)"
		echo "SKIP: guest:$boot:boot: no time left for it in the CI time limit (CHECK_BUDGET)"
		continue
	fi
	if ! build_variant "$variant"; then
		each_case FAIL "kernel $variant did not build"
		rc=1
		continue
	fi
	echo "  BOOT    $boot ($variant${append:+, $append})" >&2
	# Debug kernels (lockdep, SLUB debugging, SMP): two virtual CPUs so
	# that readers, writers and interrupts really run at once, and more
	# memory for the checkers' bookkeeping; they slow everything down.
	case $variant in
	*-debug|*-debug32) GUEST_QEMU_CPU=$cpu GUEST_CPUS=${GUEST_CPUS:-2} GUEST_MEM=${GUEST_MEM:-512} GUEST_TIMEOUT=${GUEST_TIMEOUT:-1800} \
		bash "$top/tools/guest-run.sh" "$boot" "$variant" "$append" "${files[@]}" || rc=1 ;;
	*)	GUEST_QEMU_CPU=$cpu bash "$top/tools/guest-run.sh" "$boot" "$variant" "$append" "${files[@]}" || rc=1 ;;
	esac
done < "$table"
exit $rc
