__device__ void d() {}
void h() {}
int main() { h<<<1, 1>>>(); return 0; }
