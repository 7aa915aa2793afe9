/* stdbool.h - warpstep built-in header (C++: bool is a keyword). */
#ifndef __WS_STDBOOL_H
#define __WS_STDBOOL_H
#define __bool_true_false_are_defined 1
#endif
