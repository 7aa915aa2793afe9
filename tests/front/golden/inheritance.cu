#include <cstdio>
struct Shape {
	int id;
	__host__ __device__ Shape(int i) : id(i) {}
	__host__ __device__ int ident() const { return id; }
};
struct Circle : public Shape {
	float r;
	__host__ __device__ Circle(int i, float rr) : Shape(i), r(rr) {}
	__host__ __device__ float area() const { return 3.0f * r * r + ident(); }
};
__host__ __device__ int get_id(const Shape &s) { return s.ident(); }
__host__ __device__ int get_id_p(const Shape *s) { return s->id; }
int main()
{
	Circle c(7, 2.0f);
	Shape s = c;
	printf("%d %.1f %d %d %d %zu\n", c.ident(), c.area(), get_id(c), get_id_p(&c), s.id, sizeof(Circle));
	return 0;
}
