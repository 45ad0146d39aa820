# A rewrite of call sites that fails: dp_patch makes every batch fail as
# if there were no memory to map its pages (CONFIG_DYNAMIC_PRINTK_TEST).
# The write fails with ENOMEM and changes nothing: the control file and
# the modules file read byte for byte as before, the call sites keep
# their bytes, and nothing but the error is logged.  Once batches may
# succeed again, the same write succeeds from the old state, changing
# every call site it names.
. /lib.sh
C=$DCTL
P=/sys/module/dp_patch/parameters
sites() { grep . $P/sites; }

check "insmod dp_patch" insmod $MODDIR/dp_patch.ko
sites > /tmp/b0
expect_eq "all NOPs" "" "$(grep -v ' nop ' /tmp/b0)"
n=$(wc -l < /tmp/b0)

check "rewrites fail from now on" sh -c "echo 1 > $P/nomem"
cat $C > /tmp/c0
cat $CTL > /tmp/m0
klog_mark
echo "module dp_patch +p" > $C 2> /tmp/b.err
rc=$?
check "'module dp_patch +p' fails" [ $rc != 0 ]
cat /tmp/b.err
expect_eq "with ENOMEM" "1" "$(grep -ci 'memory' /tmp/b.err)"
expect_eq "the kernel says why, and nothing else" \
	"<3>dynamic_printk: cannot rewrite $n call sites: -12" \
	"$(klog_new | grep dynamic_printk)"
check "the control file reads as before, byte for byte" cmp /tmp/c0 $C
check "the modules file reads as before, byte for byte" cmp /tmp/m0 $CTL
expect_eq "the call sites keep their NOPs" "$(cat /tmp/b0)" "$(sites)"
# Through the modules file, 'all' mode too comes back: both fail alike
for w in "set enabled=1 dp_patch" "set enabled=1 all"; do
	klog_mark
	check "'$w' fails" sh -c "! echo '$w' > $CTL"
	expect_eq "'$w': only the error is logged" \
		"<3>dynamic_printk: cannot rewrite" \
		"$(klog_new | grep dynamic_printk | cut -c1-33)"
	check "'$w': the control file reads as before" cmp /tmp/c0 $C
	check "'$w': the modules file reads as before" cmp /tmp/m0 $CTL
done
expect_eq "the call sites keep their NOPs" "$(cat /tmp/b0)" "$(sites)"
klog_mark
fire dp_patch x
expect_eq "nothing printed" "" "$(klog_new)"

check "rewrites may succeed again" sh -c "echo 0 > $P/nomem"
# Not in 'all' mode: a module loaded now starts without p
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
expect_eq "its call sites start without p" "" \
	"$(grep '\[dp_dbg\]' $C | grep -v ' =_ ')"
check "rmmod dp_dbg" rmmod dp_dbg
klog_mark
check "the same write, 'module dp_patch +p', accepted" \
	sh -c "echo 'module dp_patch +p' > $C"
nd=$(grep -c '\[dp_patch\]' /tmp/c0)
expect_eq "from the old state: it changed every call site" \
	"<7>dynamic_printk: \"module dp_patch +p\" changed $nd call sites" \
	"$(klog_new | grep 'changed')"
expect_eq "every call site jumps" "$n" "$(sites | grep -c ' jmp ')"
check "'module dp_patch -p' accepted" sh -c "echo 'module dp_patch -p' > $C"
expect_eq "the same bytes as at load" "$(cat /tmp/b0)" "$(sites)"
check "the control file reads as at load" cmp /tmp/c0 $C
check "rmmod dp_patch" rmmod dp_patch
finish
