// Thread block clusters (sm_90): __cluster_dims__ and cudaLaunchKernelEx with
// the cluster dimension attribute; cooperative_groups::this_cluster() with
// block_rank, num_blocks, dim_blocks, block_index, thread_rank, sync; the
// cluster special registers; and the Programming Guide's distributed shared
// memory histogram: each block of a cluster holds part of the bins in its
// shared memory and every block adds into the others' parts through
// map_shared_rank.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) info(unsigned *out)
{
	cg::cluster_group cluster = cg::this_cluster();
	unsigned b = blockIdx.x + blockIdx.y * gridDim.x;
	if (threadIdx.x == 0) {
		dim3 d = cluster.dim_blocks(), i = cluster.block_index(), c = __clusterIdx();
		out[b * 8 + 0] = cluster.block_rank();
		out[b * 8 + 1] = cluster.num_blocks();
		out[b * 8 + 2] = d.x * 100 + d.y * 10 + d.z;
		out[b * 8 + 3] = i.x * 10 + i.y;
		out[b * 8 + 4] = c.x * 10 + c.y;
		out[b * 8 + 5] = (unsigned)cluster.thread_rank();
		out[b * 8 + 6] = (unsigned)cluster.num_threads();
		out[b * 8 + 7] = __clusterGridDimInClusters().x;
	}
}

/* the same through inline PTX: %cluster_ctarank, %cluster_nctarank,
 * %clusterid.x, barrier.cluster.arrive / wait and fence.acq_rel.cluster;
 * and atomics on block rank 0's shared counter from the whole cluster */
__global__ void __cluster_dims__(4, 1, 1) ptx(unsigned *out)
{
	__shared__ int count;
	unsigned rank, n, cid;
	asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
	asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(n));
	asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(cid));
	if (threadIdx.x == 0)
		count = 0;
	asm volatile("barrier.cluster.arrive;\n\tbarrier.cluster.wait;" ::: "memory");
	int *c0 = cg::this_cluster().map_shared_rank(&count, 0);
	atomicAdd(c0, (int)rank + 1);
	asm volatile("fence.acq_rel.cluster;" ::: "memory");
	cg::this_cluster().sync();
	if (threadIdx.x == 0)
		out[blockIdx.x] = rank * 10000 + n * 1000 + cid * 100 + (rank == 0 ? (unsigned)count / 32 : 0);
	cg::this_cluster().sync();
}

/* each block writes its rank into its shared word, the cluster syncs, and
 * each block reads its neighbour's word */
__global__ void ring(int *out)
{
	__shared__ int mine;
	cg::cluster_group cluster = cg::this_cluster();
	unsigned r = cluster.block_rank(), n = cluster.num_blocks();
	if (threadIdx.x == 0)
		mine = 100 + (int)r + 10 * (int)blockIdx.x;
	cluster.sync();
	int *other = cluster.map_shared_rank(&mine, (int)((r + 1) % n));
	if (threadIdx.x == 0)
		out[blockIdx.x] = *other;
	cluster.sync(); // no block leaves while another may still read its shared memory
}

// the guide's distributed shared memory histogram
__global__ void clusterHist_kernel(int *bins, const int nbins, const int bins_per_block, const int *__restrict__ input,
				   size_t array_size)
{
	extern __shared__ int smem[];
	namespace cg = cooperative_groups; // a namespace alias inside the kernel, as the guide writes it
	int tid = cg::this_grid().thread_rank();

	cg::cluster_group cluster = cg::this_cluster();
	unsigned int clusterBlockRank = cluster.block_rank();
	int cluster_size = cluster.dim_blocks().x;

	for (int i = threadIdx.x; i < bins_per_block; i += blockDim.x)
		smem[i] = 0; // initialize the shared memory histogram to zeros

	// the cluster synchronization ensures that all blocks are started and
	// their shared memory is initialized
	cluster.sync();

	for (int i = tid; i < array_size; i += blockDim.x * gridDim.x) {
		int ldata = input[i];
		int binid = ldata;
		if (ldata < 0)
			binid = 0;
		else if (ldata >= nbins)
			binid = nbins - 1;
		// the destination block rank and the offset in it
		int dst_block_rank = (int)(binid / bins_per_block);
		int dst_offset = binid % bins_per_block;
		int *dst_smem = cluster.map_shared_rank(smem, dst_block_rank);
		atomicAdd(dst_smem + dst_offset, 1);
	}

	// every block's shared memory stays alive until all blocks are done with it
	cluster.sync();

	// add the per-block histograms into the global one
	int *lbins = bins + cluster.block_rank() * bins_per_block;
	for (int i = threadIdx.x; i < bins_per_block; i += blockDim.x)
		atomicAdd(&lbins[i], smem[i]);
}

int main()
{
	unsigned *dinfo, hinfo[8 * 8];
	cudaMalloc(&dinfo, sizeof(hinfo));
	info<<<dim3(4, 2), 64>>>(dinfo);
	cudaMemcpy(hinfo, dinfo, sizeof(hinfo), cudaMemcpyDeviceToHost);
	printf("__cluster_dims__(2,1,1), grid (4,2), 64 threads: %s\n", cudaGetErrorString(cudaGetLastError()));
	for (int b = 0; b < 8; b++)
		printf("block (%d,%d): rank %u of %u, dim %03u, index %02u, cluster %02u, thread_rank %u of %u, %u clusters in x\n",
		       b % 4, b / 4, hinfo[b * 8], hinfo[b * 8 + 1], hinfo[b * 8 + 2], hinfo[b * 8 + 3], hinfo[b * 8 + 4],
		       hinfo[b * 8 + 5], hinfo[b * 8 + 6], hinfo[b * 8 + 7]);

	ptx<<<8, 32>>>(dinfo);
	cudaMemcpy(hinfo, dinfo, 8 * sizeof(unsigned), cudaMemcpyDeviceToHost);
	printf("inline PTX (rank*10000 + nctarank*1000 + clusterid*100 + rank 0's sum of rank+1 over the cluster's warps):");
	for (int b = 0; b < 8; b++)
		printf(" %u", hinfo[b]);
	printf("\n");

	int *dring, hring[8];
	cudaMalloc(&dring, sizeof(hring));
	cudaLaunchConfig_t config = {0};
	cudaLaunchAttribute attribute[1];
	config.gridDim = dim3(8);
	config.blockDim = dim3(32);
	config.dynamicSmemBytes = 0;
	attribute[0].id = cudaLaunchAttributeClusterDimension;
	attribute[0].val.clusterDim.x = 4;
	attribute[0].val.clusterDim.y = 1;
	attribute[0].val.clusterDim.z = 1;
	config.attrs = attribute;
	config.numAttrs = 1;
	cudaError_t e = cudaLaunchKernelEx(&config, ring, dring);
	cudaMemcpy(hring, dring, sizeof(hring), cudaMemcpyDeviceToHost);
	printf("ring over clusters of 4 (cudaLaunchKernelEx: %s):", cudaGetErrorString(e));
	for (int i = 0; i < 8; i++)
		printf(" %d", hring[i]);
	printf("\n");

	// the histogram: 4 blocks per cluster, 32 bins per block, 128 bins
	const int nbins = 128, cluster_size = 4, bins_per_block = nbins / cluster_size, threads = 64;
	const size_t n = 5000;
	int *hin = new int[n], *dbins, *din, hbins[nbins], ref[nbins];
	for (int i = 0; i < nbins; i++)
		ref[i] = 0;
	for (size_t i = 0; i < n; i++) {
		hin[i] = (int)((i * 7919u) % 140u) - 5; // some below 0 and above nbins - 1
		int b = hin[i] < 0 ? 0 : hin[i] >= nbins ? nbins - 1 : hin[i];
		ref[b]++;
	}
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dbins, nbins * sizeof(int));
	cudaMemcpy(din, hin, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(dbins, 0, nbins * sizeof(int));
	cudaLaunchConfig_t hc = {0};
	hc.gridDim = dim3(cluster_size * 2); // two clusters: each adds its own histogram
	hc.blockDim = dim3(threads);
	hc.dynamicSmemBytes = bins_per_block * sizeof(int);
	cudaLaunchAttribute ha[1];
	ha[0].id = cudaLaunchAttributeClusterDimension;
	ha[0].val.clusterDim.x = cluster_size;
	ha[0].val.clusterDim.y = 1;
	ha[0].val.clusterDim.z = 1;
	hc.attrs = ha;
	hc.numAttrs = 1;
	// as the guide does before a launch with dynamic shared memory (the kernel named directly)
	e = cudaFuncSetAttribute(clusterHist_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, hc.dynamicSmemBytes);
	printf("cudaFuncSetAttribute: %s\n", cudaGetErrorString(e));
	e = cudaLaunchKernelEx(&hc, clusterHist_kernel, dbins, nbins, bins_per_block, (const int *)din, n);
	cudaMemcpy(hbins, dbins, sizeof(hbins), cudaMemcpyDeviceToHost);
	int bad = 0, total = 0;
	for (int i = 0; i < nbins; i++) {
		bad += hbins[i] != ref[i];
		total += hbins[i];
	}
	printf("histogram (cudaLaunchKernelEx: %s): %d of %d bins differ from the CPU, %d values counted\n",
	       cudaGetErrorString(e), bad, nbins, total);
	printf("bins 0..7:");
	for (int i = 0; i < 8; i++)
		printf(" %d", hbins[i]);
	printf("\nbins 120..127:");
	for (int i = 120; i < 128; i++)
		printf(" %d", hbins[i]);
	printf("\n");

	// a grid that is not a whole number of clusters
	config.gridDim = dim3(6);
	e = cudaLaunchKernelEx(&config, ring, dring);
	printf("grid 6 with clusters of 4: %s\n", cudaGetErrorString(e));
	cudaGetLastError();
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	delete[] hin;
	return 0;
}
