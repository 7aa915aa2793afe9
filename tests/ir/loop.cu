// loop.cu - ir_optimize_run on a loop: the latch gets its own copy of the
// loop test (no BR per iteration), `s = s + a[i]` and `i = i + 1` write the
// variables directly, `(long)(unsigned long)i` is one conversion.
int sum(const int *a, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s = s + a[(long)(unsigned long)i];
	return s;
}
int main()
{
	int a[4] = { 1, 2, 3, 4 };
	return sum(a, 4) == 10 ? 0 : 1;
}
