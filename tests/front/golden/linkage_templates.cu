#include <cstdio>
extern "C" int c_func(int x) { return x + 1; }
extern "C" { int c_two(void); }
int c_two(void) { return 2; }
template <typename T, int N> struct Box { T v[N]; };
template <bool B> struct Flag { static const int value = B ? 1 : 0; };
constexpr int SZ = 4 * 2;
int main()
{
	Box<Box<int, 2>, 3> bb;
	bb.v[2].v[1] = 9;
	int arr[SZ];
	arr[SZ - 1] = Flag<(3 > 2)>::value;
	int x = 256 >> 2;
	printf("%d %d %d %d %d\n", c_func(1), c_two(), bb.v[2].v[1], arr[7], x);
	return 0;
}
