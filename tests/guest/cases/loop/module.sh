# A module built out of tree against the build copy loads and unloads.
. /lib.sh
check "insmod dp_hello" insmod $MODDIR/dp_hello.ko
check "lsmod lists it" grep -q '^dp_hello ' /proc/modules
check "its init ran" klog_has 'dp_hello: loaded'
check "rmmod dp_hello" rmmod dp_hello
check "gone from lsmod" sh -c "! grep -q '^dp_hello ' /proc/modules"
check "its exit ran" klog_has 'dp_hello: unloaded'
finish
