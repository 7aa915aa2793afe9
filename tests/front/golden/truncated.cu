__global__ void k(int *p) {
	int x = p[
