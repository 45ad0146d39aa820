# Without the boot word: the built-in pr_debug() messages that
# bootlog.sh finds with it are absent from the boot log, and every name
# is off.  Must be the first case of its boot (see bootlog.sh).
. /lib.sh
if [ -s /tmp/boot.dmesg ]; then
	cp /tmp/boot.dmesg /tmp/boot
else
	timeout 1 cat /proc/kmsg > /tmp/boot.raw
	sed 's/^<[0-7]>//' /tmp/boot.raw > /tmp/boot
fi
check "no boot word on the command line" sh -c "! grep -qw dynamic_printk /proc/cmdline"
check "read the boot log" grep -q "^Linux version 2.6.27" /tmp/boot
for l in "bus:bus: 'platform': registered" "sys:Registering sysdev class 'cpu'"; do
	check "boot log lacks '$l'" sh -c "! grep -qF \"$l\" /tmp/boot"
done
check "boot log lacks init_64's set_pte_vaddr message" sh -c "! grep -q '^init_64:' /tmp/boot"
expect_eq "no kobject: message" 0 "$(grep -c '^kobject:' /tmp/boot)"
expect_eq "every name is off but built-in DEBUG code (mount)" "mount enabled=1" "$(grep 'enabled=1$' $CTL)"
check "kobject is listed" grep -qx "kobject enabled=0" $CTL
finish
