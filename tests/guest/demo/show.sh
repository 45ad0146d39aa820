# What "make run" shows: the two files (the control file first), a query
# on one function's call sites and what they print, the two views of one
# state, an exact save and restore, dyndbg= on insmod, and the bytes of a
# patched call site.  Each command is echoed ("# ...") before its output.
# Not a test (the tests are in ../cases), but it says FAIL when what it
# shows is not what it claims.  show-modules.sh is the same for a kernel
# with only the modules file.
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
if [ ! -e "$DCTL" ]; then
	say "no $DCTL: this kernel has the modules file only"
	run "head -5 $CTL"
	pass demo
	exit 0
fi
cd /sys/kernel/debug/dynamic_printk || exit 1
# The test modules' call sites start off, and nothing else has p.
insmod $MODDIR/dp_sites.ko
insmod $MODDIR/dp_patch.ko
dmesg -c > /dev/null

say "two files: 'control' (one line per call site), 'modules' (one per module)"
run "cd /sys/kernel/debug/dynamic_printk; ls"
run "head -4 control; wc -l < control"
run "head -3 modules"

say "a query: the call sites of one function of one file get p, f (function) and l (line)"
run "grep fire_set control"
run "echo 'file dp_sites_a.c func fire_set +pfl' > control"
run "grep fire_set control"
run "echo go > /sys/module/dp_sites/parameters/fire; dmesg | tail -3"
check "the query printed, decorated" klog_has "fire_set:$(src_line dp_sites dp_sites_a.c 'pr_debug("fire %s\n"'): dp_sites:fire go"
say "as later kernels write it: file <path>:<function>; s adds the source file"
run "echo 'file dp_sites_a.c:fire_set =ps' > control"
run "echo again > /sys/module/dp_sites/parameters/fire; dmesg | tail -2"
check "the colon form, the s flag" klog_has "dp_sites_a.c: dp_sites:fire again"
run "echo 'file dp_sites_a.c:fire_set =pfl' > control"

say "one state, two views: a module reads enabled=1 while a call site of it has p"
run "grep dp_sites modules"
run "echo 'set enabled=0 dp_sites' > modules; grep fire_set control"
run "echo 'module dp_sites +p' > control; grep dp_sites modules"
run "echo 'set enabled=0 dp_sites' > modules; grep -c '\[dp_sites\].* =p' control"
expect_eq "modules and control agree" "dp_sites enabled=0 0" \
	"$(grep '^dp_sites ' modules) $(grep -c '\[dp_sites\].* =[a-z]*p' control)"

say "save and restore, exactly"
run "cat control > /tmp/saved"
run "echo 'module dp_sites =pmt; func one_fn +fl' > control"
run "diff /tmp/saved control | grep '^+[^+]' | head -3"
echo "(the file is $(wc -c < /tmp/saved) bytes, more than a page: restored in writes of whole lines)"
run "dynamic_printk restore /tmp/saved"
run "diff /tmp/saved control && echo identical"
check "restored exactly" sh -c "cat control | cmp -s - /tmp/saved"

say "dyndbg= on insmod: the module's call sites print from its init"
run "insmod $MODDIR/dp_hello.ko dyndbg=+p; dmesg | tail -2"
check "init printed" klog_has "dp_hello:hello from pr_debug in init"
run "grep dp_hello control"

say "a patched call site: a 5-byte NOP while it has no p, a jmp while it has"
echo "(dp_patch lists its own call sites: function, line, kind, the 5 bytes)"
run "grep one_fn /sys/module/dp_patch/parameters/sites"
run "echo 'func one_fn +p' > control; grep one_fn /sys/module/dp_patch/parameters/sites"
check "jmp" sh -c "grep -q '^one_fn [0-9]* jmp e9 ' /sys/module/dp_patch/parameters/sites"
run "echo go > /sys/module/dp_patch/parameters/fire; dmesg | tail -1"
check "one_fn printed" klog_has "dp_patch:one"
run "echo 'func one_fn -p' > control; grep one_fn /sys/module/dp_patch/parameters/sites"
check "nop again" sh -c "grep -q '^one_fn [0-9]* nop ' /sys/module/dp_patch/parameters/sites"
finish
