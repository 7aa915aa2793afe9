-- block_sum.lua - an example assignment spec for `warpstep grade`
-- (docs/teaching.md explains every field).
--
-- The task given to students: write
--     __global__ void block_sum(int *out, const int *in, int n)
-- where each block of 256 threads adds its 256 elements of in (elements at
-- n or past it count as 0) and writes the sum to out[blockIdx.x], using
-- shared memory, without atomics and without bank conflicts.
--
-- Grade a class:  warpstep grade block_sum.lua class/*.cu --csv grades.csv

assignment{
	name = "block sum",
	kernel = "block_sum",
	file = "block_sum.cu",
	max_steps = 5000000,      -- an endless loop fails its test, not the grader
	-- the expected outputs come from this kernel run on the same inputs
	reference = [[
__global__ void block_sum(int *out, const int *in, int n)
{
    __shared__ int s[256];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (int d = blockDim.x / 2; d > 0; d /= 2) {
        if (t < d)
            s[t] += s[t + d];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}
]],
}

-- Hidden inputs: the students never see these values.
local function inputs(n)
	return function(m)
		local blocks = (n + 255) // 256
		local input, out = m:alloc(n * 4), m:alloc(blocks * 4)
		local v = {}
		for i = 1, n do v[i] = (i * 37) % 19 - 9 end
		input:write(0, "i32", v)
		local z = {}
		for i = 1, blocks do z[i] = 0 end
		out:write(0, "i32", z)
		-- the kernel's arguments, then the outputs to compare
		return { out, input, n }, { out = { out, "i32", blocks } }
	end
end

test{ name = "one block (n = 256)", points = 2, grid = 1, block = 256, setup = inputs(256) }
test{ name = "four blocks (n = 1024)", points = 2, grid = 4, block = 256, setup = inputs(1024) }
test{ name = "a partial last block (n = 1000)", points = 2, grid = 4, block = 256, setup = inputs(1000) }

constraint{ name = "no findings (races, out-of-bounds, barriers)", points = 2, check = "no_findings" }
constraint{ name = "uses shared memory", points = 1, check = "uses_shared" }
constraint{ name = "no shared-memory bank conflicts", points = 1, check = "no_bank_conflicts" }
constraint{ name = "no atomics", points = 1, check = "no_atomics" }
