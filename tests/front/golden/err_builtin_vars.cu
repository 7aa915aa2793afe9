__global__ void k(unsigned *p) {
	threadIdx.x = 3;
	blockIdx.y++;
	p = &blockDim.x;
	*p = gridDim.z;
}
int main() { return threadIdx.x + warpSize; }
