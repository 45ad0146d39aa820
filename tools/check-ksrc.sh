#!/bin/bash
# check-ksrc.sh: is $KSRC a pristine Linux v2.6.27 tree, or a pristine
# 2.6.27.y longterm release?  Exit 0 if so; otherwise say what is wrong
# and exit 1 (2 when there is no tree at all, so callers can skip rather
# than fail).
KSRC=${KSRC:-/opt/linux-2.6.27}
mk=$KSRC/Makefile
pristine="point KSRC at a pristine v2.6.27 or 2.6.27.y tree"
if [ ! -f "$mk" ]; then
	echo "KSRC=$KSRC: no kernel tree there (get v2.6.27 from kernel.org or 'git archive v2.6.27')" >&2
	exit 2
fi
v=$(sed -n 's/^VERSION = //p;s/^PATCHLEVEL = //p;s/^SUBLEVEL = //p' "$mk" | tr '\n' . )
x=$(sed -n 's/^EXTRAVERSION =[ ]*//p' "$mk")
if [ "$v" != "2.6.27." ] || ! [[ $x =~ ^(\.[0-9]+)?$ ]]; then
	echo "KSRC=$KSRC: this is Linux ${v%.}$x, not v2.6.27 or 2.6.27.y" >&2
	exit 1
fi
for f in lib/dynamic_printk.c lib/dynamic_printk_parse.c arch/x86/kernel/dynamic_printk.c \
	 include/linux/dynamic_printk.h scripts/basic/hash.c; do
	if [ -e "$KSRC/$f" ]; then
		echo "KSRC=$KSRC: already patched ($f exists); $pristine" >&2
		exit 1
	fi
done
# The toolchain fixes' mark in the top Makefile, and v2.6.27's own rule
# that they change (2.6.27.y releases changed it themselves)
if grep -q 'cc-option,-fno-PIE' "$mk" ||
   { [ -z "$x" ] && ! grep -q '^config %config:' "$mk"; }; then
	echo "KSRC=$KSRC: top Makefile already modified; $pristine" >&2
	exit 1
fi
exit 0
