// CUDA graphs: a stream capture (kernels, an async copy, a host function)
// instantiated and launched three times, and a graph built from explicit
// nodes (memset, kernel, 1D copy, host) with dependencies. Each launch's
// results are printed after a synchronization, so the output is fixed.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void axpy(float a, const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}

__global__ void scale(float *y, float s, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] *= s;
}

struct report {
	const float *h;
	int n;
	int calls;
};

static void CUDART_CB show(void *p)
{
	report *r = (report *)p;
	r->calls++;
	printf("host node %d: y[0] = %g, y[n-1] = %g\n", r->calls, r->h[0], r->h[r->n - 1]);
}

int main(void)
{
	const int n = 1000;
	float hx[n], hy[n];
	for (int i = 0; i < n; i++) {
		hx[i] = 1.0f;
		hy[i] = (float)i;
	}
	float *x, *y;
	cudaMalloc(&x, n * sizeof(float));
	cudaMalloc(&y, n * sizeof(float));
	cudaMemcpy(x, hx, n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(y, hy, n * sizeof(float), cudaMemcpyHostToDevice);
	cudaStream_t s;
	cudaStreamCreate(&s);
	report r = { hy, n, 0 };

	cudaGraph_t g;
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	cudaStreamCaptureStatus st;
	cudaStreamIsCapturing(s, &st);
	printf("capturing: %s\n", st == cudaStreamCaptureStatusActive ? "yes" : "no");
	axpy<<<(n + 255) / 256, 256, 0, s>>>(2.0f, x, y, n);
	scale<<<(n + 255) / 256, 256, 0, s>>>(y, 0.5f, n);
	cudaMemcpyAsync(hy, y, n * sizeof(float), cudaMemcpyDeviceToHost, s);
	cudaLaunchHostFunc(s, show, &r);
	cudaStreamEndCapture(s, &g);
	printf("host node calls during the capture: %d\n", r.calls);
	size_t count = 0;
	cudaGraphGetNodes(g, NULL, &count);
	printf("captured nodes: %zu\n", count);
	cudaGraphExec_t ge;
	cudaGraphInstantiate(&ge, g, 0);
	for (int k = 0; k < 3; k++)
		cudaGraphLaunch(ge, s);
	cudaStreamSynchronize(s);
	printf("after 3 launches: y[10] = %g\n", hy[10]);
	cudaGraphExecDestroy(ge);
	cudaGraphDestroy(g);

	cudaGraph_t eg;
	cudaGraphCreate(&eg, 0);
	cudaGraphNode_t setn, kern, copy, host;
	cudaMemsetParams mp = {};
	mp.dst = y;
	mp.value = 0;
	mp.elementSize = 4;
	mp.width = n;
	mp.height = 1;
	cudaGraphAddMemsetNode(&setn, eg, NULL, 0, &mp);
	float a = 3.0f;
	int nn = n;
	void *args[] = { &a, &x, &y, &nn };
	cudaKernelNodeParams kp = {};
	kp.func = (void *)axpy;
	kp.gridDim = dim3((n + 255) / 256);
	kp.blockDim = dim3(256);
	kp.kernelParams = args;
	cudaGraphAddKernelNode(&kern, eg, &setn, 1, &kp);
	cudaGraphAddMemcpyNode1D(&copy, eg, &kern, 1, hy, y, n * sizeof(float), cudaMemcpyDeviceToHost);
	cudaHostNodeParams hp = {};
	hp.fn = show;
	hp.userData = &r;
	cudaGraphAddHostNode(&host, eg, &copy, 1, &hp);
	cudaGraphGetNodes(eg, NULL, &count);
	printf("explicit nodes: %zu\n", count);
	a = 100.0f;     // kernel node arguments were copied when the node was added
	cudaGraphExec_t ege;
	cudaGraphInstantiate(&ege, eg, 0);
	cudaGraphLaunch(ege, s);
	cudaStreamSynchronize(s);
	printf("explicit graph: y[5] = %g\n", hy[5]);
	cudaGraphExecDestroy(ege);
	cudaGraphDestroy(eg);
	cudaStreamDestroy(s);
	cudaFree(x);
	cudaFree(y);
	return 0;
}
