// 3D copies between linear memories (cudaMalloc3D, cudaMemcpy3D with
// positions), a graph copy node from cudaMemcpy3DParms, cudaGraphClone and
// the 5-argument cudaGraphInstantiate, and a stream capture forked onto two
// more streams through events, as NVIDIA's simpleCudaGraphs uses them.
#include <stdio.h>

__global__ void scale(float *v, int n, float f)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] *= f;
}

int main()
{
	const int W = 5, H = 3, D = 2;
	float h[D][H][W], back[D][H][W];
	for (int z = 0; z < D; z++)
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++) {
				h[z][y][x] = (float)(100 * z + 10 * y + x);
				back[z][y][x] = -1.0f;
			}
	cudaExtent ext = make_cudaExtent(W * sizeof(float), H, D);
	cudaPitchedPtr dp;
	cudaError_t e = cudaMalloc3D(&dp, ext);
	printf("cudaMalloc3D: %s, pitch >= row: %d\n", cudaGetErrorString(e), (int)(dp.pitch >= W * sizeof(float)));
	cudaMemcpy3DParms p = { 0 };
	p.srcPtr = make_cudaPitchedPtr(h, W * sizeof(float), W, H);
	p.dstPtr = dp;
	p.extent = ext;
	p.kind = cudaMemcpyHostToDevice;
	printf("to device: %s\n", cudaGetErrorString(cudaMemcpy3D(&p)));
	// copy back only the 3x2x1 box at (1, 1, 1)
	cudaMemcpy3DParms q = { 0 };
	q.srcPtr = dp;
	q.srcPos = make_cudaPos(1 * sizeof(float), 1, 1);
	q.dstPtr = make_cudaPitchedPtr(back, W * sizeof(float), W, H);
	q.dstPos = make_cudaPos(1 * sizeof(float), 1, 1);
	q.extent = make_cudaExtent(3 * sizeof(float), 2, 1);
	q.kind = cudaMemcpyDeviceToHost;
	printf("box back: %s\n", cudaGetErrorString(cudaMemcpy3D(&q)));
	for (int y = 0; y < H; y++) {
		for (int x = 0; x < W; x++)
			printf(" %4g", back[1][y][x]);
		printf("\n");
	}
	printf("untouched slice: %g\n", back[0][1][1]);

	// a graph: copy in (3D parameters), scale, copy out
	const int N = 8;
	float in[N], out[N];
	for (int i = 0; i < N; i++)
		in[i] = (float)i;
	float *d;
	cudaMalloc(&d, N * sizeof(float));
	cudaGraph_t g;
	cudaGraphCreate(&g, 0);
	cudaGraphNode_t cp, k, cpb;
	cudaMemcpy3DParms mp = { 0 };
	mp.srcPtr = make_cudaPitchedPtr(in, N * sizeof(float), N, 1);
	mp.dstPtr = make_cudaPitchedPtr(d, N * sizeof(float), N, 1);
	mp.extent = make_cudaExtent(N * sizeof(float), 1, 1);
	mp.kind = cudaMemcpyHostToDevice;
	cudaGraphAddMemcpyNode(&cp, g, NULL, 0, &mp);
	int n = N;
	float f = 3.0f;
	void *args[3] = { &d, &n, &f };
	cudaKernelNodeParams kp = { 0 };
	kp.func = (void *)scale;
	kp.gridDim = dim3(1, 1, 1);
	kp.blockDim = dim3(32, 1, 1);
	kp.kernelParams = args;
	cudaGraphAddKernelNode(&k, g, &cp, 1, &kp);
	mp.srcPtr = make_cudaPitchedPtr(d, N * sizeof(float), N, 1);
	mp.dstPtr = make_cudaPitchedPtr(out, N * sizeof(float), N, 1);
	mp.kind = cudaMemcpyDeviceToHost;
	cudaGraphAddMemcpyNode(&cpb, g, &k, 1, &mp);
	cudaGraph_t clone;
	printf("clone: %s\n", cudaGetErrorString(cudaGraphClone(&clone, g)));
	cudaGraphExec_t ex;
	printf("instantiate: %s\n", cudaGetErrorString(cudaGraphInstantiate(&ex, clone, NULL, NULL, 0)));
	cudaGraphLaunch(ex, 0);
	cudaStreamSynchronize(0);
	for (int i = 0; i < N; i++)
		printf("%g ", out[i]);
	printf("\n");
	cudaGraphExecDestroy(ex);
	cudaGraphDestroy(clone);
	cudaGraphDestroy(g);

	// capture on s1, forked onto s2 and s3 by events: their work is in the graph
	cudaStream_t s1, s2, s3;
	cudaStreamCreate(&s1);
	cudaStreamCreate(&s2);
	cudaStreamCreate(&s3);
	cudaEvent_t fork, j2, j3;
	cudaEventCreate(&fork);
	cudaEventCreate(&j2);
	cudaEventCreate(&j3);
	cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal);
	cudaEventRecord(fork, s1);
	cudaStreamWaitEvent(s2, fork, 0);
	cudaStreamWaitEvent(s3, fork, 0);
	cudaMemcpyAsync(d, in, N * sizeof(float), cudaMemcpyHostToDevice, s1);
	cudaMemsetAsync(dp.ptr, 0, 4, s2);
	cudaEventRecord(j2, s2);
	cudaMemsetAsync(dp.ptr, 0, 4, s3);
	cudaEventRecord(j3, s3);
	cudaStreamWaitEvent(s1, j2, 0);
	cudaStreamWaitEvent(s1, j3, 0);
	scale<<<1, 32, 0, s1>>>(d, N, 2.0f);
	cudaMemcpyAsync(out, d, N * sizeof(float), cudaMemcpyDeviceToHost, s1);
	cudaGraph_t cg;
	cudaStreamEndCapture(s1, &cg);
	size_t nn = 0;
	cudaGraphGetNodes(cg, NULL, &nn);
	printf("captured nodes: %zu\n", nn);
	cudaGraphExec_t cx;
	cudaGraphInstantiate(&cx, cg, 0);
	cudaGraphLaunch(cx, s1);
	cudaStreamSynchronize(s1);
	printf("out[7] = %g\n", out[7]);
	cudaGraphExecDestroy(cx);
	cudaGraphDestroy(cg);
	cudaFree(d);
	cudaFree(dp.ptr);
	return 0;
}
