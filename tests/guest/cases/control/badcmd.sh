# A bad command fails the write with EINVAL, leaves the whole control
# file as it was, and logs one KERN_ERR line naming it and why
# ('dynamic_printk: invalid command "<its first 64 bytes>": <reason>'):
# an unknown keyword, a keyword twice, a missing or bad flags-spec, a
# keyword without its word, a bad line range, an unterminated quote, a
# bad backslash escape in a format; a byte other than printable ASCII,
# blank, tab, carriage return and newline, or more than a page, fails the
# write the same way.  A write is
# all or nothing: one bad command and none of the others is applied.
# Writes of only comments and blanks succeed and change nothing.
. /lib.sh
CTL=$DCTL
sites_setup
check "insmod dp_sites" insmod $MODDIR/dp_sites.ko
# A state that a partial write would disturb.
dput "func b_two =pm"
dput "func b_tab =t"
expect_eq "start: b_tab =t, b_two =pm" "tab =t two1 =pm two2 =pm" "$(sites_state | grep -v ' =_$' | tr '\n' ' ' | sed 's/ $//')"
cat $DCTL > /tmp/start
# bad <what> <command>: one bad command, exactly as written, named.
bad() { write_einval "$1" "$(lit "$2")\n" "dynamic_printk: invalid command \"$(printf '%s' "$2" | head -c 64)\""; }

bad "unknown keyword" "fil dp_sites_b.c +p"
bad "unknown keyword 'function'" "function b_tab +p"
bad "keywords are lower case" "FUNC b_tab +p"
bad "unknown keyword after a good one" "func b_tab lines 1-3 +p"
bad "func twice" "func b_tab func b_two +p"
bad "file twice (same word)" "file dp_sites_b.c file dp_sites_b.c +p"
bad "module twice" "module dp_sites module dp-sites +p"
bad "format twice" "format tab format here +p"
bad "line twice" "file dp_sites_b.c line 1-20 line 30 +p"
bad "no flags-spec" "func b_tab"
bad "only a keyword" "func"
bad "a keyword without its word (the flags taken as the word)" "func +p"
bad "flags without an operator" "func b_tab p"
bad "unknown flag letter" "func b_tab +x"
bad "upper-case flag" "func b_tab +P"
bad "two operators" "func b_tab ++p"
bad "an operator in the letters" "func b_tab +p-m"
bad "two flags-specs" "func b_tab +p +m"
bad "a word after the flags-spec" "func b_tab +p extra"
bad "a '#' right after the flags is no comment" "func b_tab +p#comment"
bad "line: not a number" "file dp_sites_b.c line x +p"
bad "line: trailing junk" "file dp_sites_b.c line 12x +p"
bad "line: three parts" "file dp_sites_b.c line 1-2-3 +p"
bad "line: '-' alone" "file dp_sites_b.c line - +p"
bad "line: bad end" "file dp_sites_b.c line 1-x +p"
bad "line: bad open start" "file dp_sites_b.c line -x +p"
bad "line: two dashes" "file dp_sites_b.c line 1--2 +p"
bad "unterminated double quote" 'format "tab +p'
bad "unterminated single quote" "format 'tab +p"
bad "unterminated quote in the middle" 'func "b_tab +p'
bad "unknown backslash escape" 'format \q +p'
bad "octal escape \\000" 'format \000 +p'
bad "octal escape of two digits" 'format \01 +p'
bad "octal escape with a non-octal digit" 'format \08x +p'
bad "a backslash ending a word" 'format tab\ +p'
# Bytes other than printable ASCII, blank, tab, CR and newline.
for b in 001 033 177 200 377; do
	write_einval "a \\$b byte after a good command" "func b_tab +p\\$b\n"
done
write_einval "a NUL byte" 'func b_tab +p\n\000'
# More than a page: one byte too many.
{ printf 'func b_tab +p\n#'; head -c 4081 /dev/zero | tr '\0' 'c'; printf '\n'; } > /tmp/big
expect_eq "4097-byte file" 4097 "$(wc -c < /tmp/big)"
cat $DCTL > /tmp/ctl.before
klog_mark
if ctl_put_file /tmp/big; then fail "4097 bytes: accepted"; else
	case $CTL_ERR in *"Invalid argument"*) pass "4097 bytes: EINVAL" ;; *) fail "4097 bytes: $CTL_ERR" ;; esac
fi
check "4097 bytes: nothing changed" sh -c "cat $DCTL | cmp -s - /tmp/ctl.before"
expect_one_dp_line "4097 bytes"

# All or nothing.
write_einval "a good command, then a bad one" 'func b_tab +p\nfunc b_quote +x\n' \
	'dynamic_printk: invalid command "func b_quote +x"'
write_einval "separated by ';'" 'func b_tab +p; bogus +p' \
	'dynamic_printk: invalid command "bogus +p"'
write_einval "the bad one in the middle" 'module dp_sites =_\nfunc b_long +p\nfile dp_sites_b.c line 1-2-3 +p\nfunc b_hash +m\n' \
	'dynamic_printk: invalid command "file dp_sites_b.c line 1-2-3 +p"'
write_einval "the first of two bad ones is named" 'func b_tab +p\nbad1 +p\nbad2 +p\n' \
	'dynamic_printk: invalid command "bad1 +p"'
write_einval "named trimmed, its comment left out" 'func b_tab +p\n \t fil x +p  # comment\n' \
	'dynamic_printk: invalid command "fil x +p"'
long="file dp_sites_b.c func b_long format 'a rather long format string' +q"
write_einval "a bad command longer than 64 bytes: cut" "func b_tab -t\n$long\n" \
	"dynamic_printk: invalid command \"$(printf '%s' "$long" | head -c 64)\""
write_einval "an unterminated quote swallows the rest" "func b_tab -t\nformat 'x +p\nfunc b_two =_\n"
write_einval "a good batch, then a binary byte" 'func b_tab -t\nfunc b_two =_\n\001'

# Writes without a command.
write_noop "a comment" '# func b_tab +p\n'
write_noop "the header line" "$DHEAD\n"
write_noop "blank lines and ';'" '\n \t\n ; ;\n'
write_noop "comments after blanks" '   # one\n\t# two\n'
write_noop "a lone newline" '\n'
check "the control file as at the start" sh -c "cat $DCTL | cmp -s - /tmp/start"

# A '#' after a blank starts a comment; '#' and ';' inside quotes do not.
write_ok "a trailing comment" 'func b_tab +p # and a comment +m\n' "$(changed_log "func b_tab +p" 1)"
expect_eq "b_tab =pt" "=pt" "$(site_flags tab)"
write_ok "'#' and ';' inside quotes" "format 'hash #' +l; format \"semi; colon\" +l\n" \
	"$(changed_log "format 'hash #' +l" 1)
$(changed_log 'format "semi; colon" +l' 1)"
expect_eq "b_hash and b_semicolon =l" "hash =l semi =l" "$(sites_state | grep -E '^(hash|semi) ' | tr '\n' ' ' | sed 's/ $//')"
expect_eq "nothing above KERN_DEBUG from dynamic_printk but the refusals" "" \
	"$(dmesg -r | grep dynamic_printk | grep -v '^<7>' | grep -v '^<3>dynamic_printk: \(invalid command\|invalid byte\|write of\)')"
check "rmmod dp_sites" rmmod dp_sites
finish
