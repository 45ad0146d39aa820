# dyndbg through modprobe (busybox modprobe, full version): on its
# command line ("modprobe m dyndbg=<commands>", blanks in the value
# quoted by modprobe itself) and in /etc/modprobe.conf
# ("options m dyndbg=..."), applied to m's call sites before its init;
# the command line comes after the configuration, so its commands apply
# last; a bad one is reported and ignored, and the module loads.
. /lib.sh
CTL=$DCTL
sites_setup
R=/lib/modules/$(uname -r)
mkdir -p $R /etc
cp $MODDIR/dp_sites.ko $MODDIR/dp_dbg.ko $R/
check "depmod" depmod
check "modules.dep has dp_sites" grep -q 'dp_sites.ko:' $R/modules.dep
conf() { printf '%s\n' "$@" > /etc/modprobe.conf; }
others() { sites_state | grep -v ' =_$' | tr '\n' ' ' | sed 's/ $//'; }
# mp <what> <expected state> <modprobe arguments...>
mp() {
	local what=$1 want=$2; shift 2
	klog_mark
	if modprobe "$@" 2>/tmp/err; then pass "$what: loads"; else fail "$what: $(cat /tmp/err)"; return; fi
	klog_new > /tmp/new
	expect_eq "$what: the call sites" "$want" "$(others)"
	modprobe -r dp_sites || fail "modprobe -r dp_sites"
}

conf "# nothing"
mp "modprobe dp_sites" "" dp_sites
mp "modprobe dp_sites dyndbg=+p" "$(for k in $SITES_ALL; do printf '%s =p ' $k; done | sed 's/ $//')" dp_sites dyndbg=+p
check "... init printed" grep -qxF '<7>dp_sites:init' /tmp/new
mp "modprobe dp_sites 'dyndbg=func b_two +pl'" "two1 =pl two2 =pl" dp_sites "dyndbg=func b_two +pl"
check "... logged" grep -qxF "$(changed_log "func b_two +pl" 2)" /tmp/new
mp "modprobe dp_sites dyndbg (bare)" "$(for k in $SITES_ALL; do printf '%s =p ' $k; done | sed 's/ $//')" dp_sites dyndbg

conf 'options dp_sites dyndbg="func fire_set +pm"'
mp "'options dp_sites dyndbg=\"func fire_set +pm\"', modprobe dp_sites" "dfire =pm fire =pm" dp_sites
check "... logged" grep -qxF "$(changed_log "func fire_set +pm" 2)" /tmp/new
klog_mark
check "the same, modprobe dp_dbg" modprobe dp_dbg
expect_eq "... dp_dbg untouched" 0 "$(grep '\[dp_dbg\]' $DCTL | grep -c ' =[^ ]*p')"
check "modprobe -r dp_dbg" modprobe -r dp_dbg
mp "... with 'dyndbg=func fire_set -m' on the command line (applied after)" "dfire =p fire =p" dp_sites "dyndbg=func fire_set -m"
conf "options dp_sites dyndbg"
mp "'options dp_sites dyndbg' (bare)" "$(for k in $SITES_ALL; do printf '%s =p ' $k; done | sed 's/ $//')" dp_sites
conf 'options dp_sites dyndbg="module dp_sites +t" dyndbg="func b_tab +p"'
mp "two dyndbg options" "$(for k in $SITES_ALL; do [ $k = tab ] && printf 'tab =pt ' || printf '%s =t ' $k; done | sed 's/ $//')" dp_sites

conf 'options dp_sites dyndbg=+x'
klog_mark
if modprobe dp_sites 2>/tmp/err; then pass "'options dp_sites dyndbg=+x': loaded all the same"; else
	fail "'options dp_sites dyndbg=+x': modprobe failed ($(cat /tmp/err))"; fi
expect_eq "... the kernel says it ignored it" 1 "$(klog_new | grep -cxF '<3>dp_sites: bad dyndbg value ignored')"
expect_eq "... nothing of it applied" "" "$(sites_state | grep -v ' =_$')"
modprobe -r dp_sites
rm -f /etc/modprobe.conf
finish
