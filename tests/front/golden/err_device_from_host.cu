__device__ int sq(int x) { return x * x; }
int main() { return sq(3); }
