// A range-based for needs an array of known size or a class with begin()/end():
// a pointer is refused with one error at the ':' (no cascade from the rewrite).
int sum(int *p)
{
	int s = 0;
	for (int x : p)
		s += x;
	return s;
}
