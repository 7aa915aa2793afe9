// The diagnostic pragmas on warpstep's own warnings (docs/diagnostics.md):
// string-to-char-ptr is number 9007. Lines 6, 10 and 16 warn; 8 is
// suppressed by name, 13 by number inside push/pop, 17 is a repeat after
// nv_diag_once; nvcc's own numbers (177) are accepted and change nothing.
#include <cstdio>
char *a = "one";
#pragma nv_diag_suppress string-to-char-ptr
char *b = "two";
#pragma nv_diag_default 9007
char *c = "three";
#pragma nv_diagnostic push
#pragma nv_diag_suppress 9007, 177
char *d = "four";
#pragma nv_diagnostic pop
#pragma nv_diag_once 9007
char *e = "five";
char *f = "six";
#pragma diag_suppress 550
int main()
{
	printf("%s %s %s %s %s %s\n", a, b, c, d, e, f);
	return 0;
}
