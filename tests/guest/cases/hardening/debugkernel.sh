# The debug kernel (configs/debug.config) really is one: the checkers the
# other cases of this boot rely on are active, so that "no report" means
# something.  Run first on its boot; run again last, so a checker that
# switched itself off on the way (lockdep does, after its first report or
# when it runs out of table space) is noticed.
. /lib.sh
check "two CPUs online" test "$(grep -c '^processor' /proc/cpuinfo)" -ge 2
check "lockdep: /proc/lockdep exists" test -r /proc/lockdep
check "lockdep: validator banner in the boot log" grep -q 'Lock dependency validator' /tmp/boot.dmesg
dl=$(awk '/debug_locks:/ { print $2 }' /proc/lockdep_stats)
expect_eq "lockdep: still on (debug_locks)" 1 "$dl"
echo "lockdep: $(grep -E 'lock-classes|direct dependencies|dependency chains' /proc/lockdep_stats | tr -s ' ' | tr '\n' ';')"
check "preemptible SMP kernel" sh -c "uname -v | grep -q 'SMP PREEMPT'"
check "slab statistics: /proc/slabinfo" test -r /proc/slabinfo
for a in red_zone poison store_user; do
	expect_eq "SLUB debugging on by default: kmalloc-64 $a" 1 "$(cat /sys/kernel/slab/kmalloc-64/$a 2>/dev/null)"
done
check "debugobjects: selftest passed at boot" grep -q 'ODEBUG: selftest passed' /tmp/boot.dmesg
check "the control file is there" test -f $CTL
finish
