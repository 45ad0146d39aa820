# A rewrite of call sites that fails: the kernel's own fault injection
# (failslab, CONFIG_FAILSLAB, which hooks SLAB only) makes one slab
# allocation of the writing task fail, the k-th it makes from its first
# command on, for k = 1, 2, 3, ... until the write succeeds: each
# allocation of the write in turn, those of the rewrite of the call sites
# (the batch, its page list, the mapping) among them.  Every write that
# fails changes nothing: the control file and the modules file read byte
# for byte as before, the call sites keep their bytes, no "changed" or
# "enabled=" line is logged, and dynamic_printk logs nothing but, when it
# was the rewrite that failed, "cannot rewrite <n> call sites: -12".  At
# least one k fails exactly there.  The write that succeeds at the end
# changes every call site it names, from the old state.  Writes to the
# modules file that switch the call sites on ('all' mode too) fail
# alike, one k after the other until one fails in the rewrite.  Once
# nothing fails any more, the same write succeeds from the old state.
#
# How the k-th allocation is chosen (lib/fault-inject.c, should_fail()):
# with task-filter only tasks whose /proc/<pid>/make-it-fail is 1 count
# (outside interrupts), here a subshell that sets its own before it
# writes; ignore-gfp-wait N counts allocations that may sleep too (its
# default, Y, would leave only GFP_ATOMIC ones); probability 100 and
# times 1 fail one allocation, then none (times drops to 0, which also
# tells that it happened).  interval k fails an allocation when a counter
# of every allocation counted since boot, which nothing resets, is a
# multiple of k: so before each write a first subshell allocates until
# one fails (times 1 -> 0), which leaves the counter a multiple of k, and
# the writer's k-th allocation is the next to fail.  (With interval 1
# nothing is counted: the first one fails.)  The search is bounded:
# beyond $KMAX the case fails.
. /lib.sh
C=$DCTL
P=/sys/module/dp_patch/parameters
F=/sys/kernel/debug/failslab
KMAX=200
sites() { grep . $P/sites; }
fs() { echo "$2" > $F/$1; }

check "insmod dp_patch" insmod $MODDIR/dp_patch.ko
sites > /tmp/b0
expect_eq "all NOPs" "" "$(grep -v ' nop ' /tmp/b0)"
n=$(wc -l < /tmp/b0)
nd=$(grep -c '\[dp_patch\]' $C)

check "the kernel has failslab" test -f $F/interval -a -f /proc/self/make-it-fail
fs times 0
fs probability 100
fs space 0
fs verbose 0
fs task-filter Y
fs ignore-gfp-wait N
cat $C > /tmp/c0
cat $CTL > /tmp/m0

# try <k> <file> <command>: write the command to the file in a subshell
# whose k-th slab allocation fails.  Sets rc (the write's), injected (1
# if an allocation failed) and, in /tmp/try.err and /tmp/try.log, what
# the write said and the kernel log lines it caused.
try() {
	local t
	fs times 0
	fs interval "$1"
	if [ "$1" -gt 1 ]; then
		fs times 1
		(
			echo 1 > /proc/self/make-it-fail
			i=0
			while [ $i -lt $((2 * $1)) ] && read -r t < $F/times &&
			      [ "$t" != 0 ]; do
				i=$((i + 1))
			done
		) 2> /dev/null
		if [ "$(cat $F/times)" != 0 ]; then
			fs times 0
			fail "k=$1: no allocation failed before the write"
			return 1
		fi
	fi
	fs times 1
	klog_mark
	( echo 1 > /proc/self/make-it-fail && echo "$3" > "$2" ) 2> /tmp/try.err
	rc=$?
	injected=1
	[ "$(cat $F/times)" = 0 ] || injected=0
	fs times 0
	klog_new > /tmp/try.log
	return 0
}

# unchanged <what>: the all-or-nothing promise, after a write that failed
unchanged() {
	local l
	cmp -s /tmp/c0 $C || fail "$1: the control file changed: $(cat $C | diff /tmp/c0 - | grep '^[-+][^-+]' | head -3 | tr '\n' '|')"
	cmp -s /tmp/m0 $CTL || fail "$1: the modules file changed: $(cat $CTL | diff /tmp/m0 - | grep '^[-+][^-+]' | head -3 | tr '\n' '|')"
	[ "$(sites)" = "$(cat /tmp/b0)" ] || fail "$1: the call sites' bytes changed: $(sites | grep -v ' nop ' | head -2 | tr '\n' '|')"
	l=$(grep -e ' changed ' -e 'enabled=' /tmp/try.log | head -2 | tr '\n' '|')
	[ -z "$l" ] || fail "$1: logged a change: $l"
	l=$(grep dynamic_printk /tmp/try.log |
		grep -vxE '<3>dynamic_printk: cannot rewrite [0-9]+ call sites: -12' | head -2 | tr '\n' '|')
	[ -z "$l" ] || fail "$1: logged more than the rewrite's error: $l"
}

# search <file> <command> <until>: try k = 1, 2, ... until the write
# succeeds (<until> "ok") or fails in the rewrite ("rewrite"); every write
# that fails must have had an allocation failed and changed nothing.
# Sets k (the last one), rw (how many failed in the rewrite, and in
# /tmp/rw.log what they logged) and nfailed (how many failed).
search() {
	local what="'$2'" f0=$nfail err why where
	k=0 rw=0 nfailed=0
	: > /tmp/rw.log
	while [ $k -lt $KMAX ]; do
		k=$((k + 1))
		try $k "$1" "$2" || break
		[ $rc = 0 ] && break
		nfailed=$((nfailed + 1))
		err=$(head -1 /tmp/try.err)
		why=${err##*: }
		[ $injected = 1 ] || fail "$what, k=$k: failed ($err), but no allocation was made to fail"
		# The open of the file may fail as it fails (ENFILE without a
		# struct file); the write only for want of memory
		case $err in
		*"can't create"*) where="the open" ;;
		*"write error: Out of memory") where="the write" ;;
		*) where="?"; fail "$what, k=$k: the write failed, but not with ENOMEM: $err" ;;
		esac
		unchanged "$what, k=$k"
		if grep -q 'dynamic_printk: cannot rewrite' /tmp/try.log; then
			rw=$((rw + 1))
			grep 'dynamic_printk: cannot rewrite' /tmp/try.log >> /tmp/rw.log
			echo "$what, k=$k: $where failed ($why) in the rewrite: $(grep dynamic_printk /tmp/try.log | tr '\n' '|')"
			[ "$3" = rewrite ] && break
		else
			echo "$what, k=$k: $where failed ($why), nothing logged by dynamic_printk"
		fi
	done
	[ $nfail = $f0 ] && pass "$what: each of the $nfailed writes of $k that failed changed nothing and logged no change"
	[ $k -lt $KMAX ] || fail "$what: still failing at k=$KMAX"
}

# The control file, until the write succeeds
klog_mark
search $C "module dp_patch +p" ok
expect_eq "'module dp_patch +p': succeeds once no allocation of its own fails (k=$k)" 0 "$rc"
check "'module dp_patch +p': failed in the rewrite for some k ($rw)" [ "$rw" -gt 0 ]
expect_eq "the kernel says why, and nothing else" \
	"<3>dynamic_printk: cannot rewrite $n call sites: -12" "$(sort -u /tmp/rw.log)"
expect_eq "from the old state: it changed every call site" \
	"<7>dynamic_printk: \"module dp_patch +p\" changed $nd call sites" \
	"$(grep 'changed' /tmp/try.log)"
expect_eq "every call site jumps" "$n" "$(sites | grep -c ' jmp ')"
check "'module dp_patch -p' accepted" sh -c "echo 'module dp_patch -p' > $C"
expect_eq "the same bytes as at load" "$(cat /tmp/b0)" "$(sites)"
check "the control file reads as before" cmp /tmp/c0 $C
check "the modules file reads as before" cmp /tmp/m0 $CTL

# Through the modules file, 'all' mode too comes back: both fail alike
for w in "set enabled=1 dp_patch" "set enabled=1 all"; do
	search $CTL "$w" rewrite
	check "'$w': failed in the rewrite (k=$k)" test $rc != 0 -a "$rw" = 1
	expect_eq "'$w': only the error is logged" \
		"<3>dynamic_printk: cannot rewrite" \
		"$(grep dynamic_printk /tmp/try.log | cut -c1-33)"
	check "'$w': the control file reads as before" cmp /tmp/c0 $C
	check "'$w': the modules file reads as before" cmp /tmp/m0 $CTL
done
expect_eq "the call sites keep their NOPs" "$(cat /tmp/b0)" "$(sites)"
klog_mark
fire dp_patch x
expect_eq "nothing printed" "" "$(klog_new)"

# Nothing fails any more (times 0)
expect_eq "no more failures to come" 0 "$(cat $F/times)"
# Not in 'all' mode: a module loaded now starts without p
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
expect_eq "its call sites start without p" "" \
	"$(grep '\[dp_dbg\]' $C | grep -v ' =_ ')"
check "rmmod dp_dbg" rmmod dp_dbg
klog_mark
check "the same write, 'module dp_patch +p', accepted" \
	sh -c "echo 'module dp_patch +p' > $C"
expect_eq "from the old state: it changed every call site" \
	"<7>dynamic_printk: \"module dp_patch +p\" changed $nd call sites" \
	"$(klog_new | grep 'changed')"
expect_eq "every call site jumps" "$n" "$(sites | grep -c ' jmp ')"
check "'module dp_patch -p' accepted" sh -c "echo 'module dp_patch -p' > $C"
expect_eq "the same bytes as at load" "$(cat /tmp/b0)" "$(sites)"
check "the control file reads as at load" cmp /tmp/c0 $C
check "rmmod dp_patch" rmmod dp_patch
fs probability 0
finish
