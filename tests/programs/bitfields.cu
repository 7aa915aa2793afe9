// Bit-fields, host and device: layout (sizeof/offsets as g++ and nvcc lay them out), signed and
// unsigned reads, truncation on store, compound assignment, ++/--, aggregate initialization that
// skips unnamed bit-fields, zero-width fields, bool and enum fields, unions (the fp16 bit-twiddling
// idiom of the NVIDIA blog's fp16_conversion.h), kernel arguments and shared memory.
#include <cstdio>
#include <cstring>

struct Flags {
	unsigned a : 3;
	int b : 5;
	unsigned : 0;        // next field starts a new unit
	unsigned c : 7;
	int : 4;             // unnamed: skipped by initialization
	bool d : 1;
	unsigned long long e : 40;
};

enum Color { RED = 1, GREEN = 2, BLUE = 3 };
struct Pixel {
	Color col : 2;
	unsigned char alpha : 6;
	short s : 9;
};

union FP32 {
	unsigned u;
	float f;
	struct {
		unsigned Mantissa : 23;
		unsigned Exponent : 8;
		unsigned Sign : 1;
	};
};

struct Small { unsigned char x : 4, y : 4; };

__host__ __device__ int pack(Flags f)
{
	return (int)f.a * 1000000 + f.b * 10000 + (int)f.c * 10 + (f.d ? 1 : 0);
}

__global__ void kern(Flags f, int *out, Flags *g)
{
	__shared__ Small sm[32];
	int t = threadIdx.x;
	sm[t].x = t;           // truncated to 4 bits
	sm[t].y = t >> 4;
	__syncthreads();
	Small o = sm[31 - t];
	out[t] = o.x + 16 * o.y;
	if (t == 0) {
		out[32] = pack(f);
		f.b -= 20;         // -3 - 20 = -23 wraps to 9 in 5 signed bits
		f.a += 6;          // 5 + 6 = 11 -> 3
		f.c++;
		out[33] = f.b;
		out[34] = f.a;
		out[35] = f.c;
		g->e = 0x123456789ULL;
		g->b = -16;
		g->a = 7;
		FP32 v;
		v.f = -1.5f;
		out[36] = v.Sign * 1000 + v.Exponent;
		out[37] = v.Mantissa;
		v.Exponent = 128;
		out[38] = (int)(v.f * 4);
	}
}

int main()
{
	printf("sizeof Flags %zu Pixel %zu FP32 %zu Small %zu\n", sizeof(Flags), sizeof(Pixel), sizeof(FP32), sizeof(Small));
	Flags f = { 5, -3, 100, true, 0xFFFFFFFFFFULL };
	printf("a=%u b=%d c=%u d=%d e=%llx\n", f.a, f.b, f.c, (int)f.d, (unsigned long long)f.e);
	f.e += 1;              // wraps to 0 in 40 bits
	printf("e wrapped=%llx\n", (unsigned long long)f.e);
	int x = (f.b = 17);    // the value of the assignment is the field's new value: -15
	printf("b=%d x=%d\n", f.b, x);
	f.b = -3;
	unsigned char raw[sizeof(Flags)];
	memcpy(raw, &f, sizeof f);
	// the bytes that hold fields (padding and unnamed bit-fields are indeterminate)
	printf("bytes %02x %02x %02x %02x %02x %02x | %02x %02x %02x %02x %02x\n", raw[0], raw[1], raw[2], raw[3],
	       raw[4], raw[5] & 0x08, raw[8], raw[9], raw[10], raw[11], raw[12]);

	Pixel p = { BLUE, 63, -200 };
	p.alpha++;             // 64 -> 0
	p.s -= 100;            // -300 -> 212 in 9 signed bits
	printf("col=%d alpha=%d s=%d\n", (int)p.col, (int)p.alpha, (int)p.s);

	FP32 h;
	h.f = 3.0f;
	printf("sign=%u exp=%u mant=%06x\n", h.Sign, h.Exponent, h.Mantissa);
	h.Sign = 1;
	printf("f=%g\n", h.f);

	int *d_out;
	Flags *d_g;
	cudaMalloc(&d_out, 39 * sizeof(int));
	cudaMalloc(&d_g, sizeof(Flags));
	cudaMemcpy(d_g, &f, sizeof f, cudaMemcpyHostToDevice);
	kern<<<1, 32>>>(f, d_out, d_g);
	int out[39];
	Flags g;
	cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
	cudaMemcpy(&g, d_g, sizeof g, cudaMemcpyDeviceToHost);
	printf("shared:");
	for (int i = 0; i < 32; i += 5)
		printf(" %d", out[i]);
	printf("\npack=%d b=%d a=%d c=%d\n", out[32], out[33], out[34], out[35]);
	printf("fp32 sign*1000+exp=%d mant=%d scaled=%d\n", out[36], out[37], out[38]);
	printf("g: a=%u b=%d c=%u d=%d e=%llx\n", g.a, g.b, g.c, (int)g.d, (unsigned long long)g.e);
	cudaFree(d_out);
	cudaFree(d_g);
	return 0;
}
