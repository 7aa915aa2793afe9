// Graph memory nodes: cudaGraphAddMemAllocNode fixes the address when the
// node is made (an allocation that depends on the free of an earlier one of
// the same graph gets its address again), the memory is valid from the
// allocation node to the free node (or a cudaFree outside the graph), and
// cudaMallocAsync/cudaFreeAsync in a stream capture become such nodes. The
// graph memory footprint (cudaDeviceGetGraphMemAttribute) grows when a launch
// needs memory, is reused by later launches, and shrinks at cudaDeviceGraphMemTrim.
#include <stdio.h>
#include <string.h>

#define MIB (1024 * 1024)
#define N 16

__global__ void scale(const int *in, int *out, int k)
{
	out[threadIdx.x] = in[threadIdx.x] * k;
}

static void footprint(const char *when)
{
	unsigned long long used = 0, high = 0;
	cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &used);
	cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrReservedMemHigh, &high);
	printf("%-34s footprint %llu MiB (high %llu MiB)\n", when, used / MIB, high / MIB);
}

static cudaMemAllocNodeParams params(size_t bytes)
{
	cudaMemAllocNodeParams p;
	memset(&p, 0, sizeof p);
	p.bytesize = bytes;
	p.poolProps.allocType = cudaMemAllocationTypePinned;
	p.poolProps.location.type = cudaMemLocationTypeDevice;
	p.poolProps.location.id = 0;
	return p;
}

int main(void)
{
	int h[N], out1[N], out2[N];
	for (int i = 0; i < N; i++)
		h[i] = i + 1;
	footprint("start:");

	/* explicit: alloc a, copy in, a*3 -> b, free a, alloc c (a's address), b*5 -> c, copy out, free b, c */
	cudaGraph_t g;
	cudaGraphCreate(&g, 0);
	cudaMemAllocNodeParams p = params(64 * MIB);
	cudaGraphNode_t alloc_a, alloc_b, alloc_c, copy_in, k1, free_a, k2, copy_out, free_b, free_c;
	cudaGraphAddMemAllocNode(&alloc_a, g, NULL, 0, &p);
	int *a = (int *)p.dptr;
	cudaGraphAddMemAllocNode(&alloc_b, g, &alloc_a, 1, &p);
	int *b = (int *)p.dptr;
	cudaGraphAddMemcpyNode1D(&copy_in, g, &alloc_b, 1, a, h, sizeof h, cudaMemcpyHostToDevice);
	cudaKernelNodeParams kp;
	memset(&kp, 0, sizeof kp);
	kp.func = (void *)scale;
	kp.gridDim = dim3(1);
	kp.blockDim = dim3(N);
	int three = 3, five = 5;
	void *args1[] = {(void *)&a, (void *)&b, (void *)&three};
	kp.kernelParams = args1;
	cudaGraphAddKernelNode(&k1, g, &copy_in, 1, &kp);
	cudaGraphAddMemFreeNode(&free_a, g, &k1, 1, a);
	cudaGraphAddMemAllocNode(&alloc_c, g, &free_a, 1, &p);
	int *c = (int *)p.dptr;
	printf("a %s b, c %s a (allocated after a's free)\n", a == b ? "==" : "!=", c == a ? "==" : "!=");
	void *args2[] = {(void *)&b, (void *)&c, (void *)&five};
	kp.kernelParams = args2;
	cudaGraphAddKernelNode(&k2, g, &alloc_c, 1, &kp);
	cudaGraphAddMemcpyNode1D(&copy_out, g, &k2, 1, out1, c, sizeof out1, cudaMemcpyDeviceToHost);
	cudaGraphAddMemFreeNode(&free_b, g, &k2, 1, b);
	cudaGraphAddMemFreeNode(&free_c, g, &copy_out, 1, c);
	size_t nodes = 0;
	cudaGraphGetNodes(g, NULL, &nodes);
	printf("explicit graph: %zu nodes\n", nodes);
	cudaGraphExec_t ge;
	cudaGraphInstantiate(&ge, g, 0);
	footprint("instantiated:");
	cudaStream_t s;
	cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
	for (int launch = 1; launch <= 2; launch++) {
		memset(out1, 0, sizeof out1);
		cudaError_t e = cudaGraphLaunch(ge, s);
		cudaStreamSynchronize(s);
		printf("launch %d: %s, out %d %d %d\n", launch, cudaGetErrorString(e), out1[0], out1[1], out1[N - 1]);
		footprint("after the launch:");
	}
	cudaDeviceGraphMemTrim(0);
	footprint("trimmed:");

	/* captured: cudaMallocAsync and cudaFreeAsync become nodes */
	int *d_in, *d_tmp;
	cudaMalloc(&d_in, sizeof h);
	cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
	cudaGraph_t cg;
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	cudaMallocAsync(&d_tmp, 64 * MIB, s);
	scale<<<1, N, 0, s>>>(d_in, d_tmp, 7);
	cudaMemcpyAsync(out2, d_tmp, sizeof out2, cudaMemcpyDeviceToHost, s);
	cudaFreeAsync(d_tmp, s);
	cudaStreamEndCapture(s, &cg);
	cudaGraphGetNodes(cg, NULL, &nodes);
	printf("captured graph: %zu nodes\n", nodes);
	cudaGraphExec_t ce;
	cudaGraphInstantiate(&ce, cg, 0);
	footprint("captured, instantiated:");
	cudaGraphLaunch(ce, s);
	cudaStreamSynchronize(s);
	printf("captured: %d %d %d\n", out2[0], out2[1], out2[N - 1]);
	footprint("after the captured launch:");

	/* not freed in the graph: the memory stays valid after the launch */
	cudaGraph_t ug;
	cudaGraphCreate(&ug, 0);
	cudaMemAllocNodeParams q = params(128 * MIB);
	cudaGraphNode_t alloc_u;
	cudaGraphAddMemAllocNode(&alloc_u, ug, NULL, 0, &q);
	int *u = (int *)q.dptr;
	cudaGraphExec_t ue;
	cudaGraphInstantiate(&ue, ug, 0);
	cudaGraphLaunch(ue, s);
	cudaStreamSynchronize(s);
	footprint("unfreed 128 MiB:");
	scale<<<1, N>>>(d_in, u, 11);
	cudaMemcpy(out2, u, sizeof out2, cudaMemcpyDeviceToHost);
	printf("used after the launch: %d %d\n", out2[0], out2[N - 1]);
	cudaDeviceGraphMemTrim(0);
	footprint("trim while allocated:");
	cudaFree(u);
	footprint("freed outside the graph:");
	cudaDeviceGraphMemTrim(0);
	footprint("trimmed:");

	cudaGraphExecDestroy(ge);
	cudaGraphExecDestroy(ce);
	cudaGraphExecDestroy(ue);
	cudaGraphDestroy(g);
	cudaGraphDestroy(cg);
	cudaGraphDestroy(ug);
	cudaFree(d_in);
	cudaStreamDestroy(s);
	printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
	return 0;
}
