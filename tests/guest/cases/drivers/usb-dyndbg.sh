# qemu: -usb
# usbcore.dyndbg="-p; file hub.c +p" on the kernel command line reaches
# usbcore, built in, before its first probe: CONFIG_USB_DEBUG starts all
# of its call sites on, and from the UHCI root hub's first probe on, the
# boot log has the lines of hub.c (hub_configure()'s) and none of the
# other files of usbcore (the core's probe of usb1 in driver.c, its
# string descriptors in message.c), which a boot without the parameter
# prints (the case drivers/usb.sh checks that).
. /lib.sh
C=$DCTL
check "the UHCI root hub was found at boot" grep -qE '^<6>hub [0-9]+-0:1\.0: USB hub found$' /tmp/boot.rdmesg
check "hub.c: 'power on to power good time'" grep -qE '^<7>hub [0-9]+-0:1\.0: usbcore: power on to power good time: [0-9]+ms$' /tmp/boot.rdmesg
check "hub.c: 'local power source is good'" grep -qE '^<7>hub [0-9]+-0:1\.0: usbcore: local power source is good$' /tmp/boot.rdmesg
expect_eq "driver.c: no 'usb_probe_device'" 0 "$(grep -cE '^<7>usb usb[0-9]+: usbcore: usb_probe_device$' /tmp/boot.rdmesg)"
expect_eq "message.c: no 'default language'" 0 "$(grep -cE '^<7>usb usb[0-9]+: usbcore: default language ' /tmp/boot.rdmesg)"
expect_eq "no usbcore line but hub.c's" 0 \
	"$(grep -E '^<7>[^ ]* [^ ]*: usbcore: ' /tmp/boot.rdmesg | grep -vcE ': usbcore: (power on to power good|local power source|state [0-9]|standalone hub|no power switching|individual port|ganged power|global over-current|no over-current|trying to enable port power|port [0-9]+, status|debounce: )')"
on=$(grep ' \[usbcore\]' $C | grep -c '^drivers/usb/core/hub\.c:.* =p ')
off=$(grep ' \[usbcore\]' $C | grep -v '^drivers/usb/core/hub\.c:' | grep -c ' =p ')
check "the control file: hub.c's call sites on ($on)" [ "$on" -gt 20 ]
expect_eq "the control file: the rest of usbcore off" 0 "$off"
finish
