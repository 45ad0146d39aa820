# The control file: exists, mode 0644 owned by root, lists the built-in
# module names (those of vmlinux's call sites), one line per name in the
# exact format "<name> enabled=<0|1>", no name twice, all off at a boot
# without the dynamic_printk word but built-in code compiled with DEBUG
# (it starts enabled=1).  A read in small pieces gives the same.
. /lib.sh
check "control file exists" test -f "$CTL"
expect_eq "mode -rw-r--r--" "-rw-r--r--" "$(ls -l "$CTL" | cut -c1-10)"
expect_eq "octal mode 644" 644 "$(stat -c %a "$CTL")"
expect_eq "owned by root:root" "0:0" "$(stat -c %u:%g "$CTL")"
cat "$CTL" > /tmp/ctl
n=$(wc -l < /tmp/ctl)
check "it lists names ($n lines)" test "$n" -gt 5
bad=$(grep -cvE '^[a-z0-9_]+ enabled=[01]$' /tmp/ctl)
expect_eq "every line is '<name> enabled=<0|1>'" 0 "$bad"
grep -vE '^[a-z0-9_]+ enabled=[01]$' /tmp/ctl | head -3 | sed 's/^/  bad line: /'
expect_eq "the file ends with a newline" 0a "$(tail -c 1 /tmp/ctl | od -An -tx1 | tr -d ' ')"
dups=$(cut -d' ' -f1 /tmp/ctl | sort | uniq -d | tr '\n' ' ')
expect_eq "no name listed twice" "" "$dups"
# Built-in code with pr_debug() call sites in the small config:
# lib/kobject.c, drivers/base/{bus,core,platform}.c.
for m in kobject bus core platform; do
	expect_eq "built-in name $m listed once, off" "$m enabled=0" "$(grep "^$m " /tmp/ctl)"
done
# Built-in code compiled with DEBUG: in the small and the debug configs
# only fs/sysfs/mount.c ("#define DEBUG" before its includes), name
# "mount" (the DEBUG-flagged descriptors of vmlinux's __verbose section).
DEBUG_BUILTINS="mount"
expect_eq "at boot without the boot word only built-in DEBUG code is on" "$DEBUG_BUILTINS" \
	"$(grep 'enabled=1$' /tmp/boot.ctl | cut -d' ' -f1 | sort | tr '\n' ' ' | sed 's/ $//')"
expect_eq "and no switch was logged for it" "" "$(grep 'dynamic_printk: .* enabled=' /tmp/boot.rdmesg)"
check "no module line for a name without call sites (dp_hello not loaded)" sh -c "! grep -q '^dp_' /tmp/ctl"
# Read it again in 7-byte and 1-byte read(2)s: same content.
dd if="$CTL" of=/tmp/ctl7 bs=7 2>/dev/null
check "read in 7-byte pieces gives the same file" cmp -s /tmp/ctl /tmp/ctl7
dd if="$CTL" of=/tmp/ctl1 bs=1 2>/dev/null
check "read in 1-byte pieces gives the same file" cmp -s /tmp/ctl /tmp/ctl1
finish
