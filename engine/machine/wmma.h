/*
 * wmma.h - warp matrix fragments (wmma.c): the codes mma.h gives each
 * fragment type and the lane-to-element mapping, for the interpreter, the
 * inspection queries and the built-in header alike.
 *
 * A fragment code is use | shape << 2 | type << 5.
 */
#ifndef WS_WMMA_H
#define WS_WMMA_H

#include "util.h"

enum { WMMA_A, WMMA_B, WMMA_C };
enum { WMMA_M16N16K16, WMMA_M32N8K16, WMMA_M8N32K16, WMMA_M16N16K8, WMMA_M8N8K4, WMMA_M8N8K32,
       WMMA_M8N8K128 };
enum { WMMA_F16, WMMA_F32, WMMA_BF16, WMMA_TF32, WMMA_F64, WMMA_S8, WMMA_U8, WMMA_S32, WMMA_S4,
       WMMA_U4, WMMA_B1 };

/* 1 if code names a fragment type of the CUDA guide's table */
int wmma_valid(int code);
/* the length of the fragment's x[] (storage elements; 0: not valid) */
int wmma_storage_elements(int code);
/* num_elements (packed sub-byte elements counted one by one) */
int wmma_elements(int code);
/* the rows and columns of the fragment's matrix; -1 if not valid */
int wmma_dims(int code, int *rows, int *cols);
/* the row and column of storage element e of lane's fragment (for a packed
 * word, its first element: the next ones follow along A's row or B's
 * column); -1 if there is no such element */
int wmma_rc(int code, unsigned lane, unsigned e, int *row, int *col);
/* "fragment<matrix_a, 16, 16, 16, half>"; -1 if not valid */
int wmma_describe(int code, struct strbuf *out);

#endif
