#define TILE 16
__kernel void matmul_tiled(__global const float *a, __global const float *b, __global float *c, int n)
{
	__local float as[TILE][TILE];
	__local float bs[TILE][TILE];
	int tx = get_local_id(0), ty = get_local_id(1);
	int row = get_group_id(1) * TILE + ty, col = get_group_id(0) * TILE + tx;
	float sum = 0.0f;
	for (int t = 0; t < n / TILE; t++) {
		as[ty][tx] = a[row * n + t * TILE + tx];
		bs[ty][tx] = b[(t * TILE + ty) * n + col];
		barrier(CLK_LOCAL_MEM_FENCE);
		for (int k = 0; k < TILE; k++)
			sum += as[ty][k] * bs[k][tx];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	c[row * n + col] = sum;
}
