#!/bin/sh
# Tests of include/linux/dynamic_printk.h as the compiler sees it:
#  - it needs nothing but <linux/compiler.h> and <linux/errno.h>;
#  - objects without call sites emit nothing (the name string is dropped),
#    without a warning;
#  - with the option off, or without a single module name, pr_debug() and
#    dev_dbg() compile to nothing;
#  - call sites give 32-byte (64-bit) descriptors in __verbose and one
#    "<module>\0<file>" string per object in __verbose_strings, the file
#    DEBUG_FILE, or __BASE_FILE__ without it;
#  - the disabled path on x86_64 with kernel code generation flags is a
#    testb of the call site's own mask bit and an untaken branch;
#  - with both mask bits set, the call site tests its own 'p' flag (the
#    last byte of its descriptor) before it calls anything.
#
# Usage: test_header.sh <build dir> <cc> <hash tool>

B=$1
CC=$2
HASH=$3
HERE=$(cd "$(dirname "$0")" && pwd)
T=$B/header
mkdir -p "$T/minimal/linux"
cp "$HERE/shim/linux/compiler.h" "$T/minimal/linux/compiler.h"
# <linux/errno.h> only defines numbers; the header may use them
printf '#define ENOENT 2\n' > "$T/minimal/linux/errno.h"

pass=0
failed=0
ok() { echo "PASS: $1"; pass=$((pass + 1)); }
ko() { echo "FAIL: $1: $2"; failed=$((failed + 1)); }

# sections NAME OBJ: size of a section in hex, empty if absent
section_size() {
	objdump -h "$2" | awk -v s="$1" '$2 == s { print $3 }'
}

WFLAGS="-Wall -Wextra -Werror -Wno-unused-parameter"
KFLAGS="-DCONFIG_DYNAMIC_PRINTK_DEBUG"
NAME='-DKBUILD_MODNAME="cs_x"'
HASHES="-DDEBUG_HASH=$($HASH djb2 cs_x) -DDEBUG_HASH2=$($HASH r5 cs_x)"

# 1. Only <linux/compiler.h> and <linux/errno.h>, no libc headers
cat > "$T/only.c" <<'EOF'
#include <linux/dynamic_printk.h>
#ifndef DYNAMIC_PRINTK_CALL_SITES
#error no call sites
#endif
struct mod_debug only_header_probe;
EOF
if $CC -std=gnu89 -nostdinc -I"$T/minimal" -I"$B/realinc" $KFLAGS "$NAME" $HASHES \
	$WFLAGS -O2 -c "$T/only.c" -o "$T/only.o" 2> "$T/only.err"; then
	ok "header needs only <linux/compiler.h> and <linux/errno.h>"
else
	ko "header needs only <linux/compiler.h> and <linux/errno.h>" \
		"$(head -3 "$T/only.err")"
fi

# 2. Objects without call sites emit nothing, with or without the option
cat > "$T/none.c" <<'EOF'
#include <linux/kernel.h>
#include <linux/device.h>
int none(int x);
int none(int x)
{
	return x + 1;
}
EOF
for opt in -O2 -Os; do
	name="no call sites, $opt: no sections, no warning"
	if $CC -I"$HERE/shim" -I"$B/realinc" $KFLAGS "$NAME" $HASHES $WFLAGS $opt \
		-c "$T/none.c" -o "$T/none.o" 2> "$T/none.err"; then
		if objdump -h "$T/none.o" | grep -q __verbose; then
			ko "$name" "$(objdump -h "$T/none.o" | grep __verbose)"
		else
			ok "$name"
		fi
	else
		ko "$name" "$(head -3 "$T/none.err")"
	fi
done

# 3. Option off, or no module name: nothing emitted, nothing referenced
for variant in off nomodname nohash; do
	case $variant in
	off) set -- "$NAME" $HASHES ;;
	nomodname) set -- $KFLAGS -DDEBUG_HASH=1 -DDEBUG_HASH2=2 ;;
	nohash) set -- $KFLAGS "$NAME" ;;
	esac
	name="pr_debug/dev_dbg compiled out ($variant)"
	if $CC -I"$HERE/shim" -I"$B/realinc" "$@" -DCS_PREFIX=cs_x \
		$WFLAGS -O2 -c "$HERE/callsite.c" -o "$T/$variant.o" \
		2> "$T/$variant.err"; then
		if objdump -h "$T/$variant.o" | grep -q __verbose; then
			ko "$name" "__verbose section emitted"
		elif nm "$T/$variant.o" | grep -q dynamic_printk; then
			ko "$name" "$(nm "$T/$variant.o" | grep dynamic_printk)"
		elif nm "$T/$variant.o" | grep -q ' U printk'; then
			ko "$name" "printk referenced"
		else
			ok "$name"
		fi
	else
		ko "$name" "$(head -3 "$T/$variant.err")"
	fi
done

# 4. Call sites: 3 descriptors of 32 bytes, one string "cs_x\0<file>\0"
#    (DEBUG_FILE as given, or the file compiled)
base=$(cd "$HERE" && pwd)/callsite.c
for opt in -O2 -Os; do
	for file in given base; do
		name="call sites, $opt, $file file: 32-byte descriptors, one string per object"
		if [ $file = given ]; then
			set -- -DDEBUG_FILE='"dir/cs_x.c"'
			want=$(printf '%08x' $((5 + 11)))
		else
			set --
			want=$(printf '%08x' $((5 + ${#base} + 1)))
		fi
		if $CC -I"$HERE/shim" -I"$B/realinc" $KFLAGS "$NAME" $HASHES \
			-DCS_PREFIX=cs_x "$@" $WFLAGS $opt -c "$base" \
			-o "$T/on.o" 2> "$T/on.err"; then
			v=$(section_size __verbose "$T/on.o")
			s=$(section_size __verbose_strings "$T/on.o")
			if [ "$v" != "00000060" ] || [ "$s" != "$want" ]; then
				ko "$name" "__verbose $v, __verbose_strings $s (expected 00000060, $want)"
			else
				ok "$name"
			fi
		else
			ko "$name" "$(head -3 "$T/on.err")"
		fi
	done
done

# 5. The disabled path on x86_64, kernel code model
name="x86_64 disabled path: testb of the own bit, untaken branch"
if [ "$(uname -m)" != x86_64 ]; then
	ok "$name (skipped: not x86_64)"
else
	h=$($HASH djb2 cs_x)
	off=$((h / 8))
	imm=$((1 << (h % 8)))
	if [ $off -eq 0 ]; then sym="dynamic_printk_enabled(%rip)"
	else sym="dynamic_printk_enabled+$off(%rip)"; fi
	if $CC -I"$HERE/shim" -I"$B/realinc" $KFLAGS "$NAME" $HASHES \
		-DCS_PREFIX=cs_x -O2 -fno-PIE -fno-pic -mcmodel=kernel \
		-mno-red-zone -fno-asynchronous-unwind-tables \
		-S "$HERE/callsite.c" -o "$T/callsite.s" 2> "$T/asm.err"; then
		# the body of cs_x_plain up to its first ret
		awk '/^cs_x_plain:/ { on = 1; next } on { print } on && /\tret/ { exit }' \
			"$T/callsite.s" > "$T/plain.s"
		insn1=$(grep -P '^\t[a-z]' "$T/plain.s" | sed -n 1p | tr -s ' \t' ' ')
		insn2=$(grep -P '^\t[a-z]' "$T/plain.s" | sed -n 2p | tr -s ' \t' ' ')
		if [ "$insn1" != " testb \$$imm, $sym" ]; then
			ko "$name" "first instruction '$insn1', expected 'testb \$$imm, $sym'"
		elif ! echo "$insn2" | grep -q '^ jn\?[ez] '; then
			ko "$name" "second instruction '$insn2'"
		else
			ok "$name"
			cp "$T/plain.s" "$B/disabled-path.s"
		fi
	else
		ko "$name" "$(head -3 "$T/asm.err")"
	fi
fi

# 6. Both bits set: the descriptor's flags byte is tested before any call
name="x86_64: the call site's own 'p' flag is tested before any call"
if [ "$(uname -m)" != x86_64 ]; then
	ok "$name (skipped: not x86_64)"
elif [ ! -f "$T/callsite.s" ]; then
	ko "$name" "no assembly (see test 5)"
else
	awk '/^cs_x_plain:/ { on = 1; next } on && /^\t\.size/ { exit } on' \
		"$T/callsite.s" | grep -P '^\t[a-z]' > "$T/plain-all.s"
	before=$(awk '/\tcall/ { exit } { print }' "$T/plain-all.s")
	# flags: the last of the 32 bytes, then a test of bit 0 (p)
	if ! grep -q 'call' "$T/plain-all.s"; then
		ko "$name" "no call to the print helper"
	elif ! echo "$before" | grep -q '__dynamic_printk_dd[.0-9]*+31(%rip)'; then
		ko "$name" "no load of the flags before the call"
	elif ! echo "$before" | grep -qE 'test[bl]?[[:space:]]+\$1,'; then
		ko "$name" "no test of 'p' before the call"
	else
		ok "$name"
	fi
fi

echo "header: $pass passed, $failed failed" > "$T/summary"
[ $failed -eq 0 ]
