// structs (nested, arrays of structs, passed by value to a kernel), unions, enums, typedefs.
#include <stdio.h>

typedef unsigned int uint;

enum Shape { CIRCLE, SQUARE = 5, TRIANGLE };

struct Point {
	int x, y;
};

struct Item {
	enum Shape shape;
	struct Point pos;
	float size;
	uint tags[2];
};

union Bits {
	float f;
	uint u;
	unsigned char bytes[4];
};

typedef struct Item Item;

struct Params {
	int n;
	float scale;
	struct Point offset;
};

__device__ float area(const Item *it)
{
	switch (it->shape) {
	case CIRCLE:
		return 3.0f * it->size * it->size;
	case SQUARE:
		return it->size * it->size;
	case TRIANGLE:
		return 0.5f * it->size * it->size;
	}
	return -1.0f;
}

__global__ void k(Item *items, struct Params p, float *areas, uint *bits)
{
	int i = threadIdx.x;
	if (i >= p.n)
		return;
	Item it = items[i];
	it.pos.x += p.offset.x;
	it.pos.y += p.offset.y;
	it.tags[1] = it.tags[0] * 2 + (uint)it.shape;
	items[i] = it;
	areas[i] = area(&it) * p.scale;
	union Bits b;
	b.f = areas[i];
	bits[i] = b.u ^ ((uint)b.bytes[0] << 24);
}

int main(void)
{
	Item h[4];
	for (int i = 0; i < 4; i++) {
		h[i].shape = (enum Shape)(i == 0 ? CIRCLE : i == 1 ? SQUARE : TRIANGLE);
		h[i].pos.x = i;
		h[i].pos.y = -i;
		h[i].size = 1.0f + i;
		h[i].tags[0] = 10 * i;
		h[i].tags[1] = 0;
	}
	struct Params p = {4, 2.0f, {100, 200}};
	Item *d;
	float *da, areas[4];
	uint *db, bits[4];
	cudaMalloc(&d, sizeof h);
	cudaMalloc(&da, sizeof areas);
	cudaMalloc(&db, sizeof bits);
	cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
	k<<<1, 8>>>(d, p, da, db);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	cudaMemcpy(areas, da, sizeof areas, cudaMemcpyDeviceToHost);
	cudaMemcpy(bits, db, sizeof bits, cudaMemcpyDeviceToHost);
	printf("sizeof(Item)=%d sizeof(union Bits)=%d TRIANGLE=%d\n", (int)sizeof(Item), (int)sizeof(union Bits), (int)TRIANGLE);
	for (int i = 0; i < 4; i++)
		printf("item %d: shape %d pos (%d,%d) tags %u %u area %.2f bits %08x\n", i, (int)h[i].shape, h[i].pos.x, h[i].pos.y, h[i].tags[0], h[i].tags[1], areas[i], bits[i]);
	return 0;
}
