// Conditional graph nodes (CUDA 12.4+): a kernel sets the node's handle with
// cudaGraphSetConditional and the node runs a body graph by its value. IF
// (with an ELSE body when size is 2), WHILE (repeats while the handle is
// non-zero after its body; the default value, assigned at each launch with
// cudaGraphCondAssignDefault, makes it a do-while) and SWITCH (body n for
// value n, none past size). Bodies are built with cudaGraphAddNode or by
// capturing a stream into them (cudaStreamBeginCaptureToGraph).
#include <stdio.h>

__global__ void set_from(const int *v, cudaGraphConditionalHandle h)
{
	cudaGraphSetConditional(h, (unsigned)*v);
}

__global__ void record(int *log, int *n, int what)
{
	log[(*n)++] = what;
}

__global__ void count_down(int *v, int *log, int *n, cudaGraphConditionalHandle h)
{
	log[(*n)++] = 100 + *v;
	if (--*v <= 0)
		cudaGraphSetConditional(h, 0);
}

static int *d_v, *d_log, *d_n;

static void show(const char *what)
{
	int log[64], n;
	cudaMemcpy(&n, d_n, sizeof n, cudaMemcpyDeviceToHost);
	cudaMemcpy(log, d_log, sizeof log, cudaMemcpyDeviceToHost);
	printf("%-22s", what);
	for (int i = 0; i < n; i++)
		printf(" %d", log[i]);
	printf("\n");
	cudaMemset(d_n, 0, sizeof(int));
}

static cudaGraphNode_t add_kernel(cudaGraph_t g, const cudaGraphNode_t *dep, void *func, void **args)
{
	cudaGraphNodeParams p = {cudaGraphNodeTypeKernel};
	p.kernel.func = func;
	p.kernel.gridDim.x = p.kernel.gridDim.y = p.kernel.gridDim.z = 1;
	p.kernel.blockDim.x = p.kernel.blockDim.y = p.kernel.blockDim.z = 1;
	p.kernel.kernelParams = args;
	cudaGraphNode_t node;
	cudaError_t e = cudaGraphAddNode(&node, g, dep, NULL, dep ? 1 : 0, &p);
	if (e != cudaSuccess)
		printf("cudaGraphAddNode: %s\n", cudaGetErrorString(e));
	return node;
}

static cudaGraph_t *add_cond(cudaGraph_t g, const cudaGraphNode_t *dep, cudaGraphConditionalHandle h,
			     cudaGraphConditionalNodeType type, unsigned size)
{
	cudaGraphNodeParams c = {cudaGraphNodeTypeConditional};
	c.conditional.handle = h;
	c.conditional.type = type;
	c.conditional.size = size;
	cudaGraphNode_t node;
	cudaError_t e = cudaGraphAddNode(&node, g, dep, NULL, dep ? 1 : 0, &c);
	if (e != cudaSuccess)
		printf("conditional node: %s\n", cudaGetErrorString(e));
	return c.conditional.phGraph_out;
}

int main(void)
{
	cudaMalloc(&d_v, sizeof(int));
	cudaMalloc(&d_log, 64 * sizeof(int));
	cudaMalloc(&d_n, sizeof(int));
	cudaMemset(d_n, 0, sizeof(int));
	cudaMemset(d_log, 0, 64 * sizeof(int));
	int one = 1, two = 2, three = 3;
	void *rec1[] = {&d_log, &d_n, &one}, *rec2[] = {&d_log, &d_n, &two}, *rec3[] = {&d_log, &d_n, &three};

	/* IF / ELSE */
	cudaGraph_t g;
	cudaGraphCreate(&g, 0);
	cudaGraphConditionalHandle h;
	cudaGraphConditionalHandleCreate(&h, g);
	void *setargs[] = {&d_v, &h};
	cudaGraphNode_t set = add_kernel(g, NULL, (void *)set_from, setargs);
	cudaGraph_t *bodies = add_cond(g, &set, h, cudaGraphCondTypeIf, 2);
	add_kernel(bodies[0], NULL, (void *)record, rec1);
	add_kernel(bodies[1], NULL, (void *)record, rec2);
	cudaGraphExec_t ge;
	cudaGraphInstantiate(&ge, g, 0);
	for (int v = 0; v < 2; v++) {
		cudaMemcpy(d_v, &v, sizeof v, cudaMemcpyHostToDevice);
		cudaGraphLaunch(ge, 0);
		cudaDeviceSynchronize();
		printf("if/else, value %d:", v);
		show("");
	}

	/* SWITCH with 3 bodies: value 5 runs none */
	cudaGraph_t sg;
	cudaGraphCreate(&sg, 0);
	cudaGraphConditionalHandle sh;
	cudaGraphConditionalHandleCreate(&sh, sg);
	void *ssetargs[] = {&d_v, &sh};
	cudaGraphNode_t sset = add_kernel(sg, NULL, (void *)set_from, ssetargs);
	cudaGraph_t *sb = add_cond(sg, &sset, sh, cudaGraphCondTypeSwitch, 3);
	add_kernel(sb[0], NULL, (void *)record, rec1);
	add_kernel(sb[1], NULL, (void *)record, rec2);
	add_kernel(sb[2], NULL, (void *)record, rec3);
	cudaGraphExec_t se;
	cudaGraphInstantiate(&se, sg, 0);
	int vals[] = {2, 0, 5, 1};
	for (int i = 0; i < 4; i++) {
		cudaMemcpy(d_v, &vals[i], sizeof(int), cudaMemcpyHostToDevice);
		cudaGraphLaunch(se, 0);
	}
	cudaDeviceSynchronize();
	show("switch 2, 0, 5, 1:");

	/* WHILE with default 1 (do-while), body captured, then a kernel after the node */
	cudaGraph_t wg;
	cudaGraphCreate(&wg, 0);
	cudaGraphConditionalHandle wh;
	cudaGraphConditionalHandleCreate(&wh, wg, 1, cudaGraphCondAssignDefault);
	cudaGraph_t *wb = add_cond(wg, NULL, wh, cudaGraphCondTypeWhile, 1);
	cudaStream_t s;
	cudaStreamCreate(&s);
	cudaStreamBeginCaptureToGraph(s, wb[0], NULL, NULL, 0, cudaStreamCaptureModeGlobal);
	record<<<1, 1, 0, s>>>(d_log, d_n, 7);
	count_down<<<1, 1, 0, s>>>(d_v, d_log, d_n, wh);
	cudaStreamEndCapture(s, NULL);
	cudaGraphExec_t we;
	cudaGraphInstantiate(&we, wg, 0);
	int start[] = {3, 0};
	for (int i = 0; i < 2; i++) {
		cudaMemcpy(d_v, &start[i], sizeof(int), cudaMemcpyHostToDevice);
		cudaGraphLaunch(we, s);
		cudaStreamSynchronize(s);
		printf("do-while from %d:", start[i]);
		show("");
	}

	/* a WHILE node added to a capture in progress (cudaStreamGetCaptureInfo) */
	cudaGraph_t cg;
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	cudaStreamCaptureStatus status;
	const cudaGraphNode_t *deps;
	size_t ndeps;
	cudaStreamGetCaptureInfo(s, &status, NULL, &cg, &deps, NULL, &ndeps);
	printf("capturing: %d, dependencies %zu\n", status == cudaStreamCaptureStatusActive, ndeps);
	cudaGraphConditionalHandle ch;
	cudaGraphConditionalHandleCreate(&ch, cg);
	set_from<<<1, 1, 0, s>>>(d_v, ch);
	cudaStreamGetCaptureInfo(s, &status, NULL, &cg, &deps, NULL, &ndeps);
	printf("after a kernel: dependencies %zu\n", ndeps);
	cudaGraphNodeParams c = {cudaGraphNodeTypeConditional};
	c.conditional.handle = ch;
	c.conditional.type = cudaGraphCondTypeWhile;
	c.conditional.size = 1;
	cudaGraphNode_t cn;
	cudaGraphAddNode(&cn, cg, deps, NULL, ndeps, &c);
	cudaStreamUpdateCaptureDependencies(s, &cn, NULL, 1, cudaStreamSetCaptureDependencies);
	record<<<1, 1, 0, s>>>(d_log, d_n, 1);
	cudaStreamEndCapture(s, &cg);
	void *cdargs[] = {&d_v, &d_log, &d_n, &ch};
	add_kernel(c.conditional.phGraph_out[0], NULL, (void *)count_down, cdargs);
	cudaGraphExec_t ce;
	cudaGraphInstantiate(&ce, cg, 0);
	int two_left = 2;
	cudaMemcpy(d_v, &two_left, sizeof(int), cudaMemcpyHostToDevice);
	cudaGraphLaunch(ce, s);
	cudaStreamSynchronize(s);
	show("captured while from 2:");
	printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
	return 0;
}
