# Patched call sites, read through the entries of dp_patch's own
# __verbose_sites section: a single-instruction NOP while a site has no
# 'p', a jump to its own print code while it has, the very same NOP back
# after -p; a descriptor with two call sites (an inline function) gets
# both rewritten.  Each write is at most one stop_machine(), which on an
# SMP kernel makes one kernel thread per online CPU (counted in
# /proc/stat without a fork of our own), and none when nothing changes.
# kprobes refuse to probe inside a call site.  A module loaded with
# dyndbg=+p prints from its init.
. /lib.sh
C=$DCTL
P=/sys/module/dp_patch/parameters
# P_NOW: processes forked since boot; the loop and the redirection run in
# this shell, so reading it forks nothing.
procs_now() { P_NOW=; while read -r k v; do [ "$k" = processes ] && P_NOW=$v; done < /proc/stat; }
ncpu=$(grep -c '^processor' /proc/cpuinfo)
# What one stop_machine() costs in threads: none on a UP kernel, where it
# only disables interrupts.
per_stop=0; [ "$ncpu" -gt 1 ] && per_stop=$ncpu
# wr <command> <expected new threads>
wr() {
	procs_now; local a=$P_NOW
	echo "$1" > $C; local rc=$?
	procs_now
	check "'$1' accepted" [ $rc = 0 ]
	expect_eq "'$1': kernel threads made (stop_machine() calls x $per_stop)" "$2" "$((P_NOW - a))"
}
# The call sites' lines (sysfs adds an empty line to a parameter's value)
sites() { grep . $P/sites; }
kinds() { sites | cut -d" " -f1,3 | sort | tr '\n' ' ' | sed 's/ $//'; }

check "insmod dp_patch" insmod $MODDIR/dp_patch.ko
sites > /tmp/p0
cat /tmp/p0
expect_eq "its call sites: one_fn, two_fn, inl_fn twice, loop_fn, the exit function (init's code is freed)" \
	"dp_patch_exit inl_fn inl_fn loop_fn one_fn two_fn" "$(cut -d' ' -f1 /tmp/p0 | sort | tr '\n' ' ' | sed 's/ $//')"
expect_eq "all NOPs" "" "$(grep -v ' nop ' /tmp/p0)"
expect_eq "one NOP for all" 1 "$(cut -d' ' -f4- /tmp/p0 | sort -u | wc -l)"
# The NOP for this CPU: P6's NOPL where the alternatives of 2.6.27 use P6
# NOPs (an Intel CPU that executes NOPL, on x86_64 only: 2.6.27's i386
# never sets X86_FEATURE_NOPL), the compiler's elsewhere.
vendor=$(sed -n 's/^vendor_id[^:]*: //p' /proc/cpuinfo | head -1)
nop="66 66 66 66 90"
[ "$vendor" = GenuineIntel ] && [ "$(uname -m)" = x86_64 ] && nop="0f 1f 44 00 00"
expect_eq "the NOP for this CPU ($vendor)" "$nop" "$(cut -d' ' -f4- /tmp/p0 | sort -u)"

wr "func one_fn +p" $per_stop
expect_eq "one_fn jumps, the others are NOPs" \
	"dp_patch_exit nop inl_fn nop inl_fn nop loop_fn nop one_fn jmp two_fn nop" "$(kinds)"
klog_mark
fire dp_patch x
expect_eq "one_fn prints, alone" "<7>dp_patch:one" "$(klog_new)"
wr "func one_fn -p" $per_stop
expect_eq "-p: the same bytes as before" "$(cat /tmp/p0)" "$(sites)"
klog_mark
fire dp_patch x
expect_eq "-p: nothing printed" "" "$(klog_new)"

wr "func inl_fn +p" $per_stop
expect_eq "both call sites of the inline function jump" \
	"dp_patch_exit nop inl_fn jmp inl_fn jmp loop_fn nop one_fn nop two_fn nop" "$(kinds)"
klog_mark
fire dp_patch x
expect_eq "both print" "<7>dp_patch:inline from one <7>dp_patch:inline from two" "$(klog_new | tr '\n' ' ' | sed 's/ $//')"
wr "func inl_fn =pmf" 0
wr "func inl_fn -p" $per_stop

wr "module dp_patch +p" $per_stop
expect_eq "module +p: all six jump, in one stop_machine()" "" "$(sites | grep -v ' jmp ')"
wr "module dp_patch +p" 0
wr "module dp_patch +t" 0
wr "format no-such-format -p" 0
wr "module dp_patch -pt" $per_stop
expect_eq "module -p: the same bytes as at load" "$(cat /tmp/p0)" "$(sites)"
echo "set enabled=1 dp_patch" > $CTL
expect_eq "the modules file: all jump" "" "$(sites | grep -v ' jmp ')"
echo "set enabled=0 dp_patch" > $CTL
expect_eq "and back" "$(cat /tmp/p0)" "$(sites)"

if [ -d /sys/kernel/debug/kprobes ]; then
	expect_eq "kprobes: refused at a call site's first and third byte, accepted elsewhere" \
		"-16 -16 0" "$(cat $P/kprobe)"
else
	expect_eq "no kprobes in this kernel" "none" "$(cat $P/kprobe)"
fi
check "rmmod dp_patch" rmmod dp_patch

klog_mark
check "insmod dp_patch dyndbg=+p" insmod $MODDIR/dp_patch.ko dyndbg=+p
expect_eq "its init printed" "<7>dp_patch:init e0" "$(klog_new | grep 'dp_patch:init')"
expect_eq "every call site jumps" "" "$(sites | grep -v ' jmp ')"
klog_mark
check "rmmod dp_patch" rmmod dp_patch
expect_eq "its exit printed" "<7>dp_patch:exit" "$(klog_new | grep 'dp_patch:exit')"
check "insmod dp_patch dynamic_printk" insmod $MODDIR/dp_patch.ko dynamic_printk
expect_eq "dynamic_printk: every call site jumps" "" "$(sites | grep -v ' jmp ')"
check "rmmod dp_patch" rmmod dp_patch
finish
