#define BINS 256
__kernel void histogram(__global const uchar *data, int n, __global uint *bins)
{
	__local uint local_bins[BINS];
	int t = get_local_id(0);
	local_bins[t] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	int i = get_global_id(0);
	if (i < n)
		atomic_inc(&local_bins[data[i]]);
	barrier(CLK_LOCAL_MEM_FENCE);
	if (local_bins[t])
		atomic_add(&bins[t], local_bins[t]);
}
