# The guest has the CPUs the host gave it (guest_cpus=<n> on the kernel
# command line; tools/boot-stats.sh passes it): a boot that lost one,
# say to a bring-up timeout, counts as a failed boot.
. /lib.sh
want=${guest_cpus:-1}
expect_eq "CPUs online" "$want" "$(grep -c '^processor' /proc/cpuinfo)"
finish
