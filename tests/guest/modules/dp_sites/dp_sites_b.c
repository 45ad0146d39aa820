/*
 * dp_sites: the second object, see dp_sites_a.c.  Formats with the bytes
 * the control file escapes or that a command must quote: a tab, a double
 * quote, a backslash, an escape byte, a '%%', an apostrophe, a ';' and a
 * '#' after a blank, and one longer than the 64 bytes a log line shows of
 * a command.  One function has two call sites.
 */
#include <linux/kernel.h>
#include "dp_sites.h"

static void b_tab(const char *tag)
{
	pr_debug("tab\there %s\n", dp_sites_eval(tag));
}

static void b_quote(const char *tag)
{
	pr_debug("quote \"%s\"\n", dp_sites_eval(tag));
}

static void b_backslash(const char *tag)
{
	pr_debug("backslash \\ %s\n", dp_sites_eval(tag));
}

static void b_escape(const char *tag)
{
	pr_debug("escape \033[1m%s\033[0m\n", dp_sites_eval(tag));
}

static void b_percent(const char *tag)
{
	pr_debug("percent 100%% %s\n", dp_sites_eval(tag));
}

static void b_apostrophe(const char *tag)
{
	pr_debug("it's %s\n", dp_sites_eval(tag));
}

static void b_long(const char *tag)
{
	/* on one line: the line of a call site is the line of pr_debug */
	pr_debug("long format, longer than the sixty-four bytes of a command that a log line shows: %s\n", dp_sites_eval(tag));
}

static void b_semicolon(const char *tag)
{
	pr_debug("semi; colon %s\n", dp_sites_eval(tag));
}

static void b_hash(const char *tag)
{
	pr_debug("hash #%s\n", dp_sites_eval(tag));
}

static void b_two(const char *tag)
{
	pr_debug("two first %s\n", dp_sites_eval(tag));
	pr_debug("two second %s\n", dp_sites_eval(tag));
}

/* Every call site of this object once, with tag as the %s */
void dp_sites_b_fire(const char *tag)
{
	b_tab(tag);
	b_quote(tag);
	b_backslash(tag);
	b_escape(tag);
	b_percent(tag);
	b_apostrophe(tag);
	b_long(tag);
	b_semicolon(tag);
	b_hash(tag);
	b_two(tag);
}
