__global__ void k(int *p) { *p = 1; }
void f(int *p) { k(p); }
