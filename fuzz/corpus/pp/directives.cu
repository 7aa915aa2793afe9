#include <stdio.h>
#include "x.h"
#line 10 "y.cu"
__LINE__ __FILE__ __COUNTER__
_Pragma("unroll") #pragma unroll 4
