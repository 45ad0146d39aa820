# A dyndbg value longer than a page, the most a write to the control file
# takes, is refused before it is parsed: "insmod m dyndbg=<3 MB>" loads
# the module, the kernel logs one KERN_ERR line "m: dyndbg value of <n>
# bytes too long, ignored" and nothing from dynamic_printk, and nothing
# of the value is applied, though it ends with a command ("+p") after
# about 3 MB of ';'.  (Parsed, the value would cost 1.5 times its length
# at once, more than kmalloc() gives: the load would fail with ENOMEM.)
#
# The value is made in the guest: busybox insmod joins its arguments with
# blanks, each at most 128 KB (MAX_ARG_STRLEN), all of them at most a
# quarter of the stack limit: the shell that runs it lifts that limit.
# 2.6.27's init_module() copies the arguments with kmalloc(), which gives
# at most 4 MB: a value of 5 MB never reaches the module loader.  The
# slab use before the load, with the module loaded (its arguments stay
# with it) and after it is unloaded is printed.
. /lib.sh
PIECE=100000
# the value: <k> pieces of ';' and "+p", blanks between
value_len() { echo $(($1 * PIECE + $1 + 2)); }
# load_big <k>: insmod dp_sites with that dyndbg value; its stderr in
# /tmp/big.err.  The arguments are made in one eval: "$p" k times.
load_big() {
	local k=$1 i=1 p a='"dyndbg=\"$p"'
	p=$(cat /tmp/piece)
	while [ $i -lt $k ]; do a="$a \"\$p\""; i=$((i + 1)); done
	eval "set -- $a '+p\"'"
	( ulimit -s unlimited && insmod $MODDIR/dp_sites.ko "$@" ) 2> /tmp/big.err
}
slab() {
	echo "slab: $1: $(grep '^Slab:' /proc/meminfo | tr -s ' '); size-4194304 objects in use: $(awk '$1 == "size-4194304" { print $2 }' /proc/slabinfo 2>/dev/null)"
}

dd if=/dev/zero bs=1000 count=$((PIECE / 1000)) 2> /dev/null | tr '\0' ';' > /tmp/piece
expect_eq "a piece of the value: $PIECE bytes, all ';'" "$PIECE 0" \
	"$(wc -c < /tmp/piece) $(tr -d ';' < /tmp/piece | wc -c)"

k=31 len=$(value_len 31)
slab "before"
s0=$(awk '$1 == "Slab:" { print $2 }' /proc/meminfo)
klog_mark
check "insmod dp_sites with a dyndbg value of $len bytes: the module loads" load_big $k
cat /tmp/big.err
slab "dp_sites loaded"
s1=$(awk '$1 == "Slab:" { print $2 }' /proc/meminfo)
klog_new > /tmp/new
expect_eq "one KERN_ERR line says so" \
	"<3>dp_sites: dyndbg value of $len bytes too long, ignored" \
	"$(grep '^<3>' /tmp/new)"
expect_eq "nothing from dynamic_printk" "" "$(grep dynamic_printk /tmp/new)"
check "dp_sites is loaded" test -d /sys/module/dp_sites/parameters
check "its call sites are listed" grep -q '\[dp_sites\]' $DCTL
expect_eq "nothing applied: no call site of dp_sites has flags" "" \
	"$(grep '\[dp_sites\]' $DCTL | grep -v ' =_ ')"
expect_eq "its init printed nothing" "" "$(grep '^<7>dp_sites:' /tmp/new)"
check "rmmod dp_sites" rmmod dp_sites
slab "dp_sites unloaded"
check "slab use reads as numbers ($s0 kB, $s1 kB)" test "$s0" -gt 0 -a "$s1" -gt 0

# 5 MB: more than init_module() can copy (kmalloc() of the arguments):
# the load fails with ENOMEM before the module's parameters are parsed
k=52 len=$(value_len 52)
klog_mark
load_big $k
rc=$?
echo "a dyndbg value of $len bytes: insmod returned $rc: $(cat /tmp/big.err)"
klog_new > /tmp/new
slab "after that"
check "a dyndbg value of $len bytes: the load fails" test $rc != 0
check "... with ENOMEM" grep -q 'Out of memory' /tmp/big.err
check "... dp_sites is not loaded" test ! -d /sys/module/dp_sites
expect_eq "... nothing logged" "" "$(cat /tmp/new)"
[ -d /sys/module/dp_sites ] && rmmod dp_sites
finish
