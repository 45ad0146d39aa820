# The 2008 interface alone: the modules file, and one module's
# pr_debug() switched on at run time.  "make check-series" boots it after
# the core patch, where the modules file is all there is (show.sh, what
# "make run" shows, needs the control file).  Not a test (the tests are
# in ../cases).
. /lib.sh
say() { echo; echo "### $*"; }
run() { echo "# $*"; sh -c "$*"; }
uname -a
if [ ! -e "$CTL" ]; then
	say "no $CTL: this kernel has no dynamic printk"
	run "insmod $MODDIR/dp_hello.ko && rmmod dp_hello && dmesg | tail -3"
	pass demo
	exit 0
fi
say "the modules file: every module with pr_debug()/dev_dbg() call sites"
run "ls -l $CTL"
run "head -5 $CTL; echo ...; wc -l < $CTL"
say "a module loads with its call sites off"
run "insmod $MODDIR/dp_hello.ko"
run "grep dp_hello $CTL"
run "dmesg | grep dp_hello"
say "switch it on; its pr_debug() in exit prints"
run "echo 'set enabled=1 dp_hello' > $CTL"
run "grep dp_hello $CTL"
run "rmmod dp_hello"
run "dmesg | grep dp_hello"
say "all mode: every call site, including modules loaded later"
run "echo 'set enabled=1 all' > $CTL"
run "insmod $MODDIR/dp_hello.ko; grep dp_hello $CTL; dmesg | tail -2"
run "echo 'set enabled=0 all' > $CTL; rmmod dp_hello"
say "bad input is refused, nothing changes"
run "echo 'set enable=1 dp_hello' > $CTL"
pass demo
