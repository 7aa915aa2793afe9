/*
 * findings.c - the table of finding kinds (findings.def): names,
 * severities, titles and hints, by kind and by name.
 */
#include "check.h"

#include <string.h>

#define ERROR 1
#define WARNING 0
static const struct finding_kind_info kinds[] = {
#define FINDING(id, k, sev, t, h) { k, sev, t, h },
#include "findings.def"
#undef FINDING
};
#undef ERROR
#undef WARNING

const struct finding_kind_info *finding_kind_info(int k)
{
	return k >= 0 && k < FK_NKINDS ? &kinds[k] : NULL;
}

int finding_kind_lookup(const char *name)
{
	for (int i = 0; name && i < FK_NKINDS; i++)
		if (!strcmp(kinds[i].name, name))
			return i;
	return -1;
}
