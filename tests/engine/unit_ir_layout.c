/*
 * unit_ir_layout.c - the facts front ends share with the engine and must
 * not restate: the size of each IR type (ir_type_size, ir.h) and the
 * address tags (MACHINE_TAG_*, machine.h), checked against the addresses
 * the machine really hands out. TAP 13.
 */
#include "front.h"
#include "machine.h"

#include <stdio.h>
#include <string.h>
#include "tap.h"

static void test_type_sizes(void)
{
	static const unsigned want[IR_NTYPES] = {
		[IR_VOID] = 8, [IR_PRED] = 1, [IR_S8] = 1, [IR_U8] = 1, [IR_S16] = 2, [IR_U16] = 2,
		[IR_S32] = 4, [IR_U32] = 4, [IR_S64] = 8, [IR_U64] = 8, [IR_F16] = 2, [IR_F32] = 4,
		[IR_F64] = 8, [IR_PTR] = 8,
	};
	for (unsigned t = 0; t < IR_NTYPES; t++)
		ok(ir_type_size(t) == want[t], "ir_type_size(%s) is %u", ir_type_name(t), want[t]);
}

static const char src[] =
	"__device__ int g;\n"
	"__constant__ int c;\n"
	"__global__ void k(int *p) { __shared__ int s; s = 1; *p = s + g + c; }\n";

static void test_tags(void)
{
	struct compilation cu;
	compilation_init(&cu);
	int r = front_compile_string(&cu, "tags.cu", src, NULL);
	ok(r == 0, "the tag program compiles");
	if (r) {
		diag_render(&cu.diags, &cu.sm, stdout, 0);
		compilation_release(&cu);
		return;
	}
	struct machine_opts o;
	machine_opts_init(&o);
	struct machine *m = machine_new(cu.mod, &o);
	uint64_t buf = 0, addr = 0;
	ok(machine_alloc(m, 64, &buf) == 0 && buf >> MACHINE_TAG_SHIFT == MACHINE_TAG_GLOBAL,
	   "cudaMalloc memory carries MACHINE_TAG_GLOBAL");
	unsigned tag_g = 0, tag_c = 0;
	for (uint32_t i = 0; i < cu.mod->nobjs; i++) {
		const char *name = cu.mod->objs[i].name;
		if (!name || machine_object_addr(m, i, &addr) < 0)
			continue;
		if (!strcmp(name, "g"))
			tag_g = (unsigned)(addr >> MACHINE_TAG_SHIFT);
		if (!strcmp(name, "c"))
			tag_c = (unsigned)(addr >> MACHINE_TAG_SHIFT);
	}
	ok(tag_g == MACHINE_TAG_GLOBAL, "a __device__ variable carries MACHINE_TAG_GLOBAL (0x%x)", tag_g);
	ok(tag_c == MACHINE_TAG_CONST, "a __constant__ variable carries MACHINE_TAG_CONST (0x%x)", tag_c);
	machine_free(m);
	compilation_release(&cu);
}

int main(void)
{
	tap_start();
	test_type_sizes();
	test_tags();
	return tap_end();
}
