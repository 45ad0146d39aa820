# userspace/dynamic_printk on a kernel without CONFIG_DYNAMIC_PRINTK_DEBUG:
# every command fails with exit 2 and says so, with debugfs mounted or not
# (the tool mounts it, then finds no modules or control file), as root or
# not.
. /lib.sh
run() { dynamic_printk "$@" > /tmp/t.out 2> /tmp/t.err; rc=$?; }
runas() { setuidgid 1000 dynamic_printk "$@" > /tmp/t.out 2> /tmp/t.err; rc=$?; }
msg="dynamic_printk: this kernel has no dynamic printk support (CONFIG_DYNAMIC_PRINTK_DEBUG)"
check "no control file here" test ! -e /sys/kernel/debug/dynamic_printk
echo "kobject enabled=0" > /tmp/saved
echo 'lib/kobject.c:1 [kobject]f =_ "x"' > /tmp/csaved
for args in "list" "list dp*" "on kobject" "off kobject" "all on" "all off" \
	"sites" "sites kobject" "query +p" "save /tmp/s" "restore /tmp/saved" \
	"restore /tmp/csaved"; do
	# shellcheck disable=SC2086
	run $args
	expect_eq "$args: exit 2" 2 "$rc"
	expect_eq "$args: the message" "$msg" "$(cat /tmp/t.err)"
	check "$args: nothing on stdout" test ! -s /tmp/t.out
done
check "save wrote no file" test ! -e /tmp/s
runas list
expect_eq "uid 1000: list: exit 2" 2 "$rc"
expect_eq "uid 1000: list: the message" "$msg" "$(cat /tmp/t.err)"
runas sites
expect_eq "uid 1000: sites: exit 2" 2 "$rc"
expect_eq "uid 1000: sites: the message" "$msg" "$(cat /tmp/t.err)"
check "umount debugfs" umount /sys/kernel/debug
run sites
expect_eq "no debugfs: sites: exit 2" 2 "$rc"
expect_eq "no debugfs: sites: the message" "$msg" "$(cat /tmp/t.err)"
check "no debugfs: sites mounted it (no /proc/dynamic_debug either)" grep -q ' /sys/kernel/debug debugfs ' /proc/mounts
check "umount debugfs again" umount /sys/kernel/debug
run on kobject
expect_eq "no debugfs: on kobject: exit 2" 2 "$rc"
expect_eq "no debugfs: the message" "$msg" "$(cat /tmp/t.err)"
check "no debugfs: the tool mounted it" grep -q ' /sys/kernel/debug debugfs ' /proc/mounts
run bogus
expect_eq "bogus: exit 2" 2 "$rc"
check "bogus: usage, not the message" grep -q '^Usage: ' /tmp/t.err
finish
