/*
 * gpu_session.c - the session's side of the real GPU: the PTX of a compiled
 * program (warpstep ptx) and, for run --gpu, the backend that connects the
 * machine's runtime (struct machine_gpu of machine.h) to the driver
 * (engine/gpu). docs/gpu.md.
 */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "gpu.h"
#include "machine.h"

int session_ptx(const struct session_program *p, int arch, struct strbuf *out, struct strbuf *err)
{
	if (!p || !p->mod) {
		strbuf_adds(err, "the program did not compile");
		return -1;
	}
	return gpu_ptx_emit(p->mod, arch ? arch : 90, out, err);
}

int session_ptx_probes(const struct session_program *p, int arch, struct strbuf *out, struct strbuf *err)
{
	if (!p || !p->mod) {
		strbuf_adds(err, "the program did not compile");
		return -1;
	}
	return gpu_ptx_emit_flags(p->mod, arch ? arch : 90, GPU_PTX_TRACE, out, err);
}

int session_ptx_live(const struct session_program *p, int arch, struct strbuf *out, struct strbuf *err)
{
	if (!p || !p->mod) {
		strbuf_adds(err, "the program did not compile");
		return -1;
	}
	return gpu_ptx_emit_flags(p->mod, arch ? arch : 90, GPU_PTX_LIVE, out, err);
}

/* ---- run --gpu: the backend of struct machine_gpu */

/* The GPU's copy of one block of device memory (machine_devmem): for an
 * allocation the same address, for a module object the module's variable;
 * shadow holds the bytes last exchanged, so unchanged blocks are not sent
 * again. */
struct mirror {
	uint64_t addr, dev, size;
	int32_t obj;
	uint8_t *shadow;
	int seen;
	uint32_t ordinal;       /* --compare: the n-th block the backend met (1, 2 ...) */
	uint8_t *after;         /* --compare: the GPU's bytes after the launch */
	int got;                /* after holds this launch's bytes */
};

/* litmus --gpu: one final state of device memory and how often it came */
struct lstate {
	uint64_t hash, count;
	uint8_t *bytes;
	size_t len;
};

/* --compare: the emulator's last store to one word in this launch */
struct wrec {
	uint64_t key;           /* word address / 4 + 1; 0: empty */
	struct span sp;
	uint64_t block;         /* linear block index */
	uint32_t tid;           /* linear thread index in the block */
	uint32_t size;          /* bytes the store wrote */
};

/* run --gpu's textures: the GPU's copy of an emulated CUDA array (indexed
 * as the emulator's), of a mipmapped array, of a texture or surface object
 * (indexed by the emulator's handle) */
struct garr {
	uint64_t addr;                  /* the emulator's texels (0: none made) */
	void *arr;
	int mipmap;                     /* a level of tmip[mipmap]; -1 */
	uint8_t *shadow;                /* the bytes last exchanged */
	uint64_t bytes;
	size_t rowb, rows, depth;
};
struct gmip {
	void *mm;
	uint64_t key;                   /* level 0's address */
};
struct gobj {
	uint64_t real;                  /* 0: none made */
	struct machine_tex_object o;
};

struct session_gpu {
	struct gpu_driver *drv;
	void *module;
	const struct ir_module *mod;
	struct machine_gpu ops;
	void **fns;
	VEC(struct mirror) mirrors;
	uint64_t grid_bar, coop_flag;
	uint64_t pipe_g, pipe_buf, pipe_cap; /* GPU_PIPE_HT, the table it points at, its bytes */
	uint64_t texmap_g;              /* GPU_TEX_MAP (0: the PTX has no texture access) */
	uint64_t setcond_n, setcond_log; /* GPU_SETCOND_N and _LOG (0: no cudaGraphSetConditional) */
	uint64_t texmap[GPU_TEX_MAX];   /* what it holds */
	int texmap_sent;
	VEC(struct garr) tarr;
	VEC(struct gmip) tmip;
	VEC(struct gobj) tobj;
	uint64_t heap, printf_fifo, stack;
	int launched;
	void *ev0, *ev1;
	/* run --compare */
	int compare;
	uint32_t nblocks;               /* mirrors ordinals given */
	uint64_t nlaunch, ndiffer;      /* launches compared, launches that differed */
	int gpu_err;                    /* the GPU's result for this launch */
	int fn;                         /* this launch's kernel */
	uint32_t grid[3], block[3];
	size_t out_off;                 /* the emulator's device output before the launch */
	struct strbuf gpu_out;          /* what the GPU's device printf wrote */
	struct strbuf report;           /* the diffs, for the caller to show */
	struct wrec *w;                 /* last stores, open addressing */
	size_t wcap, wlen;
	/* trace --gpu: the launch recorded */
	int tracing;
	char *tkernel;                  /* NULL: any kernel */
	uint64_t tlaunch, tseen, tcap;  /* which launch of it (1 ...), how many met, records room */
	uint64_t tbuf_g, tn_g, tcap_g;  /* the probes' module globals */
	int traced;                     /* the launch ran: what follows holds it */
	int tfunc, terr;
	uint32_t tgrid[3], tblock[3];
	uint64_t tn;                    /* records the probes counted */
	uint8_t *trec;                  /* min(tn, tcap) records of GPU_TRACE_REC bytes */
	/* debug --gpu --live: the launch stepped on the GPU */
	int living;
	char *lkernel;                  /* NULL: any kernel */
	uint64_t llaunch, lseen, ltimeout;
	uint64_t lbuf_g, llock_g;       /* the gates' module globals */
	int lived;                      /* 1: stepped; 2: refused (lerr says why) */
	int lgaveup, lerrcode;
	session_live_fn lcb;
	void *lctx;
	struct strbuf lverr;
	/* litmus --gpu: the first launch runs lruns times with stress */
	int litmus;                     /* 1: collect, 2: inject state linject */
	int ldone;                      /* the litmus launch of this run was handled */
	uint64_t lruns, lseed, lran;
	size_t linject;
	int lstress;                    /* stress blocks per launch */
	uint32_t lthreads;              /* threads per block launched */
	VEC(struct lstate) lstates;
	struct strbuf lerr;
};

static int code(int cu)
{
	return gpu_runtime_code(cu);
}

static int gpu_alloc(void *ctx, uint64_t size, int managed, uint64_t *addr)
{
	struct session_gpu *g = ctx;
	int r = managed ? gpu_mem_alloc_managed(g->drv, addr, size) : gpu_mem_alloc(g->drv, addr, size);
	return code(r);
}

static int gpu_free(void *ctx, uint64_t addr)
{
	struct session_gpu *g = ctx;
	return code(gpu_mem_free(g->drv, addr));
}

static struct mirror *mirror_of(struct session_gpu *g, const struct machine_devmem *d)
{
	for (size_t i = 0; i < g->mirrors.len; i++)
		if (g->mirrors.v[i].addr == d->addr && g->mirrors.v[i].size == d->size && g->mirrors.v[i].obj == d->obj)
			return &g->mirrors.v[i];
	struct mirror mr;
	memset(&mr, 0, sizeof(mr));
	mr.addr = d->addr;
	mr.size = d->size;
	mr.obj = d->obj;
	mr.dev = d->addr;
	mr.ordinal = ++g->nblocks;
	if (d->obj >= 0) {
		struct strbuf nb;
		size_t bytes = 0;
		strbuf_init(&nb);
		gpu_ptx_obj_name(g->mod, (uint32_t)d->obj, &nb);
		int r = gpu_module_global(g->drv, g->module, strbuf_cstr(&nb), &mr.dev, &bytes);
		strbuf_release(&nb);
		if (r || bytes < d->size)
			return NULL;    /* not in the module (unused by device code) */
		/* a pointer in the object's initializer holds the emulator's
		 * address of its target in d->data, the GPU's in the module:
		 * the GPU's is the one device code can use */
		const struct ir_object *o = &g->mod->objs[d->obj];
		for (uint32_t k = 0; k < o->nrelocs; k++)
			if (o->relocs[k].off + 8 <= d->size)
				gpu_memcpy_dtoh(g->drv, d->data + o->relocs[k].off, mr.dev + o->relocs[k].off, 8, NULL);
	}
	vec_push(&g->mirrors, mr);
	return &g->mirrors.v[g->mirrors.len - 1];
}

/* a kernel argument that is the host's address of a module object (from
 * cudaGetSymbolAddress or &var) becomes the module variable's address */
static uint64_t arg_address(struct session_gpu *g, uint64_t v)
{
	for (size_t i = 0; i < g->mirrors.len; i++) {
		const struct mirror *mr = &g->mirrors.v[i];
		if (mr->obj >= 0 && v >= mr->addr && v - mr->addr < (mr->size ? mr->size : 1))
			return mr->dev + (v - mr->addr);
	}
	return v;
}

static uint64_t xorshift(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *s = x;
}

static uint64_t fnv(uint64_t h, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

/* set module global name (bytes n) on the GPU */
static int lit_set(struct session_gpu *g, const char *name, const void *v, size_t n)
{
	uint64_t a;
	size_t sz = 0;
	if (gpu_module_global(g->drv, g->module, name, &a, &sz) || sz < n)
		return -1;
	return gpu_memcpy_htod(g->drv, a, v, n, NULL) ? -1 : 0;
}

/* the litmus launch, g->lruns times: each from the memory the emulator
 * holds now, with the block roles shuffled and stress blocks beside */
static int litmus_collect(struct session_gpu *g, const struct machine_gpu_launch *l, struct machine_devmem *mem,
			  size_t n, void **ptrs)
{
	int sms = 0, r = 0;
	if (l->grid[1] != 1 || l->grid[2] != 1) {
		strbuf_addf(&g->lerr, "the litmus launch has a %ux%ux%u grid; litmus --gpu takes one-dimensional grids",
			    l->grid[0], l->grid[1], l->grid[2]);
		return 0;
	}
	gpu_device_attribute(g->drv, &sms, 16); /* CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT */
	uint32_t ntest = l->grid[0], total = (uint32_t)sms > ntest ? (uint32_t)sms : ntest;
	if (total > GPU_LIT_MAXBLOCKS) {
		strbuf_addf(&g->lerr, "the litmus launch has %u blocks, more than %d", ntest, GPU_LIT_MAXBLOCKS);
		return 0;
	}
	g->lstress = (int)(total - ntest);
	uint32_t nthreads = ntest * l->block[0] * l->block[1] * l->block[2];
	uint32_t ntidx = l->block[0], block[3] = { l->block[0], l->block[1], l->block[2] };
	/* one-dimensional blocks of a kernel without block barriers get more
	 * threads, whole warps of stress beside the test's */
	int bars = 0;
	for (uint32_t f = 0; f < g->mod->nfuncs; f++)
		for (uint32_t i = 0; i < g->mod->funcs[f].ncode; i++)
			bars |= g->mod->funcs[f].code[i].op == IR_BAR;
	if (!bars && block[1] == 1 && block[2] == 1 && block[0] < 256)
		block[0] = 256;
	g->lthreads = block[0];
	const char *ev = getenv("WARPSTEP_LITMUS_STRESS");
	uint32_t iters = ev && *ev ? (uint32_t)strtoul(ev, NULL, 10) : 64, mask = (1u << 18) - 1, zero = 0;
	uint64_t scratch = 0;
	if (gpu_mem_alloc(g->drv, &scratch, (size_t)(mask + 1) * 4) || gpu_memset8(g->drv, scratch, 0, (size_t)(mask + 1) * 4, NULL))
		scratch = 0;
	if (lit_set(g, GPU_LIT_NTEST, &ntest, 4) || lit_set(g, GPU_LIT_NTHREADS, &nthreads, 4) ||
	    lit_set(g, GPU_LIT_NTIDX, &ntidx, 4) ||
	    lit_set(g, GPU_LIT_SCRATCH, &scratch, 8) || lit_set(g, GPU_LIT_ITERS, &iters, 4) ||
	    lit_set(g, GPU_LIT_MASK, &mask, 4)) {
		strbuf_adds(&g->lerr, "the driver did not load the litmus prologue's variables");
		return 0;
	}
	uint64_t map_a, bar_a;
	gpu_module_global(g->drv, g->module, GPU_LIT_MAP, &map_a, NULL);
	gpu_module_global(g->drv, g->module, GPU_LIT_BAR, &bar_a, NULL);
	uint32_t *roles = xmalloc(total * sizeof(uint32_t));
	struct mirror **mrs = xcalloc(n + 1, sizeof(*mrs));
	size_t bytes = 0;
	for (size_t i = 0; i < n; i++)
		if ((mrs[i] = mirror_of(g, &mem[i])))
			bytes += mem[i].size;
	uint8_t *state = xmalloc(bytes + 1);
	uint64_t rng = g->lseed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
	uint32_t grid[3] = { total, 1, 1 };
	for (g->lran = 0; g->lran < g->lruns; g->lran++) {
		for (uint32_t b = 0; b < total; b++)
			roles[b] = b;
		for (uint32_t b = total - 1; b > 0; b--) {
			uint32_t j = (uint32_t)(xorshift(&rng) % (b + 1)), t = roles[b];
			roles[b] = roles[j];
			roles[j] = t;
		}
		if ((r = gpu_memcpy_htod(g->drv, map_a, roles, total * sizeof(uint32_t), NULL)) ||
		    (r = gpu_memcpy_htod(g->drv, bar_a, &zero, 4, NULL)))
			break;
		for (size_t i = 0; i < n && !r; i++)
			if (mrs[i] && mem[i].size)
				r = gpu_memcpy_htod(g->drv, mrs[i]->dev, mem[i].data, mem[i].size, NULL);
		if (r || (r = gpu_launch(g->drv, g->fns[l->func], grid, block, (uint32_t)l->shmem, NULL, ptrs, 0)) ||
		    (r = gpu_ctx_synchronize(g->drv)))
			break;
		size_t o = 0;
		for (size_t i = 0; i < n && !r; i++)
			if (mrs[i] && mem[i].size) {
				r = gpu_memcpy_dtoh(g->drv, state + o, mrs[i]->dev, mem[i].size, NULL);
				o += mem[i].size;
			}
		if (r)
			break;
		uint64_t h = fnv(0xcbf29ce484222325ull, state, o);
		size_t k = 0;
		while (k < g->lstates.len && (g->lstates.v[k].hash != h || g->lstates.v[k].len != o ||
					      memcmp(g->lstates.v[k].bytes, state, o)))
			k++;
		if (k == g->lstates.len) {
			struct lstate ls = { h, 0, xmalloc(o + 1), o };
			memcpy(ls.bytes, state, o);
			vec_push(&g->lstates, ls);
		}
		g->lstates.v[k].count++;
	}
	if (r)
		strbuf_addf(&g->lerr, "run %llu of the litmus launch failed on the GPU with error %d",
			    (unsigned long long)g->lran + 1, code(r));
	/* the emulator goes on with the last run's memory */
	size_t o = 0;
	for (size_t i = 0; i < n && !r; i++)
		if (mrs[i] && mem[i].size) {
			memcpy(mem[i].data, state + o, mem[i].size);
			memcpy(mrs[i]->shadow, state + o, mem[i].size);
			o += mem[i].size;
		}
	if (scratch)
		gpu_mem_free(g->drv, scratch);
	free(state);
	free(mrs);
	free(roles);
	return r ? code(r) : 0;
}

/* the litmus launch leaves state linject in the emulator's memory */
static int litmus_inject(struct session_gpu *g, struct machine_devmem *mem, size_t n)
{
	if (g->linject >= g->lstates.len)
		return 0;
	const struct lstate *ls = &g->lstates.v[g->linject];
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		struct mirror *mr = mirror_of(g, &mem[i]);
		if (!mr || !mem[i].size)
			continue;
		if (o + mem[i].size > ls->len)
			break;
		memcpy(mem[i].data, ls->bytes + o, mem[i].size);
		free(mr->shadow);
		mr->shadow = NULL; /* sent again before the next launch */
		o += mem[i].size;
	}
	return 0;
}

/* ---- textures and surfaces under --gpu: the GPU's own arrays and objects,
 * made from the emulator's before a launch, the handles mapped by
 * GPU_TEX_MAP; arrays a surface can write are copied back after it */

static int cu_format(int bits, int kind)
{
	if (kind == 2)
		return bits == 16 ? 0x10 : 0x20;
	int k = bits == 8 ? 0 : bits == 16 ? 1 : 2;
	return kind == 0 ? 0x08 + k : 0x01 + k;
}

static void garr_drop(struct session_gpu *g, struct garr *ga, const struct machine_tex_array *a)
{
	if (ga->addr && ga->mipmap < 0 && ga->arr)
		gpu_array_destroy(g->drv, ga->arr, NULL);
	free(ga->shadow);
	memset(ga, 0, sizeof(*ga));
	ga->mipmap = -1;
}

static void gobj_drop(struct session_gpu *g, struct gobj *go)
{
	if (go->real)
		gpu_tex_destroy(g->drv, go->real, go->o.kind == 2);
	memset(go, 0, sizeof(*go));
}

/* is array i the resource of a surface object? */
static int surface_array(struct machine *m, size_t i)
{
	size_t n = machine_tex_objects(m);
	for (size_t h = 1; h <= n; h++) {
		struct machine_tex_object o;
		if (!machine_tex_object(m, h, &o) && o.kind == 2 && o.array == (int64_t)i)
			return 1;
	}
	return 0;
}

static int tex_sync_in(struct session_gpu *g, struct machine *m)
{
	int r;
	size_t na = machine_tex_arrays(m), no = machine_tex_objects(m);
	if (no >= GPU_TEX_MAX)
		return 801;
	while (g->tarr.len < na) {
		struct garr z;
		memset(&z, 0, sizeof(z));
		z.mipmap = -1;
		vec_push(&g->tarr, z);
	}
	while (g->tobj.len < no + 1) {
		struct gobj z;
		memset(&z, 0, sizeof(z));
		vec_push(&g->tobj, z);
	}
	/* objects that changed or went */
	for (size_t h = 1; h < g->tobj.len; h++) {
		struct machine_tex_object o;
		if (machine_tex_object(m, h, &o))
			memset(&o, 0, sizeof(o));
		if (g->tobj.v[h].real && memcmp(&o, &g->tobj.v[h].o, sizeof(o)))
			gobj_drop(g, &g->tobj.v[h]);
	}
	/* arrays: made once, texels sent when they changed */
	for (size_t i = 0; i < na; i++) {
		struct machine_tex_array a;
		struct garr *ga = &g->tarr.v[i];
		if (machine_tex_array(m, i, &a) || !a.live || a.addr != ga->addr) {
			if (ga->addr) {
				for (size_t h = 1; h < g->tobj.len; h++)
					if (g->tobj.v[h].real && g->tobj.v[h].o.array == (int64_t)i)
						gobj_drop(g, &g->tobj.v[h]);
				garr_drop(g, ga, &a);
			}
			if (machine_tex_array(m, i, &a) || !a.live)
				continue;
		}
		if (!ga->addr) {
			struct gpu_array_desc d = { a.w, a.h, a.d, cu_format(a.bits, a.kind), (unsigned)a.nchan, a.flags };
			if (surface_array(m, i))
				d.flags |= 0x02;        /* CUDA_ARRAY3D_SURFACE_LDST */
			if (a.mipmap >= 0) {
				while (g->tmip.len <= (size_t)a.mipmap) {
					struct gmip z = { NULL, 0 };
					vec_push(&g->tmip, z);
				}
				struct gmip *gm = &g->tmip.v[a.mipmap];
				if (a.level == 0 && gm->key != a.addr) {
					if (gm->mm)
						gpu_array_destroy(g->drv, NULL, gm->mm);
					gm->mm = NULL;
					if ((r = gpu_array_create(g->drv, NULL, &d, (unsigned)a.nlevels, &gm->mm)))
						return r;
					gm->key = a.addr;
				}
				if (!gm->mm || a.level < 0)
					return 1;
				if ((r = gpu_mipmap_level(g->drv, &ga->arr, gm->mm, (unsigned)a.level)))
					return r;
				ga->mipmap = a.mipmap;
			} else if ((r = gpu_array_create(g->drv, &ga->arr, &d, 0, NULL))) {
				return r;
			}
			ga->addr = a.addr;
			ga->bytes = a.bytes;
			ga->rowb = (size_t)(a.w * a.elem);
			ga->rows = a.h ? (size_t)a.h : 1;
			ga->depth = a.d ? (size_t)a.d : 1;
		}
		if (ga->shadow && !memcmp(ga->shadow, a.data, a.bytes))
			continue;
		if ((r = gpu_array_copy(g->drv, ga->arr, a.data, ga->rowb, ga->rows, ga->depth, 1)))
			return r;
		if (!ga->shadow)
			ga->shadow = xmalloc(a.bytes + 1);
		memcpy(ga->shadow, a.data, a.bytes);
	}
	/* objects not made yet */
	for (size_t h = 1; h <= no; h++) {
		struct gobj *go = &g->tobj.v[h];
		struct machine_tex_object o;
		if (go->real || machine_tex_object(m, h, &o) || !o.kind)
			continue;
		struct gpu_res_desc rd;
		memset(&rd, 0, sizeof(rd));
		rd.type = o.restype;
		rd.format = cu_format(o.bits, o.chkind);
		rd.nchan = (unsigned)o.nchan;
		if (o.restype == 0) {
			if (o.array < 0 || (size_t)o.array >= g->tarr.len || !g->tarr.v[o.array].arr)
				continue;
			rd.array = g->tarr.v[o.array].arr;
		} else if (o.restype == 1) {
			if (o.mipmap < 0 || (size_t)o.mipmap >= g->tmip.len || !g->tmip.v[o.mipmap].mm)
				continue;
			rd.mipmap = g->tmip.v[o.mipmap].mm;
		} else {
			rd.ptr = o.ptr;
			rd.bytes = (size_t)o.pitch;   /* a linear resource's size */
			rd.w = (size_t)o.w;
			rd.h = (size_t)o.h;
			rd.pitch = (size_t)o.pitch;
		}
		if (o.kind == 2) {
			r = gpu_surf_create(g->drv, &go->real, &rd);
		} else {
			struct gpu_tex_desc td;
			memset(&td, 0, sizeof(td));
			for (int k = 0; k < 3; k++)
				td.addr[k] = o.addr[k];
			td.filter = o.filter;
			td.flags = (o.readmode == 0 && o.chkind != 2 ? 0x01u : 0) | (o.norm ? 0x02u : 0) |
				   (o.srgb ? 0x10u : 0) | (o.no_trilinear ? 0x20u : 0) | (o.seamless ? 0x40u : 0);
			td.max_aniso = o.max_aniso;
			td.mip_filter = o.mipfilter;
			td.bias = o.lodbias;
			td.lodmin = o.lodmin;
			td.lodmax = o.lodmax;
			memcpy(td.border, o.border, sizeof(td.border));
			r = gpu_tex_create(g->drv, &go->real, &rd, &td);
		}
		if (r) {
			go->real = 0;
			return r;
		}
		go->o = o;
	}
	int changed = !g->texmap_sent;
	for (size_t h = 0; h < GPU_TEX_MAX; h++) {
		uint64_t v = h > 0 && h < g->tobj.len ? g->tobj.v[h].real : 0;
		if (g->texmap[h] != v) {
			g->texmap[h] = v;
			changed = 1;
		}
	}
	if (changed) {
		if ((r = gpu_memcpy_htod(g->drv, g->texmap_g, g->texmap, sizeof(g->texmap), NULL)))
			return r;
		g->texmap_sent = 1;
	}
	return 0;
}

/* after a launch: what surfaces wrote, back into the emulator's arrays */
static int tex_sync_out(struct session_gpu *g, struct machine *m)
{
	for (size_t i = 0; i < g->tarr.len; i++) {
		struct garr *ga = &g->tarr.v[i];
		struct machine_tex_array a;
		if (!ga->addr || !surface_array(m, i) || machine_tex_array(m, i, &a) || !a.live || a.addr != ga->addr)
			continue;
		int r = gpu_array_copy(g->drv, ga->arr, a.data, ga->rowb, ga->rows, ga->depth, 0);
		if (r)
			return r;
		if (ga->shadow)
			memcpy(ga->shadow, a.data, a.bytes);
	}
	return 0;
}

static void tex_release(struct session_gpu *g)
{
	for (size_t h = 0; h < g->tobj.len; h++)
		gobj_drop(g, &g->tobj.v[h]);
	for (size_t i = 0; i < g->tarr.len; i++)
		garr_drop(g, &g->tarr.v[i], NULL);
	for (size_t i = 0; i < g->tmip.len; i++)
		if (g->tmip.v[i].mm)
			gpu_array_destroy(g->drv, NULL, g->tmip.v[i].mm);
	vec_free(&g->tobj);
	vec_free(&g->tarr);
	vec_free(&g->tmip);
}

static int live_finished(void *ctx)
{
	struct session_gpu *g = ctx;
	return gpu_stream_query(g->drv, NULL) != 600; /* CUDA_ERROR_NOT_READY */
}

/*
 * debug --gpu --live: launch l with the gates open and hand the live area to
 * the front end's callback while the kernel runs; then every gate is
 * released and the launch synchronized (*r the launch's result, *s the
 * synchronization's). Returns 0 when the launch is refused (every block
 * not resident at once, a cluster launch, no mapped memory: lerr says why;
 * the caller then runs it as run --gpu does, the gates closed).
 */
static int live_launch(struct session_gpu *g, const struct machine_gpu_launch *l, void **ptrs, int *r, int *s)
{
	uint32_t nblocks = l->grid[0] * l->grid[1] * l->grid[2];
	uint32_t threads = l->block[0] * l->block[1] * l->block[2];
	const char *kname = g->mod->funcs[l->func].name;
	int per = 0, sms = 0, e;
	g->lived = 2;
	if (l->cluster[0]) {
		strbuf_addf(&g->lverr, "launch %llu of kernel '%s' is a cluster launch, which live stepping does not "
				      "gate", (unsigned long long)g->llaunch, kname);
		return 0;
	}
	if ((e = gpu_occupancy(g->drv, &per, g->fns[l->func], (int)threads, l->shmem)) ||
	    (e = gpu_device_attribute(g->drv, &sms, 16 /* CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT */))) {
		strbuf_addf(&g->lverr, "the driver cannot say how many blocks fit on the GPU at once (error %d)", e);
		return 0;
	}
	if ((uint64_t)per * (uint64_t)sms < nblocks) {
		strbuf_addf(&g->lverr, "launch %llu of kernel '%s' has %u blocks, but %s holds only %d at once "
				      "(%d per SM x %d SMs): live stepping needs every block resident, since a "
				      "waiting block would keep the others from starting; make the grid smaller",
			    (unsigned long long)g->llaunch, kname, nblocks, gpu_driver_name(g->drv), per * sms, per,
			    sms);
		return 0;
	}
	uint32_t wpb = (threads + 31) / 32, nwarps = nblocks * wpb;
	void *area = NULL;
	uint64_t dev = 0, lock = 0, zero = 0;
	if ((e = gpu_host_alloc_mapped(g->drv, &area, &dev, live_area_size(nwarps)))) {
		strbuf_addf(&g->lverr, "no mapped host memory for the gates (error %d)", e);
		return 0;
	}
	if ((e = gpu_mem_alloc(g->drv, &lock, (size_t)nwarps * 4))) {
		gpu_host_free(g->drv, area);
		strbuf_addf(&g->lverr, "no device memory for the gates' locks (error %d)", e);
		return 0;
	}
	gpu_memset8(g->drv, lock, 0, (size_t)nwarps * 4, NULL);
	struct live *lv = live_new(area, nblocks, threads, g->ltimeout, live_finished, g);
	gpu_memcpy_htod(g->drv, g->llock_g, &lock, 8, NULL);
	gpu_memcpy_htod(g->drv, g->lbuf_g, &dev, 8, NULL);
	gpu_ctx_synchronize(g->drv);
	g->lived = 1;
	fflush(stdout);
	gpu_event_record(g->drv, g->ev0, NULL);
	*r = gpu_launch(g->drv, g->fns[l->func], l->grid, l->block, (uint32_t)l->shmem, NULL, ptrs, l->cooperative);
	gpu_event_record(g->drv, g->ev1, NULL);
	if (!*r) {
		if (live_wait_all(lv, &g->lverr) == 0 && g->lcb)
			g->lcb(g->lctx, lv, kname, l->grid, l->block);
	} else {
		strbuf_addf(&g->lverr, "the launch failed on the GPU with error %d", code(*r));
	}
	live_release(lv);
	*s = gpu_ctx_synchronize(g->drv);
	g->lgaveup = live_gave_up(lv);
	g->lerrcode = code(*r ? *r : *s);
	gpu_memcpy_htod(g->drv, g->lbuf_g, &zero, 8, NULL);
	gpu_mem_free(g->drv, lock);
	gpu_host_free(g->drv, area);
	live_free(lv);
	return 1;
}

static int gpu_launch_cb(void *ctx, struct machine *m, const struct machine_gpu_launch *l, uint64_t *ns)
{
	struct session_gpu *g = ctx;
	const struct ir_func *fn = &g->mod->funcs[l->func];
	int r;
	*ns = 0;
	/* 1. bring the GPU's copy of device memory up to date */
	size_t n = 0;
	struct machine_devmem *mem = machine_device_memory(m, &n);
	for (size_t i = 0; i < g->mirrors.len; i++)
		g->mirrors.v[i].seen = g->mirrors.v[i].got = 0;
	for (size_t i = 0; i < n; i++) {
		struct mirror *mr = mirror_of(g, &mem[i]);
		if (!mr)
			continue;
		mr->seen = 1;
		if (mr->shadow && !memcmp(mr->shadow, mem[i].data, mem[i].size))
			continue;
		if (mem[i].size && (r = gpu_memcpy_htod(g->drv, mr->dev, mem[i].data, mem[i].size, NULL))) {
			free(mem);
			return code(r);
		}
		if (!mr->shadow)
			mr->shadow = xmalloc(mr->size ? mr->size : 1);
		memcpy(mr->shadow, mem[i].data, mem[i].size);
	}
	/* blocks freed since: forget them */
	size_t k = 0;
	for (size_t i = 0; i < g->mirrors.len; i++) {
		if (g->mirrors.v[i].seen)
			g->mirrors.v[k++] = g->mirrors.v[i];
		else {
			free(g->mirrors.v[i].shadow);
			free(g->mirrors.v[i].after);
		}
	}
	g->mirrors.len = k;
	/* 2. the arguments */
	uint8_t *buf = xcalloc(1, l->param_size + 8);
	memcpy(buf, l->param, l->param_size);
	void **ptrs = xcalloc(fn->nparams + 1, sizeof(void *));
	gpu_pack_args(fn, buf, ptrs);
	for (uint32_t a = 0; a < fn->nparams; a++) {
		uint32_t sz = fn->param_size ? fn->param_size[a] : 8;
		if (sz == 8 && fn->param_ty[a] == IR_PTR && !ir_param_aggregate(fn, a)) {
			uint64_t v;
			memcpy(&v, ptrs[a], 8);
			v = arg_address(g, v);
			memcpy(ptrs[a], &v, 8);
		}
	}
	/* 3. limits, the grid barrier, the function */
	if (!g->launched) {
		if (l->heap_limit)
			gpu_ctx_set_limit(g->drv, 2, l->heap_limit);
		if (l->printf_limit)
			gpu_ctx_set_limit(g->drv, 1, l->printf_limit);
	}
	if (l->stack_limit && l->stack_limit != g->stack) {
		gpu_ctx_set_limit(g->drv, 0, l->stack_limit);
		g->stack = l->stack_limit;
	}
	g->launched = 1;
	if (g->grid_bar)
		gpu_memset8(g->drv, g->grid_bar, 0, 8, NULL);
	if (g->coop_flag)
		gpu_memset8(g->drv, g->coop_flag, l->cooperative ? 1 : 0, 1, NULL);
	if (g->pipe_g) {
		/* the pipelines' per-thread cursors: one word a thread */
		uint64_t need = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2] * l->block[0] * l->block[1] *
				l->block[2] * 8;
		if (need > g->pipe_cap) {
			if (g->pipe_buf)
				gpu_mem_free(g->drv, g->pipe_buf);
			g->pipe_buf = g->pipe_cap = 0;
			if ((r = gpu_mem_alloc(g->drv, &g->pipe_buf, need))) {
				free(buf);
				free(ptrs);
				free(mem);
				return code(r);
			}
			g->pipe_cap = need;
		}
		gpu_memcpy_htod(g->drv, g->pipe_g, &g->pipe_buf, 8, NULL);
	}
	if (g->setcond_n)
		gpu_memset8(g->drv, g->setcond_n, 0, 8, NULL);
	if (g->texmap_g && (r = tex_sync_in(g, m))) {
		free(buf);
		free(ptrs);
		free(mem);
		return code(r);
	}
	if (!g->fns[l->func]) {
		struct strbuf nb;
		strbuf_init(&nb);
		gpu_ptx_func_name(g->mod, (uint32_t)l->func, &nb);
		r = gpu_module_function(g->drv, g->module, strbuf_cstr(&nb), &g->fns[l->func]);
		strbuf_release(&nb);
		if (r) {
			free(buf);
			free(ptrs);
			free(mem);
			return code(r) == 500 ? 98 : code(r);
		}
	}
	if (l->shmem > 48 * 1024)
		gpu_func_set_max_dyn_shared(g->drv, g->fns[l->func], (int)l->shmem);
	/* litmus --gpu: the first launch, many times (collect) or a state given (inject) */
	if (g->litmus && !g->ldone) {
		g->ldone = 1;
		r = g->litmus == 2 ? litmus_inject(g, mem, n) : litmus_collect(g, l, mem, n, ptrs);
		free(buf);
		free(ptrs);
		free(mem);
		return r;
	}
	/* trace --gpu: the probes write into a buffer for the launch chosen */
	uint64_t tbuf = 0;
	if (g->tracing && !g->traced &&
	    (!g->tkernel || !strcmp(g->tkernel, g->mod->funcs[l->func].name)) && ++g->tseen == g->tlaunch) {
		uint64_t zero = 0;
		if (!gpu_mem_alloc(g->drv, &tbuf, g->tcap * GPU_TRACE_REC)) {
			gpu_memcpy_htod(g->drv, g->tn_g, &zero, 8, NULL);
			gpu_memcpy_htod(g->drv, g->tcap_g, &g->tcap, 8, NULL);
			gpu_memcpy_htod(g->drv, g->tbuf_g, &tbuf, 8, NULL);
		} else {
			tbuf = 0;
		}
	}
	/* 4. run it to completion (--compare: the driver's printf output,
	 * which it writes to file descriptor 1, is caught in a file) */
	int saved = -1;
	FILE *cap = NULL;
	if (g->compare) {
		fflush(stdout);
		if ((cap = tmpfile()) && (saved = dup(1)) >= 0)
			dup2(fileno(cap), 1);
	}
	int s = 0, stepped = 0;
	if (g->living && !g->lived && (!g->lkernel || !strcmp(g->lkernel, g->mod->funcs[l->func].name)) &&
	    ++g->lseen == g->llaunch)
		stepped = live_launch(g, l, ptrs, &r, &s);
	if (!stepped) {
		gpu_event_record(g->drv, g->ev0, NULL);
		if (l->cluster[0] && !l->cooperative)
			r = gpu_launch_cluster(g->drv, g->fns[l->func], l->grid, l->block, (uint32_t)l->shmem, NULL,
					       ptrs, l->cluster);
		else
			r = gpu_launch(g->drv, g->fns[l->func], l->grid, l->block, (uint32_t)l->shmem, NULL, ptrs,
				       l->cooperative);
		gpu_event_record(g->drv, g->ev1, NULL);
		s = gpu_ctx_synchronize(g->drv);
	}
	if (tbuf) {
		uint64_t zero = 0;
		g->traced = 1;
		g->tfunc = l->func;
		g->terr = code(r ? r : s);
		memcpy(g->tgrid, l->grid, sizeof(g->tgrid));
		memcpy(g->tblock, l->block, sizeof(g->tblock));
		if (!g->terr && !gpu_memcpy_dtoh(g->drv, &g->tn, g->tn_g, 8, NULL)) {
			uint64_t nr = g->tn < g->tcap ? g->tn : g->tcap;
			g->trec = xmalloc(nr * GPU_TRACE_REC + 1);
			if (gpu_memcpy_dtoh(g->drv, g->trec, tbuf, nr * GPU_TRACE_REC, NULL))
				g->tn = 0;
		}
		gpu_memcpy_htod(g->drv, g->tbuf_g, &zero, 8, NULL);
		gpu_mem_free(g->drv, tbuf);
	}
	if (g->compare) {
		fflush(stdout);
		if (saved >= 0) {
			dup2(saved, 1);
			close(saved);
		}
		strbuf_reset(&g->gpu_out);
		if (cap) {
			char chunk[4096];
			size_t got;
			rewind(cap);
			while ((got = fread(chunk, 1, sizeof(chunk), cap)) > 0)
				strbuf_add(&g->gpu_out, chunk, got);
			fclose(cap);
		}
		g->gpu_err = code(r ? r : s);
		g->fn = l->func;
		memcpy(g->grid, l->grid, sizeof(g->grid));
		memcpy(g->block, l->block, sizeof(g->block));
		machine_device_output(m, &g->out_off);
	}
	free(buf);
	free(ptrs);
	if (r || s) {
		free(mem);
		return g->compare ? 0 : code(r ? r : s);
	}
	float ms = 0;
	if (!gpu_event_elapsed(g->drv, &ms, g->ev0, g->ev1) && ms > 0)
		*ns = (uint64_t)((double)ms * 1e6);
	if (g->setcond_n && !g->compare) {
		/* the kernel's cudaGraphSetConditional calls, in their order */
		uint64_t nc = 0;
		if (!gpu_memcpy_dtoh(g->drv, &nc, g->setcond_n, 8, NULL) && nc) {
			if (nc > GPU_SETCOND_MAX)
				nc = GPU_SETCOND_MAX;
			uint64_t *lg = xmalloc(nc * 16);
			if (!gpu_memcpy_dtoh(g->drv, lg, g->setcond_log, nc * 16, NULL))
				for (uint64_t j = 0; j < nc; j++)
					machine_graph_set_conditional(m, lg[2 * j], (uint32_t)lg[2 * j + 1]);
			free(lg);
		}
	}
	if (g->texmap_g && !g->compare && (r = tex_sync_out(g, m))) {
		free(mem);
		return code(r);
	}
	/* 5. device memory back into the emulator's copy */
	for (size_t i = 0; i < n; i++) {
		struct mirror *mr = mirror_of(g, &mem[i]);
		if (!mr || !mem[i].size)
			continue;
		if (g->compare) {
			/* the GPU's result, kept apart: the emulator runs the launch next */
			mr->after = xrealloc(mr->after, mem[i].size);
			if ((r = gpu_memcpy_dtoh(g->drv, mr->after, mr->dev, mem[i].size, NULL))) {
				g->gpu_err = code(r);
				break;
			}
			memcpy(mr->shadow, mr->after, mem[i].size);
			mr->got = 1;
			continue;
		}
		if ((r = gpu_memcpy_dtoh(g->drv, mem[i].data, mr->dev, mem[i].size, NULL))) {
			free(mem);
			return code(r);
		}
		memcpy(mr->shadow, mem[i].data, mem[i].size);
	}
	free(mem);
	return 0;
}

static struct session_gpu *gpu_open(const struct ir_module *mod, unsigned flags, struct strbuf *err,
				    int *lowering);

struct session_gpu *session_gpu_open(const struct ir_module *mod, struct strbuf *err, int *lowering)
{
	return gpu_open(mod, 0, err, lowering);
}

struct session_gpu *session_gpu_open_trace(const struct ir_module *mod, const char *kernel, uint64_t launch,
					   struct strbuf *err, int *lowering)
{
	struct session_gpu *g = gpu_open(mod, GPU_PTX_TRACE, err, lowering);
	if (!g)
		return NULL;
	if (gpu_module_global(g->drv, g->module, GPU_TRACE_BUF, &g->tbuf_g, NULL) ||
	    gpu_module_global(g->drv, g->module, GPU_TRACE_N, &g->tn_g, NULL) ||
	    gpu_module_global(g->drv, g->module, GPU_TRACE_CAP, &g->tcap_g, NULL)) {
		strbuf_adds(err, "the driver did not load the trace probes' variables");
		*lowering = 1;
		session_gpu_close(g);
		return NULL;
	}
	g->tracing = 1;
	g->tkernel = kernel ? xstrdup(kernel) : NULL;
	g->tlaunch = launch ? launch : 1;
	g->tcap = (uint64_t)1 << 21; /* 64 MiB of records */
	return g;
}

struct session_gpu *session_gpu_open_live(const struct ir_module *mod, const char *kernel, uint64_t launch,
					  double timeout_s, session_live_fn cb, void *ctx, struct strbuf *err,
					  int *lowering)
{
	struct session_gpu *g = gpu_open(mod, GPU_PTX_LIVE, err, lowering);
	if (!g)
		return NULL;
	if (gpu_module_global(g->drv, g->module, GPU_LIVE_BUF, &g->lbuf_g, NULL) ||
	    gpu_module_global(g->drv, g->module, GPU_LIVE_LOCK, &g->llock_g, NULL)) {
		strbuf_adds(err, "the driver did not load the live gates' variables");
		*lowering = 1;
		session_gpu_close(g);
		return NULL;
	}
	g->living = 1;
	g->lkernel = kernel ? xstrdup(kernel) : NULL;
	g->llaunch = launch ? launch : 1;
	g->ltimeout = (uint64_t)((timeout_s > 0 ? timeout_s : 60) * 1e9);
	g->lcb = cb;
	g->lctx = ctx;
	return g;
}

int session_gpu_live_result(const struct session_gpu *g, int *gave_up, struct strbuf *err)
{
	*gave_up = g->lgaveup;
	if (!g->lived) {
		strbuf_addf(err, "launch %llu of %s%s%s did not run (%llu did)", (unsigned long long)g->llaunch,
			    g->lkernel ? "kernel '" : "any kernel", g->lkernel ? g->lkernel : "", g->lkernel ? "'" : "",
			    (unsigned long long)g->lseen);
		return -1;
	}
	if (g->lived == 2 || g->lverr.len) {
		strbuf_adds(err, strbuf_cstr(&g->lverr));
		return g->lived == 2 ? -1 : -2;
	}
	return 0;
}

struct session_gpu *session_gpu_open_litmus(const struct ir_module *mod, uint64_t runs, uint64_t seed,
					    struct strbuf *err, int *lowering)
{
	struct session_gpu *g = gpu_open(mod, GPU_PTX_LITMUS, err, lowering);
	if (!g)
		return NULL;
	g->litmus = 1;
	g->lruns = runs ? runs : 100000;
	g->lseed = seed;
	return g;
}

int session_gpu_litmus_result(const struct session_gpu *g, uint64_t *ran, int *stress, unsigned *threads,
			      size_t *nstates, struct strbuf *err)
{
	*ran = g->lran;
	*stress = g->lstress;
	*threads = g->lthreads;
	*nstates = g->lstates.len;
	if (g->lerr.len) {
		strbuf_add(err, g->lerr.buf, g->lerr.len);
		return -1;
	}
	if (!g->ldone) {
		strbuf_adds(err, "the program launched no kernel");
		return -1;
	}
	return 0;
}

uint64_t session_gpu_litmus_inject(struct session_gpu *g, size_t k)
{
	g->litmus = 2;
	g->ldone = 0;
	g->linject = k;
	g->launched = 0;
	return k < g->lstates.len ? g->lstates.v[k].count : 0;
}

static struct session_gpu *gpu_open(const struct ir_module *mod, unsigned flags, struct strbuf *err,
				    int *lowering)
{
	*lowering = 0;
	struct gpu_driver *drv = gpu_driver_open(err);
	if (!drv)
		return NULL;
	struct strbuf ptx, why;
	strbuf_init(&ptx);
	strbuf_init(&why);
	if (gpu_ptx_emit_flags(mod, gpu_driver_arch(drv), flags, &ptx, &why) < 0) {
		strbuf_addf(err, "cannot lower to PTX: %s", strbuf_cstr(&why));
		*lowering = 1;
		strbuf_release(&ptx);
		strbuf_release(&why);
		gpu_driver_close(drv);
		return NULL;
	}
	struct session_gpu *g = xcalloc(1, sizeof(*g));
	g->drv = drv;
	g->mod = mod;
	strbuf_init(&g->lverr);
	if (gpu_module_load(drv, strbuf_cstr(&ptx), &g->module, &why)) {
		strbuf_addf(err, "the driver rejects the PTX (%s): %s", gpu_driver_name(drv), strbuf_cstr(&why));
		*lowering = 1;
		strbuf_release(&ptx);
		strbuf_release(&why);
		gpu_driver_close(drv);
		free(g);
		return NULL;
	}
	strbuf_release(&ptx);
	strbuf_release(&why);
	g->fns = xcalloc(mod->nfuncs + 1, sizeof(void *));
	if (gpu_module_global(drv, g->module, GPU_GRID_BAR, &g->grid_bar, NULL))
		g->grid_bar = 0;
	if (gpu_module_global(drv, g->module, GPU_GRID_COOP, &g->coop_flag, NULL))
		g->coop_flag = 0;
	if (gpu_module_global(drv, g->module, GPU_PIPE_HT, &g->pipe_g, NULL))
		g->pipe_g = 0;
	if (gpu_module_global(drv, g->module, GPU_TEX_MAP, &g->texmap_g, NULL))
		g->texmap_g = 0;
	if (gpu_module_global(drv, g->module, GPU_SETCOND_N, &g->setcond_n, NULL) ||
	    gpu_module_global(drv, g->module, GPU_SETCOND_LOG, &g->setcond_log, NULL))
		g->setcond_n = g->setcond_log = 0;
	gpu_event_create(drv, &g->ev0, 0);
	gpu_event_create(drv, &g->ev1, 0);
	g->ops.ctx = g;
	g->ops.alloc = gpu_alloc;
	g->ops.free = gpu_free;
	g->ops.launch = gpu_launch_cb;
	strbuf_init(&g->gpu_out);
	strbuf_init(&g->report);
	strbuf_init(&g->lerr);
	return g;
}

/* ---- run --compare: both engines, launch by launch */

static struct wrec *wrec_slot(struct session_gpu *g, uint64_t key)
{
	size_t mask = g->wcap - 1, i = (size_t)(key * 0x9e3779b97f4a7c15ull >> 20) & mask;
	while (g->w[i].key && g->w[i].key != key)
		i = (i + 1) & mask;
	return &g->w[i];
}

static void wrec_put(struct session_gpu *g, uint64_t addr, const struct check_event *e, unsigned lane)
{
	if (2 * (g->wlen + 1) > g->wcap) {
		size_t oc = g->wcap;
		struct wrec *old = g->w;
		g->wcap = oc ? 2 * oc : 1024;
		g->w = xcalloc(g->wcap, sizeof(*g->w));
		for (size_t i = 0; i < oc; i++)
			if (old[i].key)
				*wrec_slot(g, old[i].key) = old[i];
		free(old);
	}
	for (uint64_t a = addr & ~(uint64_t)3; a < addr + (e->size ? e->size : 1); a += 4) {
		struct wrec *r = wrec_slot(g, a / 4 + 1);
		if (!r->key)
			g->wlen++;
		r->key = a / 4 + 1;
		r->sp = e->span;
		r->block = e->block;
		r->tid = e->warp * 32 + lane;
		r->size = (uint32_t)e->size;
	}
}

static const struct wrec *wrec_get(const struct session_gpu *g, uint64_t addr)
{
	if (!g->wcap)
		return NULL;
	const struct wrec *r = wrec_slot((struct session_gpu *)g, addr / 4 + 1);
	return r->key ? r : NULL;
}

/* a value of n (1, 2, 4 or 8) little-endian bytes, as the finding shows it */
static void show_value(struct strbuf *sb, const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	memcpy(&v, p, n);
	int64_t sv = n == 8 ? (int64_t)v : n == 4 ? (int32_t)v : n == 2 ? (int16_t)v : (int8_t)v;
	strbuf_addf(sb, "%lld (0x%0*llx", (long long)sv, (int)(2 * n), (unsigned long long)v);
	if (n == 4 && (v & 0x7f800000u) && (v & 0x7f800000u) != 0x7f800000u) {
		float f;
		memcpy(&f, p, 4);
		strbuf_addf(sb, ", as float %g", (double)f);
	} else if (n == 8 && (v >> 52 & 0x7ff) && (v >> 52 & 0x7ff) != 0x7ff) {
		double d;
		memcpy(&d, p, 8);
		strbuf_addf(sb, ", as double %g", d);
	}
	strbuf_adds(sb, ")");
}

struct lines {
	VEC(const char *) s;
	VEC(size_t) n;
};

static void split_lines(const char *s, size_t n, struct lines *out)
{
	size_t i = 0;
	while (i < n) {
		size_t j = i;
		while (j < n && s[j] != '\n')
			j++;
		vec_push(&out->s, s + i);
		vec_push(&out->n, j - i);
		i = j + 1;
	}
}

/* a line diff of a (the emulator's) and b (the GPU's), "-" and "+" lines:
 * the longest common subsequence when it is small enough, else both whole */
static void line_diff(struct strbuf *out, const char *a, size_t an, const char *b, size_t bn)
{
	struct lines A = { 0 }, B = { 0 };
	split_lines(a, an, &A);
	split_lines(b, bn, &B);
	size_t n = A.s.len, k = B.s.len;
	uint32_t *t = (n + 1) * (k + 1) <= 4000000 ? xcalloc((n + 1) * (k + 1), sizeof(uint32_t)) : NULL;
#define EQ(i, j) (A.n.v[i] == B.n.v[j] && !memcmp(A.s.v[i], B.s.v[j], A.n.v[i]))
#define T(i, j) t[(i) * (k + 1) + (j)]
	if (t)
		for (size_t i = n; i-- > 0;)
			for (size_t j = k; j-- > 0;)
				T(i, j) = EQ(i, j) ? T(i + 1, j + 1) + 1 : T(i + 1, j) > T(i, j + 1) ? T(i + 1, j) : T(i, j + 1);
	size_t i = 0, j = 0;
	while (i < n || j < k) {
		if (t && i < n && j < k && EQ(i, j)) {
			strbuf_addf(out, " %.*s\n", (int)A.n.v[i], A.s.v[i]);
			i++, j++;
		} else if (i < n && (!t || j == k || T(i + 1, j) >= T(i, j + 1))) {
			strbuf_addf(out, "-%.*s\n", (int)A.n.v[i], A.s.v[i]);
			i++;
		} else {
			strbuf_addf(out, "+%.*s\n", (int)B.n.v[j], B.s.v[j]);
			j++;
		}
	}
#undef EQ
#undef T
	free(t);
	vec_free(&A.s);
	vec_free(&A.n);
	vec_free(&B.s);
	vec_free(&B.n);
}

static void idx3(uint64_t lin, const uint32_t d[3], uint32_t out[3])
{
	uint32_t x = d[0] ? d[0] : 1, y = d[1] ? d[1] : 1;
	out[0] = (uint32_t)(lin % x);
	out[1] = (uint32_t)(lin / x % y);
	out[2] = (uint32_t)(lin / x / y);
}

/* errors after which the context is gone (runtime.c's sticky ones) */
static int sticky(int e)
{
	return e == 700 || e == 702 || e == 710 || (e >= 714 && e <= 719);
}

/* the launch just ended in the emulator: compare its memory and output
 * with what the GPU left */
static void compare_launch(struct session_gpu *g, struct machine *m)
{
	const char *kname = g->mod->funcs[g->fn].name;
	int differs = 0;
	g->nlaunch++;
	size_t n = 0;
	struct machine_devmem *mem = machine_device_memory(m, &n);
	/* a launch that fails: on both with the same error is no difference
	 * (the memory a failed kernel leaves is not compared) */
	int emu_err = machine_cuda_error(m);
	if (g->gpu_err != emu_err && (g->gpu_err || sticky(emu_err))) {
		differs = 1;
		check_report(m, FK_GPU_DIFFERS, NULL, 0, g->mod->funcs[g->fn].span, 0,
			     "launch %llu of %s: the GPU's error %d (%s), the emulator's %d (%s)",
			     (unsigned long long)g->nlaunch, kname, g->gpu_err,
			     g->gpu_err ? "the kernel failed" : "it ran to its end", emu_err,
			     emu_err ? "the kernel failed" : "it ran to its end");
	}
	for (size_t i = 0; i < g->mirrors.len && !g->gpu_err && !sticky(emu_err); i++) {
		struct mirror *mr = &g->mirrors.v[i];
		if (!mr->got)
			continue;
		const struct machine_devmem *d = NULL;
		for (size_t j = 0; j < n; j++)
			if (mem[j].addr == mr->addr && mem[j].obj == mr->obj && mem[j].size == mr->size)
				d = &mem[j];
		if (!d || !memcmp(d->data, mr->after, d->size))
			continue;
		uint64_t off = 0, nw = 0;
		while (d->data[off] == mr->after[off])
			off++;
		for (uint64_t b = off & ~(uint64_t)3; b < d->size; b += 4) {
			uint64_t e = b + 4 < d->size ? b + 4 : d->size;
			if (memcmp(d->data + b, mr->after + b, e - b))
				nw++;
		}
		const struct wrec *w = wrec_get(g, d->addr + off);
		unsigned esz = w && (w->size == 1 || w->size == 2 || w->size == 4 || w->size == 8) ? w->size : 4;
		uint64_t at = off / esz * esz;
		if (at + esz > d->size)
			esz = 1, at = off;
		struct strbuf sb;
		strbuf_init(&sb);
		if (mr->obj >= 0)
			strbuf_addf(&sb, "%s", g->mod->objs[mr->obj].name);
		else
			strbuf_addf(&sb, "device block %u", mr->ordinal);
		strbuf_addf(&sb, "[%llu] (%u-byte elements; byte %llu of %llu at 0x%llx) after launch %llu of %s: emulator ",
			    (unsigned long long)(at / esz), esz, (unsigned long long)at,
			    (unsigned long long)d->size, (unsigned long long)d->addr, (unsigned long long)g->nlaunch, kname);
		show_value(&sb, d->data + at, esz);
		strbuf_adds(&sb, ", GPU ");
		show_value(&sb, mr->after + at, esz);
		struct span sp = g->mod->funcs[g->fn].span;
		uint32_t bi[3], ti[3];
		if (w) {
			idx3(w->block, g->grid, bi);
			idx3(w->tid, g->block, ti);
			strbuf_addf(&sb, "; the emulator's last store to it: line %u, block (%u,%u,%u) thread (%u,%u,%u)",
				    w->sp.line, bi[0], bi[1], bi[2], ti[0], ti[1], ti[2]);
			sp = w->sp;
		} else {
			strbuf_adds(&sb, "; the emulator did not store to it in this launch");
		}
		if (nw > 1)
			strbuf_addf(&sb, "; %llu words differ", (unsigned long long)nw);
		struct machine_finding *f = check_report(m, FK_GPU_DIFFERS, NULL, 0, sp, 0, "%s", strbuf_cstr(&sb));
		if (f && w) {
			/* the thread of the finding: the emulator's last writer */
			f->on_device = 1;
			memcpy(f->block, bi, sizeof(bi));
			memcpy(f->thread, ti, sizeof(ti));
			f->warp = (int)(w->tid / 32);
			f->lane = (int)(w->tid % 32);
			f->lanes = 1u << f->lane;
		}
		strbuf_release(&sb);
		differs = 1;
		break; /* the first difference of the launch */
	}
	free(mem);
	/* device printf */
	size_t len;
	const char *eo = machine_device_output(m, &len);
	size_t from = g->out_off <= len ? g->out_off : 0;
	if (len - from != g->gpu_out.len || memcmp(eo + from, g->gpu_out.buf ? g->gpu_out.buf : "", len - from)) {
		check_report(m, FK_GPU_DIFFERS, NULL, 0, g->mod->funcs[g->fn].span, 0,
			     "launch %llu of %s: device printf output differs (the diff follows the run)",
			     (unsigned long long)g->nlaunch, kname);
		strbuf_addf(&g->report, "launch %llu of %s: device printf\n--- emulator\n+++ GPU\n",
			    (unsigned long long)g->nlaunch, kname);
		line_diff(&g->report, eo + from, len - from, g->gpu_out.buf ? g->gpu_out.buf : "", g->gpu_out.len);
		differs = 1;
	}
	g->ndiffer += (uint64_t)differs;
}

static void compare_event(void *self, const struct check_event *e)
{
	struct session_gpu *g = self;
	switch (e->kind) {
	case CEV_LAUNCH:
		g->wlen = 0;
		if (g->w)
			memset(g->w, 0, g->wcap * sizeof(*g->w));
		break;
	case CEV_ACCESS:
	case CEV_LANE:
		if (e->slot < 0 || e->access == CHECK_READ || !e->lane_addr)
			break;
		for (uint32_t mm = e->mask; mm; mm &= mm - 1) {
			unsigned l = (unsigned)__builtin_ctz(mm);
			wrec_put(g, e->lane_addr[l], e, l);
		}
		break;
	case CEV_GRID_END:
		compare_launch(g, e->m);
		break;
	default:
		break;
	}
}

static const struct checker compare_checker = {
	.name = "compare",
	.what = "run --compare: the GPU's memory after each launch against the emulator's",
	.events = CEV_BIT(CEV_LAUNCH) | CEV_BIT(CEV_ACCESS) | CEV_BIT(CEV_LANE) | CEV_BIT(CEV_GRID_END),
	.event = compare_event,
};

void session_gpu_compare(struct session_gpu *g)
{
	g->compare = 1;
	g->ops.compare = 1;
}

int session_gpu_attach(struct session_gpu *g, struct machine *m)
{
	return g->compare ? machine_add_checker(m, &compare_checker, g) : 0;
}

uint64_t session_gpu_compare_result(const struct session_gpu *g, uint64_t *launches, struct strbuf *diffs)
{
	if (launches)
		*launches = g->nlaunch;
	if (diffs && g->report.len)
		strbuf_add(diffs, g->report.buf, g->report.len);
	return g->ndiffer;
}

/* ---- trace --gpu: the file (docs/gpu.md "Traces") */

struct trec {
	uint64_t t;
	uint32_t sm, hw, mask, stmt, block, warp;
	uint64_t idx;
};

static void trec_get(const uint8_t *p, uint64_t i, struct trec *r)
{
	const uint8_t *q = p + i * GPU_TRACE_REC;
	memcpy(&r->t, q, 8);
	memcpy(&r->sm, q + 8, 4);
	memcpy(&r->hw, q + 12, 4);
	memcpy(&r->mask, q + 16, 4);
	memcpy(&r->stmt, q + 20, 4);
	memcpy(&r->block, q + 24, 4);
	memcpy(&r->warp, q + 28, 4);
	r->idx = i;
}

int session_gpu_trace_write(const struct session_gpu *g, const char *program, struct strbuf *out,
			    struct strbuf *err)
{
	if (!g->traced) {
		if (g->tkernel)
			strbuf_addf(err, "launch %llu of kernel '%s' did not run (%llu did)",
				    (unsigned long long)g->tlaunch, g->tkernel, (unsigned long long)g->tseen);
		else
			strbuf_addf(err, "launch %llu did not run (%llu did)", (unsigned long long)g->tlaunch,
				    (unsigned long long)g->tseen);
		return -1;
	}
	if (g->terr) {
		strbuf_addf(err, "the traced launch failed on the GPU with error %d", g->terr);
		return -1;
	}
	uint64_t k = g->tn < g->tcap ? g->tn : g->tcap, t0 = UINT64_MAX;
	struct trec r;
	for (uint64_t i = 0; i < k; i++) {
		trec_get(g->trec, i, &r);
		if (r.t < t0)
			t0 = r.t;
	}
	const char *slash = strrchr(program, '/');
	strbuf_addf(out, "warpstep-trace 1\nprogram %s\ndevice %s\narch sm_%d\nkernel %s\nlaunch %llu\n",
		    slash ? slash + 1 : program, gpu_driver_name(g->drv), gpu_driver_arch(g->drv),
		    g->mod->funcs[g->tfunc].name, (unsigned long long)g->tlaunch);
	strbuf_addf(out, "grid %u %u %u\nblock %u %u %u\nrecords %llu\ndropped %llu\n", g->tgrid[0], g->tgrid[1],
		    g->tgrid[2], g->tblock[0], g->tblock[1], g->tblock[2], (unsigned long long)k,
		    (unsigned long long)(g->tn - k));
	strbuf_adds(out, "# index time_ns sm hwwarp block warp mask line pc function\n");
	for (uint64_t i = 0; i < k; i++) {
		trec_get(g->trec, i, &r);
		uint32_t fi = r.stmt >> 20, pc = r.stmt & 0xfffff, line = 0;
		const char *fn = "?";
		if (fi < g->mod->nfuncs) {
			fn = g->mod->funcs[fi].name;
			if (pc < g->mod->funcs[fi].ncode)
				line = g->mod->funcs[fi].code[pc].span.line;
		}
		strbuf_addf(out, "%llu %llu %u %u %u %u 0x%08x %u %u %s\n", (unsigned long long)i,
			    (unsigned long long)(r.t - t0), r.sm, r.hw, r.block, r.warp, r.mask, line, pc, fn);
	}
	return 0;
}

const struct machine_gpu *session_gpu_backend(struct session_gpu *g)
{
	return &g->ops;
}

const char *session_gpu_device(const struct session_gpu *g)
{
	return gpu_driver_name(g->drv);
}

void session_gpu_close(struct session_gpu *g)
{
	if (!g)
		return;
	for (size_t i = 0; i < g->mirrors.len; i++) {
		free(g->mirrors.v[i].shadow);
		free(g->mirrors.v[i].after);
	}
	vec_free(&g->mirrors);
	free(g->w);
	free(g->tkernel);
	free(g->lkernel);
	strbuf_release(&g->lverr);
	free(g->trec);
	for (size_t i = 0; i < g->lstates.len; i++)
		free(g->lstates.v[i].bytes);
	vec_free(&g->lstates);
	strbuf_release(&g->lerr);
	strbuf_release(&g->gpu_out);
	strbuf_release(&g->report);
	if (g->ev0)
		gpu_event_destroy(g->drv, g->ev0);
	if (g->ev1)
		gpu_event_destroy(g->drv, g->ev1);
	gpu_ctx_synchronize(g->drv);
	if (g->pipe_buf)
		gpu_mem_free(g->drv, g->pipe_buf);
	tex_release(g);
	if (g->module)
		gpu_module_unload(g->drv, g->module);
	gpu_driver_close(g->drv);
	free(g->fns);
	free(g);
}
