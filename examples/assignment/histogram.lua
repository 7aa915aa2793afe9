-- histogram.lua - an example whole-program assignment for `warpstep grade`
-- (docs/teaching.md, "Whole-program assignments").
--
-- The task given to students: write a complete program that reads a count n
-- and then n integers between 0 and 15 from standard input, builds their
-- histogram (16 bins) on the GPU, and prints one line per bin,
-- "bin K: COUNT". A count that is negative or above 100000 is bad input:
-- print "bad input" on stderr and exit with status 1.
--
-- Grade a class:  warpstep grade histogram.lua histogram/*.cu

assignment{
	name = "histogram program",
	program = true,            -- each submission has its own main()
	file = "histogram.cu",
	max_steps = 20000000,
	-- each test's expected output and exit status come from this program
	reference = [[
#include <cstdio>
__global__ void hist(const int *v, int n, unsigned *bins)
{
    __shared__ unsigned s[16];
    if (threadIdx.x < 16) s[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&s[v[i] & 15], 1u);
    __syncthreads();
    if (threadIdx.x < 16) atomicAdd(&bins[threadIdx.x], s[threadIdx.x]);
}
int main()
{
    int n;
    if (scanf("%d", &n) != 1 || n < 0 || n > 100000) { fprintf(stderr, "bad input\n"); return 1; }
    int *h = new int[n > 0 ? n : 1];
    for (int i = 0; i < n; i++) scanf("%d", &h[i]);
    int *v; unsigned *bins, out[16];
    cudaMalloc(&v, (n > 0 ? n : 1) * sizeof(int));
    cudaMalloc(&bins, sizeof(out));
    cudaMemcpy(v, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(bins, 0, sizeof(out));
    hist<<<4, 128>>>(v, n, bins);
    cudaMemcpy(out, bins, sizeof(out), cudaMemcpyDeviceToHost);
    for (int k = 0; k < 16; k++) printf("bin %d: %u\n", k, out[k]);
    delete[] h;
    return 0;
}
]],
}

-- Hidden inputs: the students never see them.
local function numbers(n, seed)
	local t = { tostring(n) }
	local x = seed
	for i = 1, n do
		x = (x * 1103515245 + 12345) % 2147483648
		t[#t + 1] = tostring(x % 16)
	end
	return table.concat(t, " ") .. "\n"
end

test{ name = "a few numbers", points = 2, stdin = "5\n3 3 15 0 3\n" }
test{ name = "1000 numbers (more than one block's worth)", points = 3, stdin = numbers(1000, 7) }
test{ name = "no numbers", points = 1, stdin = "0\n" }
test{ name = "bad input: a negative count", points = 1, stdin = "-4\n" }
test{ name = "every bin counted", points = 1, stdin = numbers(64, 11),
	expect = function(run)
		local total = 0
		for c in run.stdout:gmatch("bin %d+: (%d+)") do total = total + tonumber(c) end
		return total == 64, string.format("the bins add up to %d, expected 64", total)
	end }

constraint{ name = "no findings (races, out-of-bounds reads, uninitialized memory)", points = 2, check = "no_findings" }
constraint{ name = "uses shared memory", points = 1, check = "uses_shared" }
