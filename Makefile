# The front door.  Everything is built under build/ (git-ignored); the
# kernel tree at KSRC is only ever read.
#
#   make run            build the patched kernel and boot it, showing the feature
#   make shell          build it and boot it with a shell in the guest
#   make check          run all the tests (host tier; guest tier if KSRC is there)
#   make help           the rest

KSRC	?= /opt/linux-2.6.27
BUILD	?= $(CURDIR)/build
# The kernel that run/kernel/module use: TREE-CONFIG, see tools/kbuild.sh
KVARIANT ?= on-small
export KSRC BUILD

.PHONY: help deps busybox tree kernel run shell module check check-host \
	check-guest check-debug boot-stats fuzz clean distclean series check-series bench \
	install

help:
	@echo 'make run              build the patched kernel (small config) and boot it in QEMU'
	@echo 'make shell            the same kernel booted with a shell in the guest, the test modules in /modules (Ctrl-A X leaves)'
	@echo 'make check            all tests; the last line counts them'
	@echo 'make check-host       host tier only (seconds, no kernel tree needed)'
	@echo 'make check-guest      guest tier only (needs KSRC)'
	@echo 'make kernel           build $$(KVARIANT) -> build/out/$$(KVARIANT)/arch/x86/boot/bzImage'
	@echo 'make module M=<dir>   build an out-of-tree module against build/out/$$(KVARIANT)'
	@echo 'make tree             just apply the series to build/linux (and build/linux-base)'
	@echo 'make check-debug      only the debug-kernel boots of the guest suite (2 CPUs: stress, leak, fuzz; part of check)'
	@echo 'make boot-stats       boot kernels or suite boots many times on a loaded host, count failures (BOOT_STATS=$(BOOT_STATS); also e.g. "patching-nmi:10 hardening:10")'
	@echo 'make fuzz             long libFuzzer runs: the writes to both files, then the parser alone'
	@echo 'make deps             install the Debian packages needed (as root)'
	@echo 'make series           write the patch series to send: build/series (the feature), build/series-compat (toolchain fixes)'
	@echo 'make check-series     git am the series to v2.6.27, build after each patch, checkpatch, sparse (~8 min)'
	@echo 'make bench            the cost of dynamic printk: call sites, collisions, registration, sizes (BENCHMARKS.md)'
	@echo 'make install          install userspace/dynamic_printk, the shell front end, as $$(DESTDIR)$$(PREFIX)/sbin/dynamic_printk'
	@echo 'Variables: KSRC=$(KSRC) KVARIANT=$(KVARIANT) BUILD=$(BUILD) CHECK_BUDGET (seconds for make check; 0: no limit)'

PREFIX	?= /usr/local

install:
	install -D -m 755 userspace/dynamic_printk $(DESTDIR)$(PREFIX)/sbin/dynamic_printk

deps:
	@bash tools/install-deps.sh

busybox: deps
	@bash tools/build-busybox.sh

tree:
	@bash tools/apply-series.sh $(BUILD)/linux-base compat/series
	@bash tools/apply-series.sh $(BUILD)/linux compat/series series

kernel: deps
	@bash tools/kbuild.sh $(KVARIANT)
	@echo "bzImage: $(BUILD)/out/$(KVARIANT)/arch/x86/boot/bzImage"

module:
	@test -n "$(M)" || { echo 'usage: make module M=<module source dir>'; exit 1; }
	@bash tools/build-modules.sh $(KVARIANT) $(abspath $(M))
	@echo "built in $(BUILD)/mod/$(KVARIANT)/$(notdir $(abspath $(M)))"

# run and shell build busybox and the kernel with their output in a log
# (2.6.27 built by gcc 12 warns by the thousand lines): what a person
# wants to read is the guest.  A build that fails shows its log's end.
#   $(call logged,<what>,<log>,<command>)
logged = mkdir -p $(BUILD) && echo "building $(1) (log: $(2))" && \
	{ $(3) > $(2) 2>&1 || { tail -n 20 $(2); echo "failed: see $(2)"; exit 1; }; }
# An i386 variant (TREE-CONFIG32) boots the 32-bit busybox
bb-arch = $(if $(filter %32,$(KVARIANT)),i386)
build-quietly = \
	@$(call logged,busybox,$(BUILD)/busybox-build.log,bash tools/build-busybox.sh $(bb-arch)); \
	$(call logged,the $(KVARIANT) kernel,$(BUILD)/kbuild-$(KVARIANT).log,bash tools/kbuild.sh $(KVARIANT))

run: deps
	$(build-quietly)
	@bash tools/demo.sh $(KVARIANT)

shell: deps
	$(build-quietly)
	@bash tools/shell.sh $(KVARIANT)

check: deps
	@bash tools/check.sh

check-host: deps
	@make -s -C tests/host check

check-guest: deps busybox
	@bash tools/guest-suite.sh

check-debug: deps busybox
	@bash tools/guest-suite.sh modules-debug hardening

# NAME:COUNT pairs for boot-stats: NAME a kernel variant (two short
# cases) or a boot of tests/guest/boots (its own cases)
BOOT_STATS ?= on-small:300 on-debug:50
boot-stats: deps busybox
	@rc=0; for vc in $(BOOT_STATS); do \
		bash tools/boot-stats.sh $${vc%%:*} $${vc##*:} || rc=1; \
	done; exit $$rc

fuzz: deps
	@make -C tests/host fuzz fuzz-parse

series:
	@bash tools/series.sh

bench:
	@$(MAKE) -s -C bench run

check-series: deps
	@bash tools/check-series.sh

clean:
	rm -rf $(BUILD)/out $(BUILD)/mod $(BUILD)/guest $(BUILD)/host $(BUILD)/*.log $(BUILD)/results.txt

distclean:
	rm -rf $(BUILD)
