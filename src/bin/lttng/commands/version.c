/*
 * lttng version: the version, its name and the description of the beer
 * it is named after, as LTTng 2.13.9 prints them.
 */
#include <stdio.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-version.h"

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

static const char version_text[] =
	"lttng version 2.13.9 - Nordicit\xc3\xa9\n"
	"\n"
	"The product of a collaboration between Champ Libre and "
	"Bor\xc3\xa9"
	"ale, this farmhouse IPA is brewed with Kveik yeast and "
	"Qu\xc3\xa9"
	"bec-grown barley, oats and juniper branches. The result is a "
	"remarkable fruity hazy golden IPA that offers a balanced touch of "
	"resinous and woodsy bitterness.\n"
	"\n"
	"Web site: https://lttng.org\n"
	"\n"
	"lttng is free software and under the GPL license and part LGPL\n";

static void print_mi_version(void)
{
	static const struct mi_version version = {
		.string = "2.13.9",
		.major = 2,
		.minor = 13,
		.patch_level = 9,
		.commit = "",
		.name = "Nordicit\xc3\xa9",
		.description =
			"The product of a collaboration between Champ Libre "
			"and Bor\xc3\xa9"
			"ale, this farmhouse IPA is brewed with Kveik yeast "
			"and Qu\xc3\xa9"
			"bec-grown barley, oats and juniper branches. The "
			"result is a remarkable fruity hazy golden IPA that "
			"offers a balanced touch of resinous and woodsy "
			"bitterness.",
		.url = "https://lttng.org",
		.license = "lttng is free software and under the GPL license "
			   "and part LGPL",
	};

	mi_version_print(&version);
}

int cmd_version(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	int opt, ret = CMD_SUCCESS;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		ret = cli_common_option(opt, "version", options);
		goto end;
	}
	/* LTTng 2.13 ignores arguments after `version`. */
	if (mi_enabled())
		print_mi_version();
	else if (!log_quiet)
		fputs(version_text, stdout);
end:
	poptFreeContext(pc);
	return ret;
}
