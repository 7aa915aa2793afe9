// nv_diag_error makes warpstep's warning string-to-char-ptr an error: the
// program does not compile (line 6); nv_diag_warning turns it back (line 8).
#include <cstdio>
char *a = "one";
#pragma nv_diag_error string-to-char-ptr
char *b = "two";
#pragma nv_diag_warning string-to-char-ptr
char *c = "three";
int main()
{
	printf("%s %s %s\n", a, b, c);
	return 0;
}
