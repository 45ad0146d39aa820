# An enabled module prints until it is really gone.  rmmod runs the exit
# function, then removes the module's parameter files, waiting for a
# handler that is still running; the module's names must stay registered
# until then.  dp_dbg's "linger" handler waits for the exit function,
# then runs a pr_debug(): started before rmmod, it prints after the exit
# function's message.  The handler waits two minutes at most for the
# exit function, this shell a minute at most for the handler to start:
# limits that only catch a hang.
. /lib.sh
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
echo "set enabled=1 dp_dbg" > $CTL
(echo 120000 > /sys/module/dp_dbg/parameters/linger) &
bg=$!
wait_for 60 klog_has "dp_dbg_test: lingering"
check "the handler is running" klog_has "dp_dbg_test: lingering"
check "rmmod dp_dbg while it runs" rmmod dp_dbg
wait $bg
check "the handler returned success" [ $? = 0 ]
unloaded=$(line_no "dp_dbg_test: unloaded")
lingered=$(line_no "dp_dbg:linger after exit")
check "the exit function ran" [ "$unloaded" -gt 0 ]
check "the handler printed after the exit function" [ "$lingered" -gt "$unloaded" ]
check "dp_dbg is gone" sh -c "! grep -q '^dp_dbg ' $CTL"
check "and no longer in /sys/module" [ ! -e /sys/module/dp_dbg ]
finish
