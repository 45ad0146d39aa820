# host: nmi
# Patched call sites run by NMIs while they are rewritten, on the debug
# kernel (2 CPUs).  The host sends NMIs through QEMU's monitor, as fast as
# it can, from "@@NMI start" to "@@NMI stop" on the console (the "host:
# nmi" line above asks tools/guest-run.sh for that), to every CPU: QEMU
# delivers them through the local APIC's LINT1, which Linux masks on all
# CPUs but the first, and dp_nmi unmasks it while it is loaded.  dp_nmi's
# NMI handler runs its 64 call sites each time, while a toggler switches
# them on and off, each write one stop_machine(), which NMIs are not
# stopped by.  An NMI that ran a half-written instruction would oops or
# jump astray: no oops, no lockup, the handler's sites jump while on and
# never after the last -p returned, and NMIs did come in the middle of
# writes and wrote the call sites themselves, on both CPUs: dp_nmi's
# handler reads text_poke_batch()'s protocol word, tp_nmi (its address
# from /proc/kallsyms, which lists static data with CONFIG_KALLSYMS_ALL),
# and counts the NMIs that found a batch being written (TP_WRITING set),
# which their own entry saw and wrote the batch for, on the writer's CPU
# (the first online one) and on the other.
#
# Whether a handler comes in the middle of a write is chance: the toggler
# makes at least $nmi_min_writes writes (a kernel parameter, default 60)
# and goes on until handlers were seen writing on both CPUs, at most
# $nmi_max_writes (default 1000).  On a loaded host, in the first 60
# writes, 17 to 74 NMIs found a batch being written on each CPU: 1000
# writes miss them with a chance below 1e-30.  How long the writes take
# is the host's business; only a toggler not done after $HANG seconds is
# a failure, a hang.
. /lib.sh
min=${nmi_min_writes:-60}
max=${nmi_max_writes:-1000}
HANG=600
C=$DCTL
P=/sys/module/dp_nmi/parameters
drain() { dmesg -r -c | sed 's/^<[0-7]>//' >> /tmp/nmi.klog; }
# came: $here and $there, the NMIs that wrote call sites on the writer's
# CPU and on another, so far
came() { here=$(cat $P/wrote_here); there=$(cat $P/wrote_there); }
: > /tmp/nmi.klog

tp=$(awk '$3 == "tp_nmi" && $2 ~ /^[bBdD]$/ { print $1 }' /proc/kallsyms)
check "kallsyms lists text_poke_batch()'s tp_nmi ($tp)" [ -n "$tp" ]
# dp_nmi refuses an address that kallsyms does not name tp_nmi
check "insmod dp_nmi tp_nmi=0x$tp" insmod $MODDIR/dp_nmi.ko tp_nmi=0x$tp
expect_eq "nmi_fn has 64 patched call sites" 64 "$(cat $P/sites)"
expect_eq "listed in the control file" 64 "$(grep -c '\[dp_nmi\]nmi_fn ' $C)"
echo "@@NMI start"
wait_for 120 above $P/nmis 99
check "NMIs arrive ($(cat $P/nmis))" [ "$(cat $P/nmis)" -ge 100 ]
expect_eq "no jump while off" 0 "$(cat $P/jumps)"

n=0 bad=0 here=0 there=0
secs_now; t0=$NOW
deadline $HANG
while [ $n -lt "$max" ]; do
	echo "module dp_nmi +p" > $C || bad=$((bad + 1))
	echo "module dp_nmi -p" > $C || bad=$((bad + 1))
	n=$((n + 2))
	[ $((n % 10)) = 0 ] || continue
	drain; came
	[ $n -ge "$min" ] && [ "$here" -gt 0 ] && [ "$there" -gt 0 ] && break
	past_deadline && { fail "hang: $n writes in $HANG s, not done"; break; }
done
drain
secs_now
echo "toggles: $n in $((NOW - t0)) s (at least $min, then until handlers were seen writing on both CPUs, at most $max)"
expect_eq "every toggle accepted" 0 "$bad"

check "last +p" sh -c "echo 'module dp_nmi +p' > $C"
j1=$(cat $P/jumps)
wait_for 60 above $P/jumps "$j1"
j2=$(cat $P/jumps)
check "sites jump while on ($j1 -> $j2)" [ "$j2" -gt "$j1" ]
check "last -p" sh -c "echo 'module dp_nmi -p' > $C"
# As many NMIs again as at the start: not one may make a site jump.
n1=$(cat $P/nmis); j1=$(cat $P/jumps)
wait_for 60 above $P/nmis $((n1 + 99))
n2=$(cat $P/nmis); j2=$(cat $P/jumps)
check "NMIs still arriving ($n1 -> $n2)" [ "$n2" -gt "$n1" ]
expect_eq "no jump after the last -p returned" "$j1" "$j2"
echo "@@NMI stop"
# The host stops within a fraction of a second: then unload (a later NMI
# would be one nobody claims)
i=0 n3=-1
while [ "$n3" != "$(cat $P/nmis)" ] && [ $i -lt 50 ]; do
	n3=$(cat $P/nmis); usleep 500000; i=$((i + 1))
done
drain
cat /tmp/nmi.klog >> /tmp/klog.drained
came
echo "NMIs per CPU: $(grep '^ *NMI:' /proc/interrupts | tr -s ' ')"
echo "NMIs: $n2; that came while call sites were being written, and wrote them: $((here + there)), on the writer's CPU: $here, on the other: $there"
check "NMIs came while call sites were being written, and wrote them ($((here + there)))" [ $((here + there)) -gt 0 ]
check "handlers on the writer's CPU wrote the call sites ($here)" [ "$here" -gt 0 ]
check "handlers on the other CPU wrote the call sites ($there)" [ "$there" -gt 0 ]
check "rmmod dp_nmi" rmmod dp_nmi
finish
