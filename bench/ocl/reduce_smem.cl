#define BLOCK 256
__kernel void reduce_smem(__global const int *in, __global int *partial, int n)
{
	__local int s[BLOCK];
	unsigned t = get_local_id(0);
	unsigned i = get_global_id(0);
	s[t] = i < (unsigned)n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (unsigned stride = get_local_size(0) / 2; stride > 0; stride >>= 1) {
		if (t < stride)
			s[t] += s[t + stride];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (t == 0)
		partial[get_group_id(0)] = s[0];
}
