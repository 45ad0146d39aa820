#!/bin/sh
# Runs every host test program, echoing their PASS:/FAIL: lines.  A
# program that exits non-zero without printing a FAIL line (a sanitizer
# report, a crash) counts as one failure.  Ends with "N passed, N failed"
# and exits non-zero if anything failed.
#
# Usage: run_tests.sh <build dir> <cc> <python> <fuzz runs> <race seconds>

B=$1
CC=$2
PYTHON=$3
FUZZ_RUNS=$4
SECONDS_RACE=$5
HERE=$(cd "$(dirname "$0")" && pwd)
LOG=$B/logs
mkdir -p "$LOG"

ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS UBSAN_OPTIONS

passed=0
failed=0

# run NAME COMMAND...: run a test program, count its results
run() {
	name=$1
	shift
	"$@" > "$LOG/$name.out" 2> "$LOG/$name.err"
	rc=$?
	grep -E '^(PASS|FAIL|INFO): ' "$LOG/$name.out"
	p=$(grep -c '^PASS: ' "$LOG/$name.out")
	f=$(grep -c '^FAIL: ' "$LOG/$name.out")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "FAIL: $name: exit status $rc (see $LOG/$name.err)"
		tail -20 "$LOG/$name.err"
		f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
}

run header sh "$HERE/test_header.sh" "$B" "$CC" "$B/hash"
run hash "$PYTHON" "$HERE/test_hash.py" "$B/hash" "$B/kernel_hash"
run func-noboot "$B/test_func" noboot "$B/cs_mod.so"
run func-boot "$B/test_func" boot "$B/cs_mod.so"
# The boot list: handled once before the initcalls, a process each
run func-bootlist "$B/test_func" bootlist "$B/cs_mod.so"
run func-listall "$B/test_func" listall "$B/cs_mod.so" "dynamic_printk=all"
run func-listall-wishes "$B/test_func" listall "$B/cs_mod.so" \
	"dynamic_printk=ghost,all,gh-ost2"
# Latin-1 letters are letters to the kernel's isalnum(), not names
latin1=$(printf 'caf\351')
i=0
for list in "" ",a" "a,,b" "a," "a b" "a.b" "," "all," "a,all,b." "=a" \
	"a;b" "a,b=c" "\"a\"" "$latin1" "a,$latin1"; do
	i=$((i + 1))
	run "func-badlist-$i" "$B/test_func" badlist "$B/cs_mod.so" \
		"dynamic_printk=$list"
done
# The control file; the command line's dyndbg=, a process each
run ctl "$B/test_ctl" all "$B/cs_mod.so"
for n in 0 1 2; do
	run "ctl-cmdline-$n" "$B/test_ctl" cmdline "$B/cs_mod.so" $n
done
run conc "$B/test_conc" "$SECONDS_RACE"

# Short fuzz runs from the committed seed corpus, a fixed number of
# inputs each, all of which must run: -timeout fails an input that hangs
# (libFuzzer's -max_total_time would end the run early and still pass).
# fuzz NAME PROGRAM RUNS WHAT
fuzz() {
	mkdir -p "$B/$1-corpus-check"
	"$2" -runs="$3" -max_len=5000 -len_control=0 -timeout=60 \
		-dict="$HERE/fuzz.dict" -artifact_prefix="$B/$1-" \
		"$B/$1-corpus-check" "$HERE/corpus" > "$LOG/$1.out" 2>&1
	rc=$?
	done_line=$(grep '^Done ' "$LOG/$1.out" | tail -1)
	case $done_line in
	"Done $3 runs "*) ;;
	*) [ $rc -ne 0 ] || rc=1 ;;	# fewer inputs than asked for
	esac
	if [ $rc -eq 0 ] && [ -n "$done_line" ]; then
		echo "PASS: $4 ($done_line)"
		passed=$((passed + 1))
	else
		echo "FAIL: $4: exit status $rc (see $LOG/$1.out)"
		grep -E 'fuzz_[a-z]*:|ERROR|SUMMARY' "$LOG/$1.out" | head -5
		failed=$((failed + 1))
	fi
}
fuzz fuzz "$B/fuzz_write" "$FUZZ_RUNS" \
	"fuzz writes to both files and dyndbg"
fuzz fuzz-parse "$B/fuzz_parse" $((FUZZ_RUNS * 5)) \
	"fuzz the parser alone against the reference parser"

# Static checks, when the tools are there
# static NAME TARGET: a make target that fails on any complaint
static() {
	if $MAKE -s --no-print-directory -C "$HERE" BUILD="$BUILD" "$2" \
		> "$LOG/$2.out" 2>&1; then
		echo "PASS: $1"
		passed=$((passed + 1))
	else
		echo "FAIL: $1 (see $LOG/$2.out)"
		head -5 "$LOG/$2.out"
		failed=$((failed + 1))
	fi
}
if command -v "$SPARSE" > /dev/null 2>&1; then
	static "sparse lib/dynamic_printk*.c (__user, address spaces)" sparse
else
	echo "SKIP: sparse: $SPARSE not installed"
fi
if [ -f "$KSRC/scripts/checkpatch.pl" ]; then
	static "checkpatch.pl of 2.6.27: 0 errors, 0 warnings" checkpatch
else
	echo "SKIP: checkpatch: no $KSRC/scripts/checkpatch.pl"
fi

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
