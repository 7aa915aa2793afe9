// Every level of the binary operators, mixed, and '>' ending template
// arguments: the trees show the grouping (left to right within a level).
template <int N> struct Box { static const int value = N; };

__host__ __device__ int mix(int a, int b, int c, int d)
{
	int r = a * b + c * d - a / b % c;
	r += a << b + c >> d;
	r += (a < b) == (c >= d) != (a > b);
	r += a & b ^ c | d & a ^ b;
	r += a + b < c - d && c | d || a ^ b;
	r += a - b - c - d;
	r += a < b < c;
	r += a * b == c + d << 1 & d;
	return r;
}

int main()
{
	int x = Box<1 + 2 * 3>::value;
	int y = Box<(3 > 2)>::value + Box<(8 >> 1) - 1>::value;
	int z = x | y & x ^ y << 2 >= x - 1;
	return mix(x, y, z, 3) > 0 ? 0 : 1;
}
