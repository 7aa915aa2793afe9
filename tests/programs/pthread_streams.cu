// Host threads that each drive the GPU, as CUDA by Example's multi-GPU
// chapter does with its pthread helper: each thread allocates, launches a
// kernel on its own stream, copies back and reduces its half on the host.
#include <cstdio>
#include <pthread.h>

__global__ void dot(const float *a, const float *b, float *c, int n)
{
	__shared__ float cache[128];
	float t = 0;
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		t += a[i] * b[i];
	cache[threadIdx.x] = t;
	__syncthreads();
	for (int s = blockDim.x / 2; s > 0; s /= 2) {
		if (threadIdx.x < s)
			cache[threadIdx.x] += cache[threadIdx.x + s];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		c[blockIdx.x] = cache[0];
}

struct job {
	int device, n;
	const float *a, *b;
	float result;
};

static void *routine(void *p)
{
	job *j = (job *)p;
	cudaSetDevice(j->device);
	cudaStream_t s;
	cudaStreamCreate(&s);
	float *da, *db, *dc, part[8];
	cudaMalloc(&da, j->n * sizeof(float));
	cudaMalloc(&db, j->n * sizeof(float));
	cudaMalloc(&dc, 8 * sizeof(float));
	cudaMemcpyAsync(da, j->a, j->n * sizeof(float), cudaMemcpyHostToDevice, s);
	cudaMemcpyAsync(db, j->b, j->n * sizeof(float), cudaMemcpyHostToDevice, s);
	dot<<<8, 128, 0, s>>>(da, db, dc, j->n);
	cudaMemcpyAsync(part, dc, sizeof part, cudaMemcpyDeviceToHost, s);
	cudaStreamSynchronize(s);
	j->result = 0;
	for (int i = 0; i < 8; i++)
		j->result += part[i];
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
	cudaStreamDestroy(s);
	return NULL;
}

int main()
{
	const int N = 4096;
	static float a[N], b[N];
	for (int i = 0; i < N; i++) {
		a[i] = (float)(i % 16);
		b[i] = 0.5f;
	}
	job j[2] = { { 0, N / 2, a, b, 0 }, { 0, N / 2, a + N / 2, b + N / 2, 0 } };
	pthread_t t;
	pthread_create(&t, NULL, routine, &j[0]);
	routine(&j[1]);
	pthread_join(t, NULL);
	printf("halves %.1f %.1f, dot %.1f, error %d\n", j[0].result, j[1].result,
	       j[0].result + j[1].result, (int)cudaGetLastError());
	return 0;
}
