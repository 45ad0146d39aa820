# userspace/dynamic_printk sites and query: sites prints the control file,
# or the call site lines that contain a string (header left out, no match
# not an error); query writes one command, passed on unchanged (quotes,
# batches), fails with the kernel's error and the command named when the
# kernel rejects it, warns when no call site changed, refuses commands
# longer than a page and other users; both work through
# /proc/dynamic_debug/control without debugfs, and on the files named by
# DYNAMIC_PRINTK_CONTROL / DYNAMIC_PRINTK_CTL.
. /lib.sh
CONTROL=/sys/kernel/debug/dynamic_printk/control
HEADER="# filename:lineno [module]function flags format"
run() { dynamic_printk "$@" > /tmp/t.out 2> /tmp/t.err; rc=$?; }
runas() { setuidgid 1000 dynamic_printk "$@" > /tmp/t.out 2> /tmp/t.err; rc=$?; }
# runenv <VAR=value> <args...>: run the tool with that in its environment
runenv() { e=$1; shift; env "$e" dynamic_printk "$@" > /tmp/t.out 2> /tmp/t.err; rc=$?; }
nlog() { dmesg | grep -c '^dynamic_printk: '; }
ctl_is() { cat $CONTROL | cmp -s "$1" -; }
mounted() { grep -q ' /sys/kernel/debug debugfs ' /proc/mounts; }
# dp_site <function> <escaped format>: the control line of that call site
# of dp_dbg (read from $2 of "...", or from the control file)
dp_site() { grep -F " [dp_dbg]$1 " "${3:-$CONTROL}" | grep -F " \"$2\""; }
# flags_of <function> <escaped format>: "=<flags>" of that call site
flags_of() { dp_site "$@" | cut -d" " -f3; }
# the control file without dp_dbg's lines
others() { grep -vF ' [dp_dbg]' "${1:-$CONTROL}"; }

check "the tool is installed" test -x /bin/dynamic_printk
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
cat $CONTROL > /tmp/c0
expect_eq "dp_dbg has four call sites" 4 "$(grep -cF ' [dp_dbg]' /tmp/c0)"

# --- sites
run sites
expect_eq "sites: exit 0" 0 "$rc"
check "sites: prints the control file" cmp -s /tmp/c0 /tmp/t.out
check "sites: nothing on stderr" test ! -s /tmp/t.err
expect_eq "sites: starts with the header" "$HEADER" "$(head -n 1 /tmp/t.out)"
run sites '[dp_dbg]'
expect_eq "sites '[dp_dbg]': exit 0" 0 "$rc"
expect_eq "sites '[dp_dbg]': dp_dbg's four lines" "$(grep -F '[dp_dbg]' /tmp/c0)" "$(cat /tmp/t.out)"
check "sites '[dp_dbg]': its pr_debug in fire_set" \
	grep -qx 'dp_dbg\.c:[0-9]* \[dp_dbg\]fire_set =_ "pr %s\\n"' /tmp/t.out
check "sites '[dp_dbg]': its dev_dbg in fire_set" \
	grep -qx 'dp_dbg\.c:[0-9]* \[dp_dbg\]fire_set =_ "dev %s\\n"' /tmp/t.out
check "sites '[dp_dbg]': dp_dbg_init" \
	grep -qx 'dp_dbg\.c:[0-9]* \[dp_dbg\]dp_dbg_init =_ "init\\n"' /tmp/t.out
run sites 'fire_set =_ "pr %s\n"'
expect_eq "sites with the escaped format as listed: that line" \
	"$(dp_site fire_set 'pr %s\n' /tmp/c0)" "$(cat /tmp/t.out)"
run sites 'dp_dbg.c:'
expect_eq "sites 'dp_dbg.c:' (a file)" "$(grep -F '[dp_dbg]' /tmp/c0)" "$(cat /tmp/t.out)"
run sites '[module]function'
expect_eq "sites '[module]function' (only in the header): exit 0" 0 "$rc"
check "sites '[module]function': prints nothing" test ! -s /tmp/t.out
run sites 'no such call site'
expect_eq "sites with no match: exit 0" 0 "$rc"
check "sites with no match: prints nothing" test ! -s /tmp/t.out
check "sites with no match: nothing on stderr" test ! -s /tmp/t.err
run sites '-p'
expect_eq "sites '-p' (a string, not an option): exit 0" 0 "$rc"
check "sites '-p': nothing on stderr" test ! -s /tmp/t.err
run sites a b
expect_eq "sites a b: exit 2" 2 "$rc"
check "sites a b: usage on stderr" grep -q '^Usage: dynamic_printk ' /tmp/t.err
runas sites '[dp_dbg]'
expect_eq "uid 1000: sites: exit 0" 0 "$rc"
expect_eq "uid 1000: sites: dp_dbg's lines" "$(grep -F '[dp_dbg]' /tmp/c0)" "$(cat /tmp/t.out)"

# --- query: one command
n0=$(nlog)
run query 'module dp_dbg func fire_set +p'
expect_eq "query 'module dp_dbg func fire_set +p': exit 0" 0 "$rc"
check "... nothing on stderr" test ! -s /tmp/t.err
check "... nothing on stdout" test ! -s /tmp/t.out
expect_eq "... fire_set's pr_debug has p" "=p" "$(flags_of fire_set 'pr %s\n')"
expect_eq "... fire_set's dev_dbg has p" "=p" "$(flags_of fire_set 'dev %s\n')"
expect_eq "... dp_dbg_init still has none" "=_" "$(flags_of dp_dbg_init 'init\n')"
expect_eq "... no other line changed" "$(others /tmp/c0)" "$(others)"
expect_eq "... the modules file says dp_dbg enabled=1" "dp_dbg enabled=1" "$(state dp_dbg)"
check "... logged what it changed" \
	klog_has 'dynamic_printk: "module dp_dbg func fire_set +p" changed 2 call sites'
expect_eq "... one control log line" $((n0 + 1)) "$(nlog)"
fire dp_dbg sq1
expect_eq "... both call sites print" 2 "$(n_lines sq1)"
check "... the pr_debug one" klog_has "dp_dbg:pr sq1"

# quotes reach the kernel unchanged
run query "format 'pr %s' =pf"
expect_eq "query \"format 'pr %s' =pf\": exit 0" 0 "$rc"
expect_eq "... the pr_debug call site reads =pf" "=pf" "$(flags_of fire_set 'pr %s\n')"
expect_eq "... the dev_dbg one still =p" "=p" "$(flags_of fire_set 'dev %s\n')"
fire dp_dbg sq2
check "... prints with the function" klog_has "fire_set: dp_dbg:pr sq2"

# a batch: one write, every command applied
n0=$(nlog)
run query 'func fire_set -pf; func dp_dbg_init +p'
expect_eq "query with two commands: exit 0" 0 "$rc"
expect_eq "... fire_set's pr_debug back to none" "=_" "$(flags_of fire_set 'pr %s\n')"
expect_eq "... fire_set's dev_dbg back to none" "=_" "$(flags_of fire_set 'dev %s\n')"
expect_eq "... dp_dbg_init has p" "=p" "$(flags_of dp_dbg_init 'init\n')"
expect_eq "... two control log lines" $((n0 + 2)) "$(nlog)"
run query 'func dp_dbg_init -p'
check "back to the start" ctl_is /tmp/c0

# --- rejected by the kernel: exit 1, the command and the error named
# rejected <command>: query fails, the control file is as at the start
rejected() {
	n0=$(nlog)
	run query "$1"
	expect_eq "rejected '$1': exit 1" 1 "$rc"
	expect_eq "rejected '$1': the message" \
		"dynamic_printk: the kernel rejected '$1': Invalid argument" \
		"$(cat /tmp/t.err)"
	check "rejected '$1': control file unchanged" ctl_is /tmp/c0
	expect_eq "rejected '$1': the kernel logged one line" $((n0 + 1)) "$(nlog)"
}
rejected 'module dp_dbg +x'
check "the kernel named it and why" klog_has "dynamic_printk: invalid command \"module dp_dbg +x\": unknown flag 'x'"
rejected 'module dp_dbg func fire_set +p; module dp_dbg frob x +p'
rejected "format 'pr %s +p"
rejected 'func fire_set'
rejected 'set enabled=1 dp_dbg'

# --- valid, but changes nothing: success, with a warning
warning="dynamic_printk: warning: no call site changed (the command matches none, or they had those flags already)"
run query 'module dp_nosuch +p'
expect_eq "query 'module dp_nosuch +p': exit 0" 0 "$rc"
expect_eq "... the warning" "$warning" "$(cat /tmp/t.err)"
check "... control file unchanged" ctl_is /tmp/c0
check "... the kernel accepted it" \
	klog_has 'dynamic_printk: "module dp_nosuch +p" changed 0 call sites'
run query 'module dp_dbg -p'
expect_eq "query 'module dp_dbg -p' (none has p): exit 0" 0 "$rc"
expect_eq "... the warning" "$warning" "$(cat /tmp/t.err)"

# --- longer than a page: not written
long=$(awk 'BEGIN { printf "format \""; while (i++ < 4084) printf "x"; printf "\" +p" }')
n0=$(nlog)
run query "$long"
expect_eq "query of 4096 bytes and a newline: exit 1" 1 "$rc"
check "... says why" grep -q "^dynamic_printk: command longer than 4095 bytes" /tmp/t.err
expect_eq "... nothing written" "$n0" "$(nlog)"

# --- usage errors and other users
run query
expect_eq "query without a command: exit 2" 2 "$rc"
check "... usage" grep -q '^Usage: dynamic_printk ' /tmp/t.err
run query module dp_dbg +p
expect_eq "query module dp_dbg +p (three words): exit 2" 2 "$rc"
check "... tells to quote it" grep -q "quoted as a whole" /tmp/t.err
check "... nothing written" ctl_is /tmp/c0
n0=$(nlog)
runas query 'module dp_dbg +p'
expect_eq "uid 1000: query: exit 1" 1 "$rc"
check "uid 1000: query: says 'must be root'" grep -q '^dynamic_printk: must be root' /tmp/t.err
check "uid 1000: query: control file unchanged" ctl_is /tmp/c0
expect_eq "uid 1000: query: nothing written" "$n0" "$(nlog)"

# --- no debugfs: /proc/dynamic_debug/control, nothing mounted
check "umount debugfs" umount /sys/kernel/debug
runas sites '[dp_dbg]'
expect_eq "no debugfs, uid 1000: sites: exit 0" 0 "$rc"
expect_eq "no debugfs, uid 1000: sites: dp_dbg's lines" "$(grep -F '[dp_dbg]' /tmp/c0)" "$(cat /tmp/t.out)"
run query 'module dp_dbg func dp_dbg_init +p'
expect_eq "no debugfs: query: exit 0" 0 "$rc"
expect_eq "no debugfs: query: applied" "=p" \
	"$(flags_of dp_dbg_init 'init\n' /proc/dynamic_debug/control)"
rm -f /tmp/sp
run save /tmp/sp
expect_eq "no debugfs: save: exit 0" 0 "$rc"
check "no debugfs: save: the control file" sh -c "cat /proc/dynamic_debug/control | cmp -s /tmp/sp -"
check "no debugfs: still not mounted" sh -c "! grep -q ' debugfs ' /proc/mounts"
run query 'module dp_dbg -p'
check "mount debugfs again" mount -t debugfs debugfs /sys/kernel/debug
check "back to the start" ctl_is /tmp/c0

# --- DYNAMIC_PRINTK_CONTROL, and DYNAMIC_PRINTK_CTL's directory
mkdir -p /tmp/fake
printf '%s\nx.c:1 [x]f =_ "a"\n' "$HEADER" > /tmp/fake/control
runenv DYNAMIC_PRINTK_CONTROL=/tmp/fake/control sites '[x]'
expect_eq "DYNAMIC_PRINTK_CONTROL: sites reads it" 'x.c:1 [x]f =_ "a"' "$(cat /tmp/t.out)"
runenv DYNAMIC_PRINTK_CTL=/tmp/fake/modules sites '[x]'
expect_eq "DYNAMIC_PRINTK_CTL: sites reads the control file beside it" 'x.c:1 [x]f =_ "a"' "$(cat /tmp/t.out)"
runenv DYNAMIC_PRINTK_CONTROL=/tmp/fake/control query 'module x +p'
expect_eq "DYNAMIC_PRINTK_CONTROL: query: exit 0" 0 "$rc"
expect_eq "DYNAMIC_PRINTK_CONTROL: query wrote there" "module x +p" "$(cat /tmp/fake/control)"
check "DYNAMIC_PRINTK_CONTROL: the real one unchanged" ctl_is /tmp/c0

check "rmmod dp_dbg" rmmod dp_dbg
finish
