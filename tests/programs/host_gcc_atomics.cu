// GCC's __sync_* and __atomic_* builtins on the host, on host and managed
// memory (the CPU half of the CUDA sample systemWideAtomics), and anonymous
// mmap/munmap/mlock for page-aligned host memory (simpleStreams).
#include <stdio.h>
#include <stdint.h>
#include <sys/mman.h>

__global__ void bump(int *c, int n)
{
	atomicAdd_system(c, n);
}

int main()
{
	int x = 5;
	int r = __sync_fetch_and_add(&x, 10);
	printf("fetch_and_add %d -> %d\n", r, x);
	r = __sync_add_and_fetch(&x, 1);
	printf("add_and_fetch %d\n", r);
	r = __sync_fetch_and_sub(&x, 6);
	printf("fetch_and_sub %d -> %d\n", r, x);
	unsigned int u = 0xf0;
	unsigned int r1 = __sync_fetch_and_or(&u, 0x0fu);
	unsigned int r2 = __sync_fetch_and_and(&u, 0x3cu);
	unsigned int r3 = __sync_fetch_and_xor(&u, 0xffu);
	unsigned int r4 = __sync_nand_and_fetch(&u, 0x0fu);
	printf("or %x and %x xor %x nand %x -> %x\n", r1, r2, r3, r4, u);
	long long big = 1LL << 40;
	long long rb = __sync_fetch_and_add(&big, 1LL);
	printf("ll %lld %lld\n", rb, big);
	r = __sync_val_compare_and_swap(&x, 10, 42);
	printf("cas %d -> %d\n", r, x);
	int b1 = __sync_bool_compare_and_swap(&x, 7, 1);
	int b2 = __sync_bool_compare_and_swap(&x, 42, 3);
	printf("bool cas %d %d -> %d\n", b1, b2, x);
	r = __sync_lock_test_and_set(&x, 9);
	printf("test_and_set %d -> %d\n", r, x);
	__sync_lock_release(&x);
	__sync_synchronize();
	printf("release -> %d\n", x);

	unsigned long long a = 100;
	__atomic_store_n(&a, 7ULL, __ATOMIC_RELEASE);
	printf("atomic load %llu\n", __atomic_load_n(&a, __ATOMIC_ACQUIRE));
	unsigned long long f1 = __atomic_fetch_add(&a, 3ULL, __ATOMIC_SEQ_CST);
	unsigned long long f2 = __atomic_add_fetch(&a, 5ULL, __ATOMIC_RELAXED);
	printf("atomic fetch_add %llu add_fetch %llu\n", f1, f2);
	unsigned long long e = 1;
	bool ok = __atomic_compare_exchange_n(&a, &e, 99ULL, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	printf("compare_exchange %d expected now %llu\n", (int)ok, e);
	ok = __atomic_compare_exchange_n(&a, &e, 99ULL, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	printf("compare_exchange %d a %llu\n", (int)ok, a);
	f1 = __atomic_exchange_n(&a, 1ULL, __ATOMIC_SEQ_CST);
	printf("exchange %llu -> %llu\n", f1, a);

	int *c;
	cudaMallocManaged(&c, sizeof(int));
	*c = 0;
	bump<<<4, 32>>>(c, 1);
	cudaDeviceSynchronize();
	for (int i = 0; i < 10; i++)
		__sync_fetch_and_add(c, 100);
	printf("managed counter %d\n", *c);
	cudaFree(c);

	size_t n = 1 << 16;
	char *m = (char *)mmap(NULL, n + 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0);
	if (m == MAP_FAILED) {
		printf("mmap failed\n");
		return 1;
	}
	int *al = (int *)(((uintptr_t)m + 4095) & ~(uintptr_t)4095);
	printf("aligned %d zeroed %d\n", (int)((uintptr_t)al % 4096), al[100]);
	printf("mlock %d\n", mlock(al, n));
	for (int i = 0; i < 1024; i++)
		al[i] = i;
	int *d;
	cudaMalloc(&d, 4096);
	cudaMemcpy(d, al, 4096, cudaMemcpyHostToDevice);
	cudaMemcpy(al + 1024, d, 4096, cudaMemcpyDeviceToHost);
	printf("copied back %d %d\n", al[1024 + 5], al[2047]);
	cudaFree(d);
	int ul = munlock(al, n);
	int um = munmap(m, n + 4096);
	printf("munlock %d munmap %d\n", ul, um);
	return 0;
}
