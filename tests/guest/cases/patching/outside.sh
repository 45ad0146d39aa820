# A patched call site entry whose instruction is outside its module's
# code: dp_outside's __verbose_sites has, besides the entry of its
# pr_debug() in fire_set(), one made by hand whose instruction is a data
# array holding the compiler's NOP (66 66 66 66 90), whose print code is
# in the module's code and whose descriptor is the module's own.  The
# module loads; the kernel says once, at KERN_WARNING, that one call site
# is outside its code and will never be written, and nothing else; 'p'
# given to and taken from the whole module rewrites the genuine call site
# (it jumps, and prints) and never the data, which keeps its bytes.
. /lib.sh
C=$DCTL
P=/sys/module/dp_outside/parameters
sites() { grep . $P/sites; }

klog_mark
check "insmod dp_outside" insmod $MODDIR/dp_outside.ko
expect_eq "the kernel says so once, and nothing else" \
	"<4>dynamic_printk: dp_outside: 1 call sites outside its code, never written" \
	"$(klog_new | grep dynamic_printk)"
expect_eq "the data: the compiler's NOP" "66 66 66 66 90" "$(cat $P/data)"
sites > /tmp/o0
cat /tmp/o0
expect_eq "two entries: the genuine call site in the code, the data" \
	"code data" "$(cut -d' ' -f1 /tmp/o0 | sort | tr '\n' ' ' | sed 's/ $//')"
nop=$(sed -n 's/^code //p' /tmp/o0)
case $nop in
"66 66 66 66 90"|"0f 1f 44 00 00") pass "the genuine call site is a NOP ($nop)" ;;
*) fail "the genuine call site is not a NOP: $nop" ;;
esac
expect_eq "both descriptors listed in the control file, without flags" \
	"fire_set =_ outside_fn =_" \
	"$(grep '\[dp_outside\]' $C | sed 's/^[^ ]* \[dp_outside\]\([^ ]*\) \([^ ]*\) .*/\1 \2/' | sort | tr '\n' ' ' | sed 's/ $//')"

klog_mark
check "'module dp_outside +p' accepted" sh -c "echo 'module dp_outside +p' > $C"
expect_eq "it changed both descriptors, and logged nothing else" \
	"<7>dynamic_printk: \"module dp_outside +p\" changed 2 call sites" \
	"$(klog_new | grep dynamic_printk)"
expect_eq "the data keeps its bytes" "66 66 66 66 90" "$(cat $P/data)"
case $(sites | sed -n 's/^code //p') in
e9\ *) pass "the genuine call site jumps" ;;
*) fail "the genuine call site does not jump: $(sites | sed -n 's/^code //p')" ;;
esac
klog_mark
fire dp_outside x
expect_eq "the genuine call site prints" "<7>dp_outside:fire x" "$(klog_new)"

klog_mark
check "'module dp_outside -p' accepted" sh -c "echo 'module dp_outside -p' > $C"
expect_eq "it changed both descriptors back, and logged nothing else" \
	"<7>dynamic_printk: \"module dp_outside -p\" changed 2 call sites" \
	"$(klog_new | grep dynamic_printk)"
expect_eq "the data keeps its bytes" "66 66 66 66 90" "$(cat $P/data)"
expect_eq "both entries as at load" "$(cat /tmp/o0)" "$(sites)"
klog_mark
fire dp_outside x
expect_eq "nothing printed" "" "$(klog_new)"
check "rmmod dp_outside" rmmod dp_outside
finish
