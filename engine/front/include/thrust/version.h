/* thrust/version.h - warpstep built-in header: the Thrust of CUDA 13.0. */
#ifndef THRUST_VERSION
#define THRUST_VERSION 300000
#define THRUST_MAJOR_VERSION 3
#define THRUST_MINOR_VERSION 0
#define THRUST_SUBMINOR_VERSION 0
#endif
