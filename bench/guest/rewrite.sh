# Guest part of make bench (bench/bench.sh boots it on the defconfig
# kernels, 2 CPUs): what rewriting call sites costs, per write to the
# control file: stop_machine() calls (each makes one kernel thread per
# online CPU, counted in /proc/stat without a fork of our own) and wall
# time (/proc/uptime, 10 ms, over REPS writes), for one call site, one
# module's call sites and every call site, "+p" then "-p".  Prints
#   BENCH <case> <op> <sites changed> <writes> <threads made> <centiseconds>
. /lib.sh
C=$DCTL
ncpu=$(grep -c '^processor' /proc/cpuinfo)
procs_now() { P_NOW=; while read -r k v; do [ "$k" = processes ] && P_NOW=$v; done < /proc/stat; }
cs_now() { local up; read -r up _ < /proc/uptime; CS_NOW=${up%.*}${up#*.}; }
# one <case> <reps> <match-spec...>
one() {
	local name=$1 reps=$2 op i p0 t0 n; shift 2
	for op in +p -p; do
		dmesg -c > /dev/null
		procs_now; p0=$P_NOW; cs_now; t0=$CS_NOW
		i=0
		while [ $i -lt $reps ]; do
			echo "$* $op" > $C
			[ $op = +p ] && [ $i -lt $((reps - 1)) ] && echo "$* -p" > $C
			[ $op = -p ] && [ $i -lt $((reps - 1)) ] && echo "$* +p" > $C
			i=$((i + 1))
		done
		cs_now; procs_now
		n=$(dmesg | sed -n 's/.*dynamic_printk: ".*" changed \([0-9]*\) call sites/\1/p' | tail -1)
		w=$((2 * reps - 1))
		echo "BENCH $name $op $n $w $((P_NOW - p0)) $((CS_NOW - t0))"
	done
}
echo "BENCH cpus $ncpu"
echo "BENCH total $(($(wc -l < $C) - 1))"
one site 20 func kobject_add_internal
insmod $MODDIR/dp_sites.ko
one module 20 module dp_sites
one all 5
rmmod dp_sites
pass "rewrite figures"
finish
