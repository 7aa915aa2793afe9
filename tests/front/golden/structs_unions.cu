#include <cstdio>
struct node { int v; struct node *next; };
union U { int i; float f; unsigned char b[4]; };
typedef struct { short a; long b; char c; } Packed;
struct node nodes[3] = { {1, &nodes[1]}, {2, &nodes[2]}, {3, 0} };
const char *names[] = { "zero", "one", "two" };
int table[2][3] = { {0, 0, 5}, {7, 8, 9} };
Packed pk = { .a = 3, .b = 42 };
int sum(const struct node *n) { int s = 0; for (; n; n = n->next) s += n->v; return s; }
int main()
{
	union U u;
	u.f = 1.0f;
	Packed local = pk;
	local.c = 'x';
	printf("%d %x %s %d %zu %ld %c\n", sum(nodes), u.i, names[2], table[1][2] + table[0][2], sizeof(Packed), local.b, local.c);
	return 0;
}
