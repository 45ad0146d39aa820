# Each match-spec selects what it says, over the whole control file:
# file <glob> (the path as listed, or its base name), func <glob>,
# module <glob> ('-' and '_' the same), format <string> (a substring,
# with quotes and backslash escapes), line <n>, <n>-<m>, -<m>, <n>-;
# globs with '*' and '?'; several match-specs must all hold; none
# selects every call site; a command matching nothing succeeds and
# changes nothing.  Each command here adds m (which prints nothing) and
# is checked against the whole file, then taken back with -m (see sel in
# lib.sh).
. /lib.sh
CTL=$DCTL
sites_setup
check "insmod dp_sites" insmod $MODDIR/dp_sites.ko
# dp_kobject: module "kobject" (the name of lib/kobject.c's code), file
# "kobject.c" (the base name of lib/kobject.c); dp-dash: module dp_dash.
check "insmod kobject (dp_kobject)" insmod $MODDIR/kobject.ko
check "insmod dp-dash" insmod $MODDIR/dp-dash.ko
check "no line with a flag other than p" sh -c "! tail -n +2 $DCTL | grep -qvE '^[^ ]+ [^ ]+ =(_|p) '"
A="init fire dfire hirq dhirq exit"
B="tab quote bslash esc pct apos long semi hash two1 two2"
S='mod == "dp_sites"'

# file
sel "file dp_sites_b.c" 'f == "dp_sites_b.c"' "$B"
sel "file dp_sites_a.c" 'f == "dp_sites_a.c"' "$A"
sel "file dp_sites_?.c" 'b ~ /^dp_sites_.\.c$/' "$A $B"
sel "file *_b.c" 'f ~ /_b\.c$/ || b ~ /_b\.c$/' "$B"
sel "file dp_sites_a*" 'b ~ /^dp_sites_a/' "$A"
check "lib/kobject.c has call sites" grep -q '^lib/kobject\.c:' $DCTL
sel "file lib/kobject.c" 'f == "lib/kobject.c"' ""
check "dp_kobject's kobject.c has call sites" grep -q '^kobject\.c:[0-9]* \[kobject\]' $DCTL
sel "file kobject.c" 'b == "kobject.c"' ""
expect_eq "file kobject.c: lib/kobject.c's and dp_kobject's kobject.c's lines" \
	"$(grep -cE '^(lib/)?kobject\.c:' $DCTL)" "$(cat /tmp/sel.n)"
sel "file lib/kobj*" 'f ~ /^lib\/kobj/' ""
sel "file l*t.c" 'f ~ /^l.*t\.c$/ || b ~ /^l.*t\.c$/' ""
sel "file lib/*" 'f ~ /^lib\//' ""
sel "file ?ib/kobject.?" 'f ~ /^.ib\/kobject\..$/ || b ~ /^.ib\/kobject\..$/' ""
sel "file kobject" '0' ""
sel "file dp_sites.h" 'f == "dp_sites.h"' "ia"

# func
sel "func b_tab" 'fn == "b_tab"' "tab"
sel "func b_t*" 'fn ~ /^b_t/' "tab two1 two2"
sel "func b_???" 'fn ~ /^b_...$/' "tab two1 two2"
sel "func hirq?fn" 'fn ~ /^hirq.fn$/' "hirq dhirq"
sel "func fire_set" 'fn == "fire_set"' "fire dfire"
sel "func dp_sites_inline" 'fn == "dp_sites_inline"' "ia"
sel "func *_inline" 'fn ~ /_inline$/' "ia"
sel "func *sites*" 'fn ~ /sites/' "init exit ia"
sel "func kobject_add_internal" 'fn == "kobject_add_internal"' ""
sel "func b_ta" '0' ""

# module
sel "module dp_sites" "$S" "$A $B ia"
sel "module dp-sites" "$S" "$A $B ia"
sel "module dp?sites" 'mod ~ /^dp.sites$/' "$A $B ia"
sel "module dp-s*" 'mod ~ /^dp_s/' "$A $B ia"
sel "module *-sites" 'mod ~ /_sites$/' "$A $B ia"
sel "module dp_dash" 'mod == "dp_dash"' ""
sel "module dp-dash" 'mod == "dp_dash"' ""
sel "module kobject" 'mod == "kobject"' ""
expect_eq "module kobject: lib/kobject.c's and dp_kobject's" \
	"$(grep -c '^[^ ]* \[kobject\]' $DCTL)" "$(cat /tmp/sel.n)"
check "... dp_kobject's among them" grep -q '^kobject\.c:[0-9]* \[kobject\]fire_set ' $DCTL
sel "module DP_SITES" '0' ""
sel "module dp_site" '0' ""

# format: a substring of the format as written
sel "format tab" 'index(fm, "tab")' "tab"
sel "format \\164ab" 'index(fm, "tab")' "tab"
sel 'format "here %s\n"' 'index(fm, "here %s\\n")' "tab"
sel 'format "\t"' 'index(fm, "\\t")' "tab"
sel 'format "quote \""' 'index(fm, "quote \\\"")' "quote"
sel "format 'quote \"'" 'index(fm, "quote \\\"")' "quote"
sel 'format "\"%s\""' 'index(fm, "\\\"%s\\\"")' "quote"
sel 'format "\\ "' 'index(fm, "\\\\ ")' "bslash"
sel 'format \\' 'index(fm, "\\\\")' "bslash"
sel 'format \033[1m' 'index(fm, "\\033[1m")' "esc"
sel 'format "s\033[0m\n"' 'index(fm, "s\\033[0m\\n")' "esc"
sel "format 100%%" 'index(fm, "100%%")' "pct"
sel "format \"it's\"" "index(fm, \"it's\")" "apos"
sel "format 'it\\'s'" "index(fm, \"it's\")" "apos"
sel "format it\\'s" "index(fm, \"it's\")" "apos"
sel 'format "semi; colon"' 'index(fm, "semi; colon")' "semi"
sel "format 'hash #'" 'index(fm, "hash #")' "hash"
sel 'format "two "' 'index(fm, "two ")' "two1 two2"
sel 'format "inline %s"' 'index(fm, "inline %s")' "ia"
sel "format 'sixty-four bytes of a command'" 'index(fm, "sixty-four bytes of a command")' "long"
sel "format no_such_format_anywhere" '0' ""

# line: with file, a line of one file
lt=$(site_line tab) lq=$(site_line quote) l2=$(site_line two2) lf=$(site_line fire)
sel "file dp_sites_b.c line $lt" "f == \"dp_sites_b.c\" && ln == $lt" "$(keys_lines dp_sites_b.c $lt $lt)"
sel "file dp_sites_b.c line $lt-$lq" "f == \"dp_sites_b.c\" && ln >= $lt && ln <= $lq" "$(keys_lines dp_sites_b.c $lt $lq)"
sel "file dp_sites_b.c line -$lq" "f == \"dp_sites_b.c\" && ln <= $lq" "$(keys_lines dp_sites_b.c 0 $lq)"
sel "file dp_sites_b.c line $l2-" "f == \"dp_sites_b.c\" && ln >= $l2" "$(keys_lines dp_sites_b.c $l2 999999)"
sel "file dp_sites_b.c line $lq-$lq" "f == \"dp_sites_b.c\" && ln == $lq" "quote"
sel "module dp_sites line $lf" "$S && ln == $lf" "$(keys_lines dp_sites_a.c $lf $lf) $(keys_lines dp_sites_b.c $lf $lf)"
sel "line 1-2" 'ln >= 1 && ln <= 2' ""
sel "file dp_sites_b.c line 1-2" '0' ""
sel "file dp_sites_b.c line 999999-" '0' ""

# combined: all must hold
sel "file dp_sites_b.c func b_two line $l2" "f == \"dp_sites_b.c\" && fn == \"b_two\" && ln == $l2" "two2"
sel "module dp-sites func fire_set format dev" "$S"' && fn == "fire_set" && index(fm, "dev")' "dfire"
sel "func b_* format quote file *_b.c" 'fn ~ /^b_/ && index(fm, "quote") && b ~ /_b\.c$/' "quote"
sel "func dp_sites_inline file dp_sites_a.c" '0' ""
sel "func dp_sites_inline file dp_sites.h" 'fn == "dp_sites_inline" && f == "dp_sites.h"' "ia"
sel "module kobject file lib/kobject.c" 'mod == "kobject" && f == "lib/kobject.c"' ""
sel "module kobject file kobject.c func fire_set" 'mod == "kobject" && b == "kobject.c" && fn == "fire_set"' ""
expect_eq "... that is dp_kobject's one call site" 1 "$(cat /tmp/sel.n)"
sel "file dp_sites_b.c func b_two module dp_sites format second line $l2-$l2" \
	"f == \"dp_sites_b.c\" && fn == \"b_two\" && ln == $l2" "two2"
sel "module dp_sites func kobject_add_internal" '0' ""
sel "file lib/kobject.c format 'hash #'" '0' ""
# Blanks and quoted words anywhere.
sel "  func	 b_tab  " 'fn == "b_tab"' "tab"
sel "func \"b_tab\" module 'dp_sites'" 'fn == "b_tab"' "tab"

# No match-spec: every call site.
sel "" '1' "$A $B ia"

check "rmmod dp_sites kobject dp_dash" rmmod dp_sites kobject dp_dash
finish
