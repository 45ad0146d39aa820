# userspace/dynamic_printk as another user (uid 1000): on, off, all, query
# and restore fail with "must be root", exit 1, nothing changed; list,
# sites and save work (the modules and control files are mode 0644).
# Without debugfs mounted, the tool mounts it on /sys/kernel/debug as
# root, and as another user fails ("must be root") without mounting it.
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
n_lines() { dmesg | grep -cwF -- "$1"; }
run() { dynamic_printk "$@" > /tmp/t.out 2> /tmp/t.err; rc=$?; }
runas() { setuidgid 1000 dynamic_printk "$@" > /tmp/t.out 2> /tmp/t.err; rc=$?; }
nlog() { dmesg | grep -c '^dynamic_printk: '; }
ctl_is() { cat $CTL | cmp -s "$1" -; }
CONTROL=/sys/kernel/debug/dynamic_printk/control
control_is() { cat $CONTROL | cmp -s "$1" -; }
mounted() { grep -q ' /sys/kernel/debug debugfs ' /proc/mounts; }

check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
check "uid 1000 really is uid 1000" sh -c "[ \"\$(setuidgid 1000 id -u)\" = 1000 ]"
cat $CTL > /tmp/before
cat $CONTROL > /tmp/cbefore
cp /tmp/before /tmp/saved
cp /tmp/cbefore /tmp/csaved
chmod 644 /tmp/saved /tmp/csaved
for args in "on dp_dbg" "off dp_dbg" "on dp-dbg kobject" "all on" "all off" \
	"restore /tmp/saved" "restore /tmp/csaved" "query +p"; do
	n0=$(nlog)
	# shellcheck disable=SC2086
	runas $args
	expect_eq "uid 1000: $args: exit 1" 1 "$rc"
	check "uid 1000: $args: says 'must be root'" grep -q '^dynamic_printk: must be root' /tmp/t.err
	check "uid 1000: $args: modules file unchanged" ctl_is /tmp/before
	check "uid 1000: $args: control file unchanged" control_is /tmp/cbefore
	expect_eq "uid 1000: $args: nothing written" "$n0" "$(nlog)"
done
fire dp_dbg nr1
expect_eq "dp_dbg stayed silent" 0 "$(n_lines nr1)"
runas on nosuch
expect_eq "uid 1000: on nosuch: exit 1" 1 "$rc"
runas list
expect_eq "uid 1000: list: exit 0" 0 "$rc"
check "uid 1000: list prints the control file" cmp -s /tmp/before /tmp/t.out
runas list 'dp-*'
expect_eq "uid 1000: list dp-*" "dp_dbg enabled=0" "$(cat /tmp/t.out)"
rm -f /tmp/usaved
runas sites '[dp_dbg]'
expect_eq "uid 1000: sites: exit 0" 0 "$rc"
expect_eq "uid 1000: sites '[dp_dbg]'" "$(grep -F ' [dp_dbg]' /tmp/cbefore)" "$(cat /tmp/t.out)"
runas save /tmp/usaved
expect_eq "uid 1000: save: exit 0" 0 "$rc"
check "uid 1000: saved the control file" cmp -s /tmp/cbefore /tmp/usaved
expect_eq "uid 1000: the saved file is its own" 1000 "$(stat -c %u /tmp/usaved)"

# debugfs not mounted
check "umount debugfs" umount /sys/kernel/debug
check "it is not mounted" sh -c "! grep -q ' debugfs ' /proc/mounts"
runas list
expect_eq "uid 1000, no debugfs: list: exit 1" 1 "$rc"
check "uid 1000, no debugfs: says 'must be root'" grep -q '^dynamic_printk: must be root' /tmp/t.err
check "uid 1000, no debugfs: not mounted" sh -c "! grep -q ' debugfs ' /proc/mounts"
run list
expect_eq "root, no debugfs: list: exit 0" 0 "$rc"
check "root, no debugfs: list mounted debugfs on /sys/kernel/debug" mounted
check "root, no debugfs: list printed the control file" cmp -s /tmp/before /tmp/t.out
expect_eq "debugfs mounted once" 1 "$(grep -c ' debugfs ' /proc/mounts)"
umount /sys/kernel/debug
run on dp_dbg
expect_eq "root, no debugfs: on dp_dbg: exit 0" 0 "$rc"
check "root, no debugfs: on mounted it" mounted
expect_eq "root, no debugfs: dp_dbg on" "dp_dbg enabled=1" "$(grep '^dp_dbg ' $CTL)"
run off dp_dbg
# debugfs elsewhere: found in /proc/mounts
umount /sys/kernel/debug
mkdir -p /tmp/dbgfs
mount -t debugfs debugfs /tmp/dbgfs
run on dp_dbg
expect_eq "debugfs on /tmp/dbgfs: on dp_dbg: exit 0" 0 "$rc"
expect_eq "debugfs on /tmp/dbgfs: dp_dbg on" "dp_dbg enabled=1" "$(grep '^dp_dbg ' /tmp/dbgfs/dynamic_printk/modules)"
expect_eq "debugfs on /tmp/dbgfs: not mounted again" 1 "$(grep -c ' debugfs ' /proc/mounts)"
run off dp_dbg
umount /tmp/dbgfs
mounted || mount -t debugfs debugfs /sys/kernel/debug
check "debugfs back on /sys/kernel/debug" mounted
check "rmmod dp_dbg" rmmod dp_dbg
finish
