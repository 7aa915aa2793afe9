/* cuda_pipeline.h - warpstep built-in header: the pipeline primitives
 * (<cuda_pipeline_primitives.h>). The deprecated class
 * nvcuda::experimental::pipeline is not provided. */
#include <cuda_pipeline_primitives.h>
