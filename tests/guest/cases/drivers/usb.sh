# host: monitor
# qemu: -usb
# A real driver on emulated hardware: usbcore's hub driver
# (drivers/usb/core/hub.c) logs with dev_dbg() when a port of a hub
# changes ("port 1, status 0101, change 0001, 12 Mb/s") and when a device
# goes ("unregistering device").  A USB mouse is plugged into QEMU's UHCI
# root hub and unplugged again through QEMU's monitor (the "host:
# monitor" line above), three times: with usbcore's call sites off, on,
# and off again.  Each time the kernel logs the device coming and going
# (dev_info(), always printed: the event happened); the debug lines come
# exactly in the round they are on.
. /lib.sh
C=$DCTL
# as usbcore's dev_dbg() prints them: the device, the module name, the text
dbg_port='^<7>hub [0-9]+-0:1\.0: usbcore: port [0-9]+, status [0-9a-f]{4}, change [0-9a-f]{4}, '
dbg_gone='^<7>usb [0-9]+-[0-9]+: usbcore: unregistering device$'
dbg_probe='^<7>hub [0-9]+-0:1\.0: usbcore: power on to power good time: [0-9]+ms$'
info_new='^<6>usb [0-9]+-[0-9]+: new full speed USB device using uhci_hcd and address [0-9]+$'
info_gone='^<6>usb [0-9]+-[0-9]+: USB disconnect, address [0-9]+$'
dctl() { echo "$1" > $C; }
# a device on a port of the root hub (1-1, 1-2; not the root hub usb1
# nor an interface 1-1:1.0)
present() { ls -d /sys/bus/usb/devices/[0-9]*-[0-9] > /dev/null 2>&1; }
absent() { ! present; }
n=0
# round <on|off>: plug and unplug the mouse, and check the log of it
round() {
	n=$((n + 1))
	klog_mark
	echo "@@MON device_add usb-mouse,id=dpmouse$n @@"
	check "round $n ($1): the mouse is plugged" wait_for 300 present
	echo "@@MON device_del dpmouse$n @@"
	check "round $n ($1): the mouse is gone" wait_for 300 absent
	klog_new > /tmp/usb.$n
	# (enumeration may be retried on a slow host: "new" again)
	check "round $n ($1): the kernel saw it come" grep -qE "$info_new" /tmp/usb.$n
	expect_eq "round $n ($1): and go" 1 "$(grep -cE "$info_gone" /tmp/usb.$n)"
	if [ "$1" = on ]; then
		check "round $n (on): the hub's port change lines" grep -qE "$dbg_port" /tmp/usb.$n
		expect_eq "round $n (on): 'unregistering device'" 1 "$(grep -cE "$dbg_gone" /tmp/usb.$n)"
	else
		expect_eq "round $n (off): no port change line" 0 "$(grep -cE "$dbg_port" /tmp/usb.$n)"
		expect_eq "round $n (off): no 'unregistering device'" 0 "$(grep -cE "$dbg_gone" /tmp/usb.$n)"
		expect_eq "round $n (off): no usbcore debug line at all" 0 "$(grep -c '^<7>[^ ]* [^ ]*: usbcore: ' /tmp/usb.$n)"
	fi
}

sites=$(grep -c ' \[usbcore\]' $C)
check "usbcore has call sites in the control file ($sites)" [ "$sites" -gt 50 ]
check "hub_port_connect_change()'s is one" grep -q 'drivers/usb/core/hub\.c:[0-9]* \[usbcore\]hub_port_connect_change .*"port %d, status %04x' $C
check "the UHCI root hub was found at boot" grep -qE '^<6>hub [0-9]+-0:1\.0: USB hub found$' /tmp/boot.rdmesg
# CONFIG_USB_DEBUG compiles drivers/usb with DEBUG: on from the start
check "usbcore's call sites printed from the hub's first probe" grep -qE "$dbg_probe" /tmp/boot.rdmesg
check "module usbcore -p" dctl "module usbcore -p"
round off
check "module usbcore +p" dctl "module usbcore +p"
round on
check "module usbcore -p" dctl "module usbcore -p"
round off
finish
