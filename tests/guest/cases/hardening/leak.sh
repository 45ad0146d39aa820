# Repeated load/unload of a module does not leak memory: load
# and unload dp_dbg (one pr_debug and one dev_dbg call site) 300 times
# (leak_rounds=N on the kernel command line changes that), with a dyndbg
# parameter, switching it on and off through both control files, 'all'
# on and off, reading the call sites and firing them in between.
# Compared before and after: the active objects of the kmalloc caches that
# can hold what the feature allocates (an entry per name: 48 bytes plus
# the name; a table per module: 32 bytes plus 40 per run; a parsed
# command: about 100 bytes; write buffers: three times the write), per allocation
# site (SLUB debugging records the caller: /sys/kernel/slab/*/alloc_calls),
# and MemFree.  The tolerance is $leak_tol_objs (64) objects per cache and
# $leak_tol_kb (1024) kB of MemFree; a leak of one object per round shows
# as >= 300 objects at one site.
#
# Known leak of v2.6.27 itself, not of the feature, subtracted and
# reported: kernel/module.c free_notes_attrs() does kobject_del() without
# kobject_put() on the module's sysfs "notes" directory, which leaks one
# kmalloc-64 object from kobject_create_and_add() per module load (fixed
# upstream after 2.6.27; the base kernel does the same).
. /lib.sh
N=${leak_rounds:-300}
TOL_OBJS=${leak_tol_objs:-64}
TOL_KB=${leak_tol_kb:-1024}
CACHES="kmalloc-16 kmalloc-32 kmalloc-64 kmalloc-96 kmalloc-128 kmalloc-192 kmalloc-256"
KNOWN="kmalloc-64 kobject_create_and_add"
memfree() { awk '/^MemFree:/ { print $2 }' /proc/meminfo; }
# active: the active objects of those caches, together
active() { awk -v l=" $CACHES " 'index(l, " " $1 " ") { s += $2 } END { print s + 0 }' /proc/slabinfo; }
# settle: let RCU callbacks free what they free: 300 ms, and more while
# the caches still shrink from one look to the next (a minute at most:
# how soon a loaded host runs them is its business).
settle() {
	local a b i=0
	b=$(active)
	while [ $i -lt 200 ]; do
		sync; usleep 300000
		a=$b; b=$(active)
		[ "$b" -lt "$a" ] || break
		i=$((i + 1))
	done
}
# snapshot FILE: "cache total" lines and "cache site count" lines
snapshot() {
	for c in $CACHES; do
		awk -v c=$c '$1 == c { print c, "TOTAL", $2 }' /proc/slabinfo
		awk -v c=$c '$1 ~ /^[0-9]+$/ { s = $2; sub(/\+.*/, "", s); n[s] += $1 }
			END { for (s in n) print c, s, n[s] }' /sys/kernel/slab/$c/alloc_calls
	done > "$1"
}
SITES=/sys/kernel/debug/dynamic_printk/control
round() {
	insmod $MODDIR/dp_dbg.ko dyndbg="+pf" || return 1
	echo "set enabled=1 dp_dbg" > $CTL || return 1
	echo leak > /sys/module/dp_dbg/parameters/fire || return 1
	echo "module dp_dbg +t; file dp_dbg.c line 1-200 -f" > $SITES || return 1
	grep -q '^dp_dbg.c:[0-9]* \[dp_dbg\]fire_set =pt ' $SITES || return 1
	echo "module dp_dbg =_" > $SITES || return 1
	echo "set enabled=0 dp_dbg" > $CTL || return 1
	echo "set enabled=1 all" > $CTL || return 1
	echo "set enabled=0 all" > $CTL || return 1
	rmmod dp_dbg || return 1
}
# One warm-up round first: the first load allocates things that stay.
check "warm-up round" round
settle; dmesg -c > /dev/null
snapshot /tmp/leak.before
mf0=$(memfree)
start=$(date +%s)
bad=0 i=0
while [ $i -lt "$N" ]; do
	round || bad=$((bad + 1))
	i=$((i + 1))
	# The switch messages fill the log: keep it short.
	[ $((i % 100)) = 0 ] && dmesg -c > /dev/null
done
settle; settle
snapshot /tmp/leak.after
mf1=$(memfree)
echo "$N rounds ($((N * 8)) control writes, $N loads) in $(( $(date +%s) - start )) s, $bad failed"
expect_eq "every round worked" 0 "$bad"
# Per site: before, after, delta, for the sites that grew.
awk 'NR == FNR { b[$1 " " $2] = $3; next } { a[$1 " " $2] = $3 }
     END { for (k in a) print k, b[k] + 0, a[k], a[k] - b[k]
           for (k in b) if (!(k in a)) print k, b[k], 0, -b[k] }' \
	/tmp/leak.before /tmp/leak.after | sort > /tmp/leak.delta
known=$(awk -v k="$KNOWN" '$1 " " $2 == k { print $5 }' /tmp/leak.delta)
known=${known:-0}
echo "known v2.6.27 leak (module notes kobject, $KNOWN): +$known objects in $N loads"
for c in $CACHES; do
	set -- $(awk -v c=$c '$1 == c && $2 == "TOTAL" { print $3, $4, $5 }' /tmp/leak.delta)
	d=$3
	[ $c = kmalloc-64 ] && d=$((d - known))
	echo "$c: active objects before $1 after $2 (delta $3, $d without the known leak)"
	check "$c back to its level (+-$TOL_OBJS)" test "$d" -le "$TOL_OBJS"
done
echo "allocation sites that grew by more than $TOL_OBJS:"
awk -v t=$TOL_OBJS '$2 != "TOTAL" && $5 > t' /tmp/leak.delta | sed 's/^/  /'
grew=$(awk -v t=$TOL_OBJS -v k="$KNOWN" '$2 != "TOTAL" && $5 > t && $1 " " $2 != k' /tmp/leak.delta | wc -l)
expect_eq "no other allocation site grew" 0 "$grew"
echo "MemFree before $mf0 kB after $mf1 kB (delta $((mf1 - mf0)) kB)"
check "MemFree back to its level (-$TOL_KB kB)" test $((mf0 - mf1)) -le "$TOL_KB"
check "dp_dbg unloaded" sh -c "! grep -q '^dp_dbg ' /proc/modules"
check "its line is gone" sh -c "! grep -q '^dp_dbg ' $CTL"
finish
