# host: nmi
# An NMI handler that leaves the writer no moment without one running,
# on the debug kernel (2 CPUs).  text_poke_batch() sets its flag only at
# a moment when no NMI or machine check handler runs, and gives up after
# 10 ms without one, before writing anything: the write fails with EBUSY
# and changes nothing, as any rewrite that fails.  dp_nmi's "busy" makes
# it so for the next write: when the writer first looks at the clock, an
# NMI sent to the other CPU stays in dp_nmi's handler until the writer
# has read the clock 10 ms later (or 5 s have passed).  Each such write
# must fail with EBUSY, the kernel saying only "cannot rewrite 64 call
# sites: -16", the control file, the modules file and the call sites
# unchanged; without "busy" the same write succeeds.
. /lib.sh
C=$DCTL
P=/sys/module/dp_nmi/parameters

tp=$(awk '$3 == "tp_nmi" && $2 ~ /^[bBdD]$/ { print $1 }' /proc/kallsyms)
check "insmod dp_nmi tp_nmi=0x$tp" insmod $MODDIR/dp_nmi.ko tp_nmi=0x$tp
echo "@@NMI start"
wait_for 120 above $P/nmis 20
check "NMIs arrive ($(cat $P/nmis))" [ "$(cat $P/nmis)" -gt 20 ]
cat $C > /tmp/busy.c0
cat $CTL > /tmp/busy.m0
for w in "module dp_nmi +p" "module dp_nmi =pf" "func nmi_fn +p"; do
	check "the next write finds a handler running" sh -c "echo 1 > $P/busy"
	klog_mark
	if echo "$w" > $C 2> /tmp/busy.err; then
		fail "'$w' succeeded"
	else
		expect_eq "'$w' fails with EBUSY" 1 "$(grep -ci 'busy' /tmp/busy.err)"
	fi
	expect_eq "'$w': the kernel says why, and nothing else" \
		"<3>dynamic_printk: cannot rewrite 64 call sites: -16" \
		"$(klog_new | grep dynamic_printk)"
	check "'$w': the control file reads as before" cmp /tmp/busy.c0 $C
	check "'$w': the modules file reads as before" cmp /tmp/busy.m0 $CTL
done
w="set enabled=1 dp_nmi"
check "the next write finds a handler running" sh -c "echo 1 > $P/busy"
check "'$w' fails" sh -c "! echo '$w' > $CTL"
check "'$w': the control file reads as before" cmp /tmp/busy.c0 $C
check "'$w': the modules file reads as before" cmp /tmp/busy.m0 $CTL
check "no more long handlers" sh -c "echo 0 > $P/busy"
j1=$(cat $P/jumps)
check "then 'module dp_nmi +p' holds" sh -c "echo 'module dp_nmi +p' > $C"
expect_eq "every call site has p" 64 "$(grep '\[dp_nmi\]nmi_fn ' $C | grep -c ' =p ')"
wait_for 60 above $P/jumps "$j1"
check "and jumps ($j1 -> $(cat $P/jumps))" [ "$(cat $P/jumps)" -gt "$j1" ]
check "'module dp_nmi -p' holds" sh -c "echo 'module dp_nmi -p' > $C"
check "the control file reads as at load" cmp /tmp/busy.c0 $C
echo "@@NMI stop"
# The host stops within a fraction of a second: then unload
i=0 n3=-1
while [ "$n3" != "$(cat $P/nmis)" ] && [ $i -lt 50 ]; do
	n3=$(cat $P/nmis); usleep 500000; i=$((i + 1))
done
check "rmmod dp_nmi" rmmod dp_nmi
finish
