/* sys/utsname.h - warpstep built-in header. uname() describes a fixed
 * machine, so a program that prints it gives the same output everywhere. */
#ifndef __WS_SYS_UTSNAME_H
#define __WS_SYS_UTSNAME_H
#include <string.h>
struct utsname {
	char sysname[65];
	char nodename[65];
	char release[65];
	char version[65];
	char machine[65];
	char domainname[65];
};
static inline int uname(struct utsname *u)
{
	strcpy(u->sysname, "Linux");
	strcpy(u->nodename, "warpstep");
	strcpy(u->release, "6.1.0-warpstep");
	strcpy(u->version, "#1 SMP");
	strcpy(u->machine, "x86_64");
	strcpy(u->domainname, "(none)");
	return 0;
}
#endif
