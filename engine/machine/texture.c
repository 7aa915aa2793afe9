/*
 * texture.c - CUDA arrays, texture objects and surface objects: the host
 * runtime calls that make them and the device built-ins __ws_tex and
 * __ws_surf that read and write them (docs/textures.md).
 *
 * - An array's texels live in one device allocation, rows of width *
 *   texel-size bytes, x fastest, then y, then depth or layer (a cube face
 *   is a layer: layer * 6 + face). Copies to and from an array are copies
 *   of rows (the header's wrappers), so cudaMemcpy's checks apply.
 * - A fetch follows the Programming Guide's texture-fetching appendix and,
 *   where the appendix leaves the arithmetic open, an H200's recorded
 *   results (tools/hw/tex_probe.cu, tests/tex/probe.t): addressing (wrap
 *   and mirror on normalized coordinates, clamp, border), point sampling
 *   T[floor(x)], linear filtering with the coordinate minus 0.5 in fixed
 *   point with 8 fractional bits and 9-bit corner weights that sum to 256
 *   (corner_weight), the read mode (element type, or 8/16-bit integers to
 *   [0,1] or [-1,1] filtered as 16-bit integers), sRGB through the GPU's
 *   decode table, half and sRGB channels filtered in block floating point.
 *   A float sum is exact, rounded once with halves away from zero.
 * - Mipmaps: the level of detail in 1/256, truncated; the Grad forms' log2
 *   through the GPU's table of mantissa fractions.
 */
#include "simt.h"
#include "builtin.h"
#include "texture.h"

#include <math.h>
#include <string.h>

enum {
	E_OK = 0, E_INVAL = 1, E_NOMEM = 2, E_CHANNEL = 20, E_FILTER = 26, E_HANDLE = 400, E_NOTSUP = 801,
	E_ILLADDR = 700
};

enum { RES_ARRAY = 0, RES_MIPMAP = 1, RES_LINEAR = 2, RES_PITCH2D = 3 };
enum { AM_WRAP = 0, AM_CLAMP = 1, AM_MIRROR = 2, AM_BORDER = 3 };
enum { F_LAYERED = 1, F_SURFACE = 2, F_CUBEMAP = 4, F_GATHER = 8 };
enum { OP_FETCH1, OP_1D, OP_2D, OP_3D, OP_1DL, OP_2DL, OP_CUBE, OP_CUBEL, OP_GATHER };

#define ARRAY_TAG 0x7bu
#define MIPMAP_TAG 0x7cu

/* ---- host side */

static struct tex_array *array_of(struct machine *m, uint64_t h)
{
	uint64_t i = (ADDR_OFF(h) >> 4) - 1;
	if (ADDR_TAG(h) != ARRAY_TAG || (h & 15) || i >= m->tex.arrays.len || !m->tex.arrays.v[i].live)
		return NULL;
	return &m->tex.arrays.v[i];
}

static struct tex_mipmap *mipmap_of(struct machine *m, uint64_t h)
{
	uint64_t i = (ADDR_OFF(h) >> 4) - 1;
	if (ADDR_TAG(h) != MIPMAP_TAG || (h & 15) || i >= m->tex.mipmaps.len || !m->tex.mipmaps.v[i].live)
		return NULL;
	return &m->tex.mipmaps.v[i];
}

static struct tex_obj *obj_of(struct machine *m, uint64_t h, int kind)
{
	if (h == 0 || h > m->tex.objs.len || m->tex.objs.v[h - 1].kind != kind)
		return NULL;
	return &m->tex.objs.v[h - 1];
}

/* a channel descriptor: x, y, z, w bits and the kind; E_OK or E_CHANNEL */
static int chan_parse(const int32_t *r, struct tex_chan *c)
{
	memset(c, 0, sizeof(*c));
	for (int k = 0; k < 5; k++)
		c->raw[k] = r[k];
	int n = 0;
	while (n < 4 && r[n] != 0)
		n++;
	for (int k = n; k < 4; k++)
		if (r[k] != 0)
			return E_CHANNEL;
	if (n == 0 || n == 3)
		return E_CHANNEL;
	for (int k = 1; k < n; k++)
		if (r[k] != r[0])
			return E_CHANNEL;
	if (r[4] < 0 || r[4] > 2)
		return E_CHANNEL;
	if (r[4] == 2 ? (r[0] != 16 && r[0] != 32) : (r[0] != 8 && r[0] != 16 && r[0] != 32))
		return E_CHANNEL;
	c->bits = r[0];
	c->n = n;
	c->kind = r[4];
	return E_OK;
}

static int chan_read(struct machine *m, uint64_t addr, struct tex_chan *c)
{
	int32_t r[5];
	if (!addr || machine_host_read(m, addr, r, sizeof(r)))
		return E_INVAL;
	return chan_parse(r, c);
}

static int put(struct machine *m, uint64_t addr, const void *v, uint64_t n)
{
	return addr && !machine_host_write(m, addr, v, n) ? E_OK : E_INVAL;
}

static uint64_t max1(uint64_t v) { return v ? v : 1; }

/* a new array of w x h x d texels of channel ch (dims: 1 or 2 for
 * cudaMallocArray, 3 for cudaMalloc3DArray): E_OK and its index in *idx */
static int array_new(struct machine *m, const struct tex_chan *ch, uint64_t w, uint64_t h, uint64_t d,
		     unsigned fl, int dims, size_t *idx)
{
	struct tex_array ar;
	memset(&ar, 0, sizeof(ar));
	ar.ch = *ch;
	ar.mipmap = -1;
	if (fl & ~15u)
		return E_INVAL;
	if (dims < 3 && (fl & (F_LAYERED | F_CUBEMAP)))
		return E_INVAL;     /* cudaMallocArray: no layers, no cube */
	ar.w = w;
	ar.h = h;
	ar.d = d;
	ar.flags = fl;
	ar.layers = 1;
	if (w == 0 || (h == 0 && d != 0 && !(fl & F_LAYERED)))
		return E_INVAL;
	if (fl & F_CUBEMAP) {
		if (w != h || d == 0 || d % 6 || (!(fl & F_LAYERED) && d != 6) || w > 32768 || d > 2046 * 6)
			return E_INVAL;
		ar.dims = 2;
		ar.layers = d;
	} else if (fl & F_LAYERED) {
		if (d == 0 || d > 2048 || w > 32768 || h > 32768)
			return E_INVAL;
		ar.dims = h ? 2 : 1;
		ar.layers = d;
	} else {
		ar.dims = d ? 3 : h ? 2 : 1;
		if ((ar.dims == 1 && w > 131072) || (ar.dims == 2 && (w > 131072 || h > 65536)) ||
		    (ar.dims == 3 && (w > 16384 || h > 16384 || d > 16384)))
			return E_INVAL;
	}
	if ((fl & F_GATHER) && ar.dims != 2)
		return E_INVAL;
	ar.elem = (uint32_t)(ar.ch.bits / 8 * ar.ch.n);
	uint64_t bytes = ar.elem * w * max1(h) * max1(d);
	uint64_t cap = m->o.device->global_mem < (8ull << 30) ? m->o.device->global_mem : (8ull << 30);
	if (bytes > cap - m->mem.dev_bytes)
		return E_NOMEM;
	struct alloc *al = machine_mem_alloc(m, TAG_GLOBAL, bytes, 512, AK_DEV_MALLOC);
	if (!al)
		return E_NOMEM;
	ar.data = al->base;
	ar.live = 1;
	vec_push(&m->tex.arrays, ar);
	*idx = m->tex.arrays.len - 1;
	return E_OK;
}

static uint64_t array_handle(size_t idx)
{
	return ADDR(ARRAY_TAG, (uint64_t)(idx + 1) << 4);
}

/* cuda__wsMallocArray(array, desc, width, height, depth, flags, dims) */
static int malloc_array(struct machine *m, const uint64_t *a)
{
	struct tex_chan ch;
	int e;
	size_t idx;
	if (!a[0])
		return E_INVAL;
	if ((e = chan_read(m, a[1], &ch)))
		return e;
	if ((e = array_new(m, &ch, a[2], a[3], a[4], (unsigned)a[5], (int)a[6], &idx))) {
		if (e == E_NOMEM)
			put(m, a[0], &(uint64_t){ 0 }, 8);
		return e;
	}
	uint64_t hdl = array_handle(idx);
	return put(m, a[0], &hdl, 8);
}

static void array_release(struct machine *m, struct tex_array *ar)
{
	struct alloc *al = mem_find(&m->mem, ar->data);
	if (al && !al->freed)
		machine_mem_free(m, al);
	ar->live = 0;
}

/* cuda__wsMallocMipmap(mm, desc, width, height, depth, levels, flags): level
 * l has the extent of level 0 halved l times (at least 1; layers and cube
 * faces are not halved) */
static int malloc_mipmap(struct machine *m, const uint64_t *a)
{
	struct tex_chan ch;
	struct tex_mipmap mm;
	int e;
	memset(&mm, 0, sizeof(mm));
	if (!a[0])
		return E_INVAL;
	put(m, a[0], &(uint64_t){ 0 }, 8);
	if ((e = chan_read(m, a[1], &ch)))
		return e;
	uint64_t w = a[2], h = a[3], d = a[4];
	unsigned fl = (unsigned)a[6];
	if (w == 0 || (h == 0 && d != 0 && !(fl & F_LAYERED)))
		return E_INVAL;
	int layered = (fl & (F_LAYERED | F_CUBEMAP)) != 0;
	uint64_t big = w > h ? w : h;
	if (!layered && d > big)
		big = d;
	int maxlev = 1;
	while (maxlev < TEX_MAX_LEVELS && (big >> maxlev))
		maxlev++;
	int n = a[5] < 1 ? 1 : a[5] > (uint64_t)maxlev ? maxlev : (int)a[5];
	for (int l = 0; l < n; l++) {
		uint64_t wl = max1(w >> l), hl = h ? max1(h >> l) : 0, dl = layered ? d : d ? max1(d >> l) : 0;
		if (fl & F_CUBEMAP)
			hl = wl;
		size_t idx;
		if ((e = array_new(m, &ch, wl, hl, dl, fl, 3, &idx))) {
			for (int k = 0; k < l; k++)
				array_release(m, &m->tex.arrays.v[mm.lev[k]]);
			return e;
		}
		mm.lev[l] = (int32_t)idx;
		m->tex.arrays.v[idx].mipmap = (int32_t)m->tex.mipmaps.len;
	}
	mm.nlev = n;
	mm.live = 1;
	vec_push(&m->tex.mipmaps, mm);
	uint64_t hdl = ADDR(MIPMAP_TAG, (uint64_t)m->tex.mipmaps.len << 4);
	return put(m, a[0], &hdl, 8);
}

static int free_mipmap(struct machine *m, uint64_t h)
{
	if (!h)
		return E_OK;
	struct tex_mipmap *mm = mipmap_of(m, h);
	if (!mm)
		return E_INVAL;
	for (int l = 0; l < mm->nlev; l++)
		array_release(m, &m->tex.arrays.v[mm->lev[l]]);
	mm->live = 0;
	return E_OK;
}

static int free_array(struct machine *m, uint64_t h)
{
	if (!h)
		return E_OK;
	struct tex_array *ar = array_of(m, h);
	if (!ar || ar->mipmap >= 0)     /* a level goes with its mipmapped array */
		return E_INVAL;
	array_release(m, ar);
	return E_OK;
}

/* cuda__wsArrayInfo: texel bytes, data, width, height, depth, flags */
static int array_info(struct machine *m, const uint64_t *a)
{
	struct tex_array *ar = array_of(m, a[0]);
	if (!ar)
		return E_INVAL;
	uint64_t v[6] = { ar->elem, ar->data, ar->w, ar->h, ar->d, ar->flags };
	return put(m, a[1], v, sizeof(v));
}

static int array_get_info(struct machine *m, const uint64_t *a)
{
	struct tex_array *ar = array_of(m, a[3]);
	if (!ar)
		return E_INVAL;
	uint64_t ext[3] = { ar->w, ar->h, ar->d };
	unsigned fl = ar->flags;
	if ((a[0] && put(m, a[0], ar->ch.raw, 20)) || (a[1] && put(m, a[1], ext, sizeof(ext))) ||
	    (a[2] && put(m, a[2], &fl, 4)))
		return E_INVAL;
	return E_OK;
}

/* the resource of a texture or surface object, from a cudaResourceDesc */
static int res_parse(struct machine *m, uint64_t addr, struct tex_obj *o, int surface)
{
	uint8_t r[144];
	if (!addr || machine_host_read(m, addr, r, sizeof(r)))
		return E_INVAL;
	memcpy(o->resdesc, r, sizeof(r));
	int32_t type;
	uint64_t q[4];
	memcpy(&type, r, 4);
	memcpy(q, r + 8, 8);
	o->restype = type;
	o->arr = -1;
	o->mip = -1;
	if (type == RES_ARRAY) {
		struct tex_array *ar = array_of(m, q[0]);
		if (!ar)
			return E_HANDLE;
		/* an array made without cudaArraySurfaceLoadStore still gets a
		 * surface object: the GPU's runtime accepts it */
		o->arr = ar - m->tex.arrays.v;
		o->ch = ar->ch;
		return E_OK;
	}
	if (surface)
		return E_INVAL;  /* the runtime makes surfaces of arrays only */
	if (type == RES_MIPMAP) {
		struct tex_mipmap *mm = mipmap_of(m, q[0]);
		if (!mm)
			return E_HANDLE;
		o->mip = mm - m->tex.mipmaps.v;
		o->arr = mm->lev[0];
		o->ch = m->tex.arrays.v[o->arr].ch;
		return E_OK;
	}
	if (type != RES_LINEAR && type != RES_PITCH2D)
		return E_INVAL;
	int32_t ch[5];
	memcpy(ch, r + 16, 20);
	memcpy(q, r + 40, 24);
	int e = chan_parse(ch, &o->ch);
	if (e)
		return e;
	memcpy(&o->ptr, r + 8, 8);
	uint64_t elem = (uint64_t)(o->ch.bits / 8 * o->ch.n);
	struct alloc *al = mem_find(&m->mem, o->ptr);
	/* texture memory must be device memory aligned as cudaMalloc aligns */
	if (!o->ptr || (o->ptr & 255) || !al || al->freed || !al->dev_ok)
		return E_INVAL;
	if (type == RES_LINEAR) {
		if (q[0] == 0 || q[0] / elem > 268435456 || !ws_range_in(al->base, al->size, o->ptr, q[0]))
			return E_INVAL;
		o->w = q[0] / elem;
		o->h = 1;
		o->pitch = q[0];
		return E_OK;
	}
	o->w = q[0];
	o->h = q[1];
	o->pitch = q[2];
	if (!o->w || !o->h || o->w > 131072 || o->h > 65000 || o->pitch % 32 || o->pitch > 2097120 ||
	    o->w * elem > o->pitch || !ws_range_in(al->base, al->size, o->ptr, (o->h - 1) * o->pitch + o->w * elem))
		return E_INVAL;
	return E_OK;
}

static int obj_slot(struct machine *m, const struct tex_obj *o)
{
	for (size_t i = 0; i < m->tex.objs.len; i++)
		if (m->tex.objs.v[i].kind == TEXO_FREE) {
			m->tex.objs.v[i] = *o;
			return (int)i + 1;
		}
	vec_push(&m->tex.objs, *o);
	return (int)m->tex.objs.len;
}

static int create_texture(struct machine *m, const uint64_t *a)
{
	struct tex_obj o;
	memset(&o, 0, sizeof(o));
	/* as the H100's runtime answers: no texture descriptor is an invalid
	 * handle, not an invalid value */
	if (!a[0] || !a[1])
		return E_INVAL;
	if (!a[2])
		return E_HANDLE;
	int e = res_parse(m, a[1], &o, 0);
	if (e)
		return e;
	uint8_t t[72];
	if (machine_host_read(m, a[2], t, sizeof(t)))
		return E_INVAL;
	memcpy(o.texdesc, t, sizeof(t));
	int32_t v[6];
	memcpy(v, t, sizeof(v));
	for (int k = 0; k < 3; k++) {
		if (v[k] < 0 || v[k] > 3)
			return E_INVAL;
		o.addr[k] = v[k];
	}
	if (v[3] < 0 || v[3] > 1 || v[4] < 0 || v[4] > 1)
		return E_INVAL;
	o.filter = v[3];
	o.readmode = v[4];
	o.srgb = v[5] != 0;
	memcpy(o.border, t + 24, 16);
	int32_t norm;
	memcpy(&norm, t + 40, 4);
	o.norm = norm != 0;
	int32_t mf;
	memcpy(&mf, t + 48, 4);
	if (mf < 0 || mf > 1)
		return E_INVAL;
	o.mipfilter = mf;
	memcpy(&o.lodbias, t + 52, 4);
	memcpy(&o.lodmin, t + 56, 4);
	memcpy(&o.lodmax, t + 60, 4);
	int isint = o.ch.kind != 2;
	/* normalized-float reads are for 8- and 16-bit integers; linear
	 * filtering needs float results */
	if (isint && o.readmode == 1 && o.ch.bits == 32)
		return E_INVAL;
	if (isint && o.readmode == 0 && (o.filter == 1 || (o.mip >= 0 && o.mipfilter == 1)))
		return E_FILTER;
	o.kind = TEXO_TEX;
	uint64_t h = (uint64_t)obj_slot(m, &o);
	return put(m, a[0], &h, 8);
}

static int create_surface(struct machine *m, const uint64_t *a)
{
	struct tex_obj o;
	memset(&o, 0, sizeof(o));
	if (!a[0] || !a[1])
		return E_INVAL;
	int e = res_parse(m, a[1], &o, 1);
	if (e)
		return e;
	o.kind = TEXO_SURF;
	uint64_t h = (uint64_t)obj_slot(m, &o);
	return put(m, a[0], &h, 8);
}

int texture_runtime(struct machine *m, int id, const uint64_t *a)
{
	switch (id) {
	case BI_cuda__wsMallocArray: return malloc_array(m, a);
	case BI_cudaFreeArray:
		if (m->dev.grid || m->dev.qhead < m->dev.queue.len)
			return -3;
		return free_array(m, a[0]);
	case BI_cuda__wsMallocMipmap: return malloc_mipmap(m, a);
	case BI_cudaGetMipmappedArrayLevel: {
		struct tex_mipmap *mm = mipmap_of(m, a[1]);
		if (!a[0] || !mm)
			return E_INVAL;
		if (a[2] >= (uint64_t)mm->nlev)
			return E_INVAL;
		uint64_t hdl = array_handle((size_t)mm->lev[a[2]]);
		return put(m, a[0], &hdl, 8);
	}
	case BI_cudaFreeMipmappedArray:
		if (m->dev.grid || m->dev.qhead < m->dev.queue.len)
			return -3;
		return free_mipmap(m, a[0]);
	case BI_cuda__wsArrayInfo: return array_info(m, a);
	case BI_cudaArrayGetInfo: return array_get_info(m, a);
	case BI_cudaGetChannelDesc: {
		struct tex_array *ar = array_of(m, a[1]);
		return ar ? put(m, a[0], ar->ch.raw, 20) : E_INVAL;
	}
	case BI_cudaCreateTextureObject: return create_texture(m, a);
	case BI_cudaCreateSurfaceObject: return create_surface(m, a);
	case BI_cudaDestroyTextureObject: case BI_cudaDestroySurfaceObject: {
		int kind = id == BI_cudaDestroyTextureObject ? TEXO_TEX : TEXO_SURF;
		if (!a[0])
			return E_OK;
		struct tex_obj *o = obj_of(m, a[0], kind);
		if (!o)
			return E_INVAL;
		o->kind = TEXO_FREE;
		return E_OK;
	}
	case BI_cudaGetTextureObjectResourceDesc: case BI_cudaGetTextureObjectTextureDesc: {
		struct tex_obj *o = obj_of(m, a[1], TEXO_TEX);
		if (!o)
			return E_INVAL;
		if (id == BI_cudaGetTextureObjectResourceDesc)
			return put(m, a[0], o->resdesc, sizeof(o->resdesc));
		return put(m, a[0], o->texdesc, sizeof(o->texdesc));
	}
	default:
		return -2;
	}
}

#define TEX_DUP(dst, src) do { \
	(dst).v = NULL; \
	(dst).len = (dst).cap = 0; \
	for (size_t i_ = 0; i_ < (src).len; i_++) \
		vec_push(&(dst), (src).v[i_]); \
} while (0)

/* ---- for a GPU backend (machine.h) */

size_t machine_tex_arrays(struct machine *m)
{
	return m->tex.arrays.len;
}

int machine_tex_array(struct machine *m, size_t i, struct machine_tex_array *out)
{
	if (i >= m->tex.arrays.len)
		return -1;
	const struct tex_array *ar = &m->tex.arrays.v[i];
	memset(out, 0, sizeof(*out));
	out->mipmap = out->level = -1;
	out->live = ar->live;
	if (!ar->live)
		return 0;
	struct alloc *al = mem_find(&m->mem, ar->data);
	if (!al || al->freed || !al->data) {
		out->live = 0;
		return 0;
	}
	out->addr = ar->data;
	out->data = al->data + (ar->data - al->base);
	out->bytes = (uint64_t)ar->elem * ar->w * max1(ar->h) * max1(ar->d);
	out->w = ar->w;
	out->h = ar->h;
	out->d = ar->d;
	out->flags = ar->flags;
	out->bits = ar->ch.bits;
	out->nchan = ar->ch.n;
	out->kind = ar->ch.kind;
	out->elem = ar->elem;
	if (ar->mipmap >= 0 && (size_t)ar->mipmap < m->tex.mipmaps.len) {
		const struct tex_mipmap *mm = &m->tex.mipmaps.v[ar->mipmap];
		out->mipmap = ar->mipmap;
		out->nlevels = mm->nlev;
		for (int l = 0; l < mm->nlev; l++)
			if ((size_t)mm->lev[l] == i)
				out->level = l;
	}
	return 0;
}

size_t machine_tex_objects(const struct machine *m)
{
	return m->tex.objs.len;
}

int machine_tex_object(const struct machine *m, size_t handle, struct machine_tex_object *out)
{
	if (handle == 0 || handle > m->tex.objs.len)
		return -1;
	const struct tex_obj *o = &m->tex.objs.v[handle - 1];
	memset(out, 0, sizeof(*out));
	out->kind = o->kind == TEXO_TEX ? 1 : o->kind == TEXO_SURF ? 2 : 0;
	if (!out->kind)
		return 0;
	out->restype = o->restype;
	out->array = o->arr;
	out->mipmap = o->mip;
	out->bits = o->ch.bits;
	out->nchan = o->ch.n;
	out->chkind = o->ch.kind;
	out->ptr = o->ptr;
	out->w = o->w;
	out->h = o->h;
	out->pitch = o->pitch;
	for (int k = 0; k < 3; k++)
		out->addr[k] = o->addr[k];
	out->filter = o->filter;
	out->readmode = o->readmode;
	out->srgb = o->srgb;
	out->norm = o->norm;
	out->mipfilter = o->mipfilter;
	out->lodbias = o->lodbias;
	out->lodmin = o->lodmin;
	out->lodmax = o->lodmax;
	memcpy(out->border, o->border, sizeof(out->border));
	int32_t v[3];
	memcpy(v, o->texdesc + 44, sizeof(v));  /* maxAnisotropy, then after the mip fields */
	out->max_aniso = (unsigned)v[0];
	memcpy(&v[1], o->texdesc + 64, 4);
	memcpy(&v[2], o->texdesc + 68, 4);
	out->no_trilinear = v[1] != 0;
	out->seamless = v[2] != 0;
	return 0;
}

void texture_clone(struct machine *d, const struct machine *s)
{
	TEX_DUP(d->tex.arrays, s->tex.arrays);
	TEX_DUP(d->tex.objs, s->tex.objs);
	TEX_DUP(d->tex.mipmaps, s->tex.mipmaps);
}

void texture_release(struct machine *m)
{
	vec_free(&m->tex.arrays);
	vec_free(&m->tex.objs);
	vec_free(&m->tex.mipmaps);
}

int machine_tex_last(const struct machine *m, struct machine_tex_probe *out)
{
	if (!m->tex.probe.valid)
		return -1;
	*out = m->tex.probe;
	return 0;
}

/* ---- device side: fetches */

/* a texture as the sampler sees it */
struct sampler {
	const struct tex_obj *o;
	const struct tex_array *ar;
	uint8_t *base;          /* host bytes of texel (0, 0, 0, layer 0) */
	uint64_t size[3];       /* texels per dimension (1 when absent) */
	uint64_t rowb, sliceb;  /* bytes of a row, of a slice or layer */
	uint64_t layers;
	uint32_t elem;
	int isfloat;            /* results are floats */
	float cscale[3];        /* texel coordinates of level 0 to this level's */
	int level;              /* mipmap level */
	double lw;              /* the level's weight (trilinear filtering) */
	struct machine_tex_lane *probe;
};

static float half_to_float(uint16_t h)
{
	int s = h >> 15, e = (h >> 10) & 31, f = h & 1023;
	double v;
	if (e == 0)
		v = ldexp(f, -24);
	else if (e == 31)
		v = f ? NAN : INFINITY;
	else
		v = ldexp(f + 1024, e - 25);
	return (float)(s ? -v : v);
}

/* the texture unit's sRGB decode of an 8-bit channel, as an H200 returns
 * it (tools/hw/tex_probe.cu, recording tools/hw/tex_probe.h200/srgb.txt):
 * the high 16 bits of the float of each byte. Bytes up to 12 are b * 5 /
 * 16384 (the curve's linear part, continued to 12); above, the curve with 8
 * significant bits, not always the nearest (65 reads 216/256 of its binade
 * where the curve gives 216.52) */
static const uint16_t srgb_hi[256] = {
	0x0000, 0x39a0, 0x3a20, 0x3a70, 0x3aa0, 0x3ac8, 0x3af0, 0x3b0c,
	0x3b20, 0x3b34, 0x3b48, 0x3b5c, 0x3b70, 0x3b84, 0x3b90, 0x3b9c,
	0x3baa, 0x3bb8, 0x3bc6, 0x3bd6, 0x3be6, 0x3bf6, 0x3c03, 0x3c0c,
	0x3c16, 0x3c1f, 0x3c29, 0x3c34, 0x3c3e, 0x3c49, 0x3c55, 0x3c60,
	0x3c6c, 0x3c7a, 0x3c83, 0x3c8a, 0x3c91, 0x3c98, 0x3c9f, 0x3ca6,
	0x3cae, 0x3cb6, 0x3cbe, 0x3cc6, 0x3cce, 0x3cd7, 0x3ce0, 0x3ce9,
	0x3cf2, 0x3cfc, 0x3d03, 0x3d08, 0x3d0d, 0x3d12, 0x3d17, 0x3d1c,
	0x3d22, 0x3d28, 0x3d2d, 0x3d33, 0x3d39, 0x3d3f, 0x3d45, 0x3d4c,
	0x3d52, 0x3d58, 0x3d60, 0x3d66, 0x3d6c, 0x3d74, 0x3d7a, 0x3d81,
	0x3d85, 0x3d88, 0x3d8c, 0x3d90, 0x3d94, 0x3d98, 0x3d9c, 0x3da0,
	0x3da4, 0x3da9, 0x3dad, 0x3db1, 0x3db6, 0x3dba, 0x3dbf, 0x3dc3,
	0x3dc8, 0x3dcd, 0x3dd1, 0x3dd6, 0x3ddb, 0x3de0, 0x3de5, 0x3dea,
	0x3df0, 0x3df4, 0x3dfa, 0x3e00, 0x3e02, 0x3e05, 0x3e08, 0x3e0b,
	0x3e0e, 0x3e11, 0x3e14, 0x3e17, 0x3e1a, 0x3e1d, 0x3e20, 0x3e23,
	0x3e26, 0x3e29, 0x3e2c, 0x3e30, 0x3e33, 0x3e36, 0x3e3a, 0x3e3d,
	0x3e40, 0x3e44, 0x3e47, 0x3e4b, 0x3e4e, 0x3e52, 0x3e56, 0x3e59,
	0x3e5d, 0x3e61, 0x3e65, 0x3e68, 0x3e6c, 0x3e70, 0x3e74, 0x3e78,
	0x3e7c, 0x3e80, 0x3e82, 0x3e84, 0x3e86, 0x3e88, 0x3e8a, 0x3e8d,
	0x3e8f, 0x3e91, 0x3e93, 0x3e95, 0x3e98, 0x3e9a, 0x3e9c, 0x3e9e,
	0x3ea1, 0x3ea3, 0x3ea5, 0x3ea8, 0x3eaa, 0x3ead, 0x3eaf, 0x3eb2,
	0x3eb4, 0x3eb6, 0x3eb9, 0x3ebc, 0x3ebe, 0x3ec1, 0x3ec3, 0x3ec6,
	0x3ec8, 0x3ecb, 0x3ece, 0x3ed1, 0x3ed3, 0x3ed6, 0x3ed9, 0x3edb,
	0x3ede, 0x3ee1, 0x3ee4, 0x3ee7, 0x3eea, 0x3eed, 0x3ef0, 0x3ef2,
	0x3ef6, 0x3ef8, 0x3efc, 0x3efe, 0x3f01, 0x3f02, 0x3f04, 0x3f05,
	0x3f07, 0x3f09, 0x3f0a, 0x3f0c, 0x3f0d, 0x3f0f, 0x3f11, 0x3f12,
	0x3f14, 0x3f16, 0x3f17, 0x3f19, 0x3f1b, 0x3f1c, 0x3f1e, 0x3f20,
	0x3f21, 0x3f23, 0x3f25, 0x3f27, 0x3f29, 0x3f2a, 0x3f2c, 0x3f2e,
	0x3f30, 0x3f32, 0x3f33, 0x3f35, 0x3f37, 0x3f39, 0x3f3b, 0x3f3d,
	0x3f3f, 0x3f41, 0x3f43, 0x3f45, 0x3f47, 0x3f49, 0x3f4b, 0x3f4d,
	0x3f4f, 0x3f51, 0x3f53, 0x3f55, 0x3f57, 0x3f59, 0x3f5b, 0x3f5d,
	0x3f5f, 0x3f61, 0x3f63, 0x3f65, 0x3f68, 0x3f6a, 0x3f6c, 0x3f6e,
	0x3f70, 0x3f72, 0x3f74, 0x3f76, 0x3f7a, 0x3f7c, 0x3f7e, 0x3f80,
};

static float srgb_decode(unsigned byte)
{
	uint32_t u = (uint32_t)srgb_hi[byte & 255] << 16;
	float f;
	memcpy(&f, &u, 4);
	return f;
}

/* the fraction of log2 of a gradient's mantissa in 1/256, indexed by the
 * mantissa's top 8 bits, as an H200 computes a Grad form's level of detail
 * (tools/hw/tex_probe.h200/mip.txt, grad1): log2(1 + m/256) rounded up or
 * down by at most one 1/256, not a formula */
static const uint8_t log2_frac[256] = {
	0, 2, 4, 5, 6, 8, 9, 11, 12, 13, 15, 16, 18, 19, 20, 22,
	23, 24, 26, 27, 28, 30, 31, 32, 34, 35, 36, 38, 39, 40, 42, 43,
	44, 45, 47, 48, 49, 50, 52, 53, 54, 55, 57, 58, 59, 60, 62, 63,
	64, 65, 66, 68, 69, 70, 71, 72, 74, 75, 76, 77, 78, 79, 81, 82,
	83, 84, 85, 86, 88, 89, 90, 91, 92, 93, 94, 95, 97, 98, 99, 100,
	101, 102, 103, 104, 105, 106, 107, 109, 110, 111, 112, 113, 114, 115, 116, 117,
	118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133,
	135, 136, 137, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149,
	150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 162, 163, 164,
	165, 166, 167, 168, 169, 170, 171, 172, 173, 173, 174, 175, 176, 177, 178, 179,
	180, 181, 181, 182, 183, 184, 185, 186, 187, 188, 188, 189, 190, 191, 192, 193,
	194, 195, 195, 196, 197, 198, 199, 200, 200, 201, 202, 203, 204, 205, 205, 206,
	207, 208, 209, 210, 210, 211, 212, 213, 214, 214, 215, 216, 217, 218, 218, 219,
	220, 221, 222, 222, 223, 224, 225, 226, 226, 227, 228, 229, 229, 230, 231, 232,
	233, 233, 234, 235, 236, 236, 237, 238, 239, 239, 240, 241, 242, 242, 243, 244,
	245, 245, 246, 247, 248, 248, 249, 250, 251, 251, 252, 253, 253, 254, 255, 255,
};

/* the weight in 1/256 of corner (dx, dy, dz) of a linear filter's
 * footprint, from the coordinates' fractions a, b, c in 1/256 (b and c 0
 * for fewer dimensions): the GPU splits 256 along z exactly, each part
 * along x with the upper side rounded to nearest (halves up), then each
 * x part along y, rounding the side away from the footprint's origin
 * corner (the upper y texel of the upper x texel, the lower of the lower).
 * The eight weights sum to 256; every sample of tools/hw/tex_probe's 2D
 * and 3D sweeps on an H200 fits (docs/textures.md) */
static int corner_weight(int a, int b, int c, int dx, int dy, int dz)
{
	int z = dz ? c : 256 - c, x1 = (z * a + 128) >> 8, q = dx ? x1 : z - x1;
	if (dx) {
		int hi = (q * b + 128) >> 8;
		return dy ? hi : q - hi;
	}
	int lo = (q * (256 - b) + 128) >> 8;
	return dy ? q - lo : lo;
}

/* the sum of n doubles rounded once to float, halves away from zero (the
 * texture unit's rounding: tex_probe's border2d samples at ties). The sum
 * is carried with its rounding error (two-sum), exact for the products of
 * a weight in 1/256 and a float that a filter adds */
static float sum_to_float(const double *p, int n)
{
	double s = 0.0, e = 0.0;
	for (int k = 0; k < n; k++) {
		double t = s + p[k], bp = t - s;
		e += (s - (t - bp)) + (p[k] - bp);
		s = t;
	}
	double hi = s + e, lo = e - (hi - s);
	float f = (float)hi;
	if (!isfinite(f) || !isfinite(hi))
		return f;
	double r = (hi - (double)f) + lo;
	if (r != 0.0) {
		float g = nextafterf(f, r > 0.0 ? INFINITY : -INFINITY);
		double h = ((double)g - (double)f) / 2.0;
		if (fabs(r) > fabs(h) || (fabs(r) == fabs(h) && fabsf(g) > fabsf(f)))
			f = g;
	}
	return f;
}

/* v rounded to 11 significant bits (half precision, subnormals below
 * 2^-14), halves away from zero */
static double round_half_prec(double v)
{
	if (v == 0.0 || !isfinite(v))
		return v;
	int e = ilogb(v);
	if (e < -14)
		e = -14;
	double n = ldexp(fabs(v), 10 - e), r = floor(n + 0.5);
	return copysign(ldexp(r, e - 10), v);
}

/* the filter of half-float and sRGB channels: the texels v (weights w in
 * 1/256) in block floating point, each truncated to nbits below the
 * leading bit of the block, summed exactly and rounded to half precision.
 * The block's leading bit is the largest exponent of ev (the texels
 * themselves, or for sRGB the decoded value of the last byte of each
 * texel's group of 8: 185 counts as 191, 0.52, so a texel of 185 (0.484)
 * puts the block in [0.5, 1)) over the texels that have a weight. Negative
 * texels are truncated toward zero. An H200's results fit this with 8 bits
 * for sRGB (all 6120 recorded samples) and 15 bits for half floats (all
 * 2552, of both signs) (tools/hw/tex_probe.h200) */
static float block_filter(const double *v, const double *ev, const int *w, int n, int nbits)
{
	int big = INT32_MIN;
	for (int k = 0; k < n; k++) {
		if (!w[k])
			continue;
		if (!isfinite(v[k]))
			return (float)v[k];
		if (v[k] != 0.0 && ev[k] != 0.0 && ilogb(ev[k]) > big)
			big = ilogb(ev[k]);
	}
	if (big == INT32_MIN)
		return 0.0f;
	if (big < -14)
		big = -14;
	int sh = big - nbits + 1;
	int64_t acc = 0;
	for (int k = 0; k < n; k++)
		if (w[k])       /* a texel without weight may lie far outside the block */
			acc += (int64_t)w[k] * (int64_t)trunc(ldexp(v[k], -sh));
	return (float)round_half_prec(ldexp((double)acc, sh - 8));
}

/* the channels of one texel: floats (fv) when the results are floats, else
 * the integers sign- or zero-extended (iv) */
static void texel_decode(const struct sampler *s, const uint8_t *p, float fv[4], int64_t iv[4])
{
	const struct tex_chan *c = &s->o->ch;
	for (int k = 0; k < 4; k++) {
		fv[k] = k == 3 ? 1.0f : 0.0f;
		iv[k] = k == 3 ? 1 : 0;
	}
	for (int k = 0; k < c->n; k++) {
		const uint8_t *q = p + k * (c->bits / 8);
		int64_t x = 0;
		if (c->kind == 2) {
			if (c->bits == 32) {
				memcpy(&fv[k], q, 4);
				uint32_t u;
				memcpy(&u, q, 4);
				iv[k] = u;
			} else {
				uint16_t u;
				memcpy(&u, q, 2);
				fv[k] = half_to_float(u);
				memcpy(&iv[k], &fv[k], 4);
			}
			continue;
		}
		if (c->bits == 8)
			x = c->kind == 0 ? (int64_t)(int8_t)q[0] : (int64_t)q[0];
		else if (c->bits == 16) {
			uint16_t u;
			memcpy(&u, q, 2);
			x = c->kind == 0 ? (int64_t)(int16_t)u : (int64_t)u;
		} else {
			uint32_t u;
			memcpy(&u, q, 4);
			x = c->kind == 0 ? (int64_t)(int32_t)u : (int64_t)u;
		}
		iv[k] = x;
		if (s->o->readmode == 1) {
			double mx = c->kind == 0 ? (double)((1ll << (c->bits - 1)) - 1) : (double)((1ll << c->bits) - 1);
			double v = (double)x / mx;
			if (v < -1.0)
				v = -1.0;
			fv[k] = s->o->srgb && k < 3 && c->kind == 1 && c->bits == 8 ? srgb_decode((unsigned)x) : (float)v;
		}
	}
}

/* index i of dimension k after the address mode; -1: the border */
static int64_t address(const struct sampler *s, int k, int64_t i)
{
	int64_t n = (int64_t)s->size[k];
	int mode = s->o->addr[k];
	if (!s->o->norm && (mode == AM_WRAP || mode == AM_MIRROR))
		mode = AM_CLAMP;   /* wrap and mirror need normalized coordinates */
	if (s->o->restype == RES_LINEAR)
		mode = AM_BORDER;
	switch (mode) {
	case AM_WRAP:
		return ((i % n) + n) % n;
	case AM_MIRROR: {
		int64_t j = ((i % (2 * n)) + 2 * n) % (2 * n);
		return j >= n ? 2 * n - 1 - j : j;
	}
	case AM_BORDER:
		return i < 0 || i >= n ? -1 : i;
	default:
		return i < 0 ? 0 : i >= n ? n - 1 : i;
	}
}

/* the coordinate of dimension k in texels, after wrap or mirror of a
 * normalized coordinate */
static float scale(const struct sampler *s, int k, float c)
{
	if (!s->o->norm)
		return c * s->cscale[k];
	int mode = s->o->addr[k];
	if (mode == AM_WRAP) {
		c = c - floorf(c);
	} else if (mode == AM_MIRROR) {
		float f = floorf(c), fr = c - f;
		c = fmodf(f, 2.0f) != 0.0f ? 1.0f - fr : fr;
	}
	return c * (float)s->size[k];
}

/* texel (i, j, l) of the layer into fv/iv, recorded with weight wt */
static void texel(const struct sampler *s, int dims, const int64_t *idx, int64_t layer, double wt,
		  float fv[4], int64_t iv[4])
{
	int64_t a[3] = { 0, 0, 0 };
	int border = 0;
	if (layer < 0 || (uint64_t)layer >= s->layers)   /* a cube or layer fetch from another kind of array */
		layer = layer < 0 ? 0 : (int64_t)s->layers - 1;
	for (int k = 0; k < dims; k++) {
		a[k] = address(s, k, idx[k]);
		if (a[k] < 0)
			border = 1;
	}
	if (border) {
		for (int k = 0; k < 4; k++) {
			fv[k] = s->o->restype == RES_LINEAR ? 0.0f : s->o->border[k];
			iv[k] = s->o->restype == RES_LINEAR ? 0 : (int64_t)s->o->border[k];
		}
	} else {
		const uint8_t *p = s->base + (uint64_t)layer * s->sliceb + (uint64_t)a[2] * s->sliceb +
				   (uint64_t)a[1] * s->rowb + (uint64_t)a[0] * s->elem;
		texel_decode(s, p, fv, iv);
	}
	struct machine_tex_lane *pl = s->probe;
	if (pl && pl->ntexels < MACHINE_TEX_TEXELS) {
		struct machine_tex_texel *t = &pl->t[pl->ntexels++];
		t->x = (int32_t)idx[0];
		t->y = dims > 1 ? (int32_t)idx[1] : 0;
		t->z = dims > 2 ? (int32_t)idx[2] : 0;
		t->layer = (int32_t)layer;
		t->border = border;
		t->level = s->level;
		t->weight = wt * s->lw;
		for (int k = 0; k < 4; k++)
			t->value[k] = s->isfloat ? fv[k] : (float)iv[k];
	}
}

/* floor and 8-bit fraction of a filter coordinate u - 0.5 */
static int64_t fixed8(float u, int *frac)
{
	float xb = u - 0.5f;
	double f = floor((double)xb * 256.0 + 0.5);
	if (f != f)
		f = 0.0;        /* NaN: texel 0 */
	if (f > 4.0e15)
		f = 4.0e15;
	if (f < -4.0e15)
		f = -4.0e15;
	int64_t v = (int64_t)f;
	*frac = (int)(v & 255);
	return v >> 8;
}

static int64_t point_index(float u)
{
	double f = floor((double)u);
	if (f != f)
		f = 0.0;
	if (f > 4.0e15)
		f = 4.0e15;
	if (f < -4.0e15)
		f = -4.0e15;
	return (int64_t)f;
}

/* sample dims dimensions at texel coordinates u (scaled) into res */
static void sample(const struct sampler *s, int dims, const float *c, int64_t layer, uint32_t res[4])
{
	float u[3];
	for (int k = 0; k < dims; k++)
		u[k] = scale(s, k, c[k]);
	float fv[4];
	int64_t iv[4];
	if (s->o->filter == 0 || !s->isfloat) {
		int64_t idx[3];
		for (int k = 0; k < dims; k++)
			idx[k] = point_index(u[k]);
		texel(s, dims, idx, layer, 1.0, fv, iv);
		for (int k = 0; k < 4; k++) {
			if (s->isfloat)
				memcpy(&res[k], &fv[k], 4);
			else
				res[k] = (uint32_t)iv[k];
		}
		return;
	}
	/* the GPU filters a 1D texture as a 2D one of height 1 at y = 0: rows
	 * -1 and 0 weighed 1/2 each, which shows only when y's address mode
	 * is border (then half of every result is the border color) */
	if (dims == 1 && s->o->addr[1] == AM_BORDER && s->o->restype != RES_LINEAR) {
		dims = 2;
		u[1] = 0.0f;
	}
	/* under clamp the coordinate itself is clamped to the first and last
	 * texel centres before its fraction is taken (what makes tex_probe's
	 * 3D samples near an edge fit: the split weights depend on it) */
	int64_t i0[3];
	int fr[3] = { 0, 0, 0 };
	for (int k = 0; k < dims; k++) {
		int mode = s->o->addr[k];
		if (!s->o->norm && (mode == AM_WRAP || mode == AM_MIRROR))
			mode = AM_CLAMP;
		if (mode == AM_CLAMP && s->o->restype != RES_LINEAR)
			u[k] = fminf(fmaxf(u[k], 0.5f), (float)s->size[k] - 0.5f);
		i0[k] = fixed8(u[k], &fr[k]);
	}
	/* per channel k and corner q: the texel's float, its integer and the
	 * corner's weight in 1/256 */
	double tv[4][8];
	int64_t ti[4][8];
	int w[8];
	int n = 1 << dims;
	for (int corner = 0; corner < n; corner++) {
		int64_t idx[3];
		int d[3] = { corner & 1, (corner >> 1) & 1, (corner >> 2) & 1 };
		for (int k = 0; k < dims; k++)
			idx[k] = i0[k] + d[k];
		w[corner] = corner_weight(fr[0], fr[1], fr[2], d[0], d[1], d[2]);
		texel(s, dims, idx, layer, w[corner] / 256.0, fv, iv);
		for (int k = 0; k < 4; k++) {
			tv[k][corner] = fv[k];
			ti[k][corner] = iv[k];
		}
	}
	/* integers read as normalized floats are filtered as 16-bit unorm or
	 * snorm values (an unsigned 8-bit k is k * 257, a signed one k *
	 * 32767 / 127 with -128 not clamped): the filtered integer rounded to
	 * nearest (halves up), then normalized and clamped to -1; sRGB and
	 * half-float channels in block floating point (block_filter); floats
	 * exactly, rounded once (docs/textures.md) */
	const struct tex_chan *ch = &s->o->ch;
	int q16 = ch->kind != 2 && s->o->readmode == 1 && (ch->bits == 16 || ch->bits == 8);
	int srgb = s->o->srgb && ch->kind == 1 && ch->bits == 8 && s->o->readmode == 1;
	int half = ch->kind == 2 && ch->bits == 16;
	int64_t num = ch->bits == 8 ? (ch->kind == 0 ? 32767 : 257) : 1, den = ch->bits == 8 && ch->kind == 0 ? 127 : 1;
	for (int k = 0; k < 4; k++) {
		float f;
		if (k < ch->n && srgb && k < 3) {
			double ev[8];
			for (int q2 = 0; q2 < n; q2++)
				ev[q2] = srgb_decode((unsigned)ti[k][q2] | 7);
			f = block_filter(tv[k], ev, w, n, 8);
		} else if (k < ch->n && half) {
			f = block_filter(tv[k], tv[k], w, n, 15);
		} else if (k < ch->n && q16) {
			int64_t acc = 0, d2 = 2 * 256 * den, q;
			for (int q2 = 0; q2 < n; q2++)
				acc += w[q2] * ti[k][q2] * num;
			q = 2 * acc + 256 * den;
			q = q >= 0 ? q / d2 : -((-q + d2 - 1) / d2);     /* floor */
			double v = (double)q / (ch->kind == 0 ? 32767.0 : 65535.0);
			f = (float)(v < -1.0 ? -1.0 : v);
		} else {
			double p[8];
			for (int q2 = 0; q2 < n; q2++)     /* no weight: not read (an infinity would give NaN) */
				p[q2] = w[q2] ? w[q2] * tv[k][q2] / 256.0 : 0.0;
			f = sum_to_float(p, n);
		}
		memcpy(&res[k], &f, 4);
	}
}

/* tex2Dgather: component comp of the four texels bilinear filtering uses,
 * in the order (i0, j1), (i1, j1), (i1, j0), (i0, j0) */
static void gather(const struct sampler *s, const float *c, int comp, uint32_t res[4])
{
	float u[2] = { scale(s, 0, c[0]), scale(s, 1, c[1]) };
	int fr[2];
	int64_t i0 = fixed8(u[0], &fr[0]), j0 = fixed8(u[1], &fr[1]);
	static const int off[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
	if (comp < 0 || comp > 3)
		comp = 0;
	for (int q = 0; q < 4; q++) {
		int64_t idx[3] = { i0 + off[q][0], j0 + off[q][1], 0 };
		float fv[4];
		int64_t iv[4];
		texel(s, 2, idx, 0, 0.25, fv, iv);
		if (s->isfloat)
			memcpy(&res[q], &fv[comp], 4);
		else
			res[q] = (uint32_t)iv[comp];
	}
}

/* a cubemap direction: the face and the face's normalized coordinates */
static int cube_face(float x, float y, float z, float st[2])
{
	float ax = fabsf(x), ay = fabsf(y), az = fabsf(z), ma, sc, tc;
	int face;
	if (ax >= ay && ax >= az) {
		face = x >= 0 ? 0 : 1;
		ma = ax;
		sc = x >= 0 ? -z : z;
		tc = -y;
	} else if (ay >= az) {
		face = y >= 0 ? 2 : 3;
		ma = ay;
		sc = x;
		tc = y >= 0 ? z : -z;
	} else {
		face = z >= 0 ? 4 : 5;
		ma = az;
		sc = z >= 0 ? x : -x;
		tc = -y;
	}
	st[0] = (sc / ma + 1.0f) * 0.5f;
	st[1] = (tc / ma + 1.0f) * 0.5f;
	return face;
}

static const char *const op_name[] = {
	"tex1Dfetch", "tex1D", "tex2D", "tex3D", "tex1DLayered", "tex2DLayered", "texCubemap",
	"texCubemapLayered", "tex2Dgather"
};

static struct machine_finding *bad_object(struct machine *m, struct warp *w, unsigned l,
					  const struct ir_insn *in, uint64_t h, const char *what)
{
	return machine_finding_add(m, FK_INVALID_TEXTURE_OBJECT, w, 1u << l, in->span, 0,
				   "%s with %s object %llu, which is not a live %s object (destroyed, or never created)",
				   what, strcmp(what, "surface") && strncmp(what, "surf", 4) ? "texture" : "surface",
				   (unsigned long long)h,
				   strcmp(what, "surface") && strncmp(what, "surf", 4) ? "texture" : "surface");
}

/* the sampler of object o at mipmap level, or -1 when its memory is gone
 * (a finding) */
static int sampler_init(struct machine *m, struct warp *w, unsigned l, const struct ir_insn *in,
			const struct tex_obj *o, int level, struct sampler *s)
{
	memset(s, 0, sizeof(*s));
	s->o = o;
	s->level = level;
	s->lw = 1.0;
	s->cscale[0] = s->cscale[1] = s->cscale[2] = 1.0f;
	s->isfloat = o->ch.kind == 2 || o->readmode == 1;
	s->elem = (uint32_t)(o->ch.bits / 8 * o->ch.n);
	s->size[0] = s->size[1] = s->size[2] = 1;
	s->layers = 1;
	uint64_t addr, bytes;
	if (o->arr >= 0) {
		int64_t ai = o->mip >= 0 ? m->tex.mipmaps.v[o->mip].lev[level] : o->arr;
		const struct tex_array *ar = &m->tex.arrays.v[ai];
		if (o->mip >= 0 && level > 0) {
			const struct tex_array *a0 = &m->tex.arrays.v[o->arr];
			s->cscale[0] = (float)((double)ar->w / (double)a0->w);
			s->cscale[1] = (float)((double)max1(ar->h) / (double)max1(a0->h));
			s->cscale[2] = ar->flags & (F_LAYERED | F_CUBEMAP) ? 1.0f :
				       (float)((double)max1(ar->d) / (double)max1(a0->d));
		}
		s->ar = ar;
		addr = ar->data;
		s->size[0] = ar->w;
		s->size[1] = max1(ar->h);
		s->size[2] = ar->flags & (F_LAYERED | F_CUBEMAP) ? 1 : max1(ar->d);
		s->layers = ar->flags & (F_LAYERED | F_CUBEMAP) ? ar->layers : 1;
		s->rowb = ar->w * ar->elem;
		s->sliceb = s->rowb * max1(ar->h);
		bytes = s->sliceb * max1(ar->d);
		if (!ar->live) {
			machine_finding_add(m, FK_USE_AFTER_FREE, w, 1u << l, in->span, addr,
					    "texture fetch from a CUDA array that %s already freed",
					    ar->mipmap >= 0 ? "cudaFreeMipmappedArray" : "cudaFreeArray");
			return -1;
		}
	} else {
		addr = o->ptr;
		s->size[0] = o->w;
		s->size[1] = o->h;
		s->rowb = o->pitch;
		s->sliceb = o->pitch * o->h;
		bytes = o->restype == RES_LINEAR ? o->pitch : (o->h - 1) * o->pitch + o->w * s->elem;
	}
	struct alloc *al = mem_find(&m->mem, addr);
	if (!al || al->freed || !ws_range_in(al->base, al->size, addr, bytes)) {
		machine_finding_add(m, FK_USE_AFTER_FREE, w, 1u << l, in->span, addr,
				    "texture fetch from memory that was freed after the texture object was created");
		return -1;
	}
	s->base = al->data + (addr - al->base);
	return 0;
}


#define ARG(k, l) R[(size_t)in->args[k] * WS_WARP + (l)]

/* one fetch of op at the sampler's level into res */
static void fetch_at(struct sampler *s, int op, const float *c, int32_t layer, uint32_t res[4])
{
	int64_t lay = 0;
	const struct tex_obj *o = s->o;   /* the cases below lend s a changed copy */
	switch (op) {
	case OP_FETCH1: {
		/* an integer index, no filtering; outside the texture: zero */
		int64_t idx[3] = { layer, 0, 0 };
		float fv[4];
		int64_t iv[4];
		struct tex_obj po = *s->o;
		po.restype = RES_LINEAR;
		s->o = &po;
		texel(s, 1, idx, 0, 1.0, fv, iv);
		for (int k = 0; k < 4; k++) {
			if (s->isfloat)
				memcpy(&res[k], &fv[k], 4);
			else
				res[k] = (uint32_t)iv[k];
		}
		break;
	}
	case OP_2D: case OP_2DL:
		lay = op == OP_2DL ? layer : 0;
		sample(s, 2, c, lay < 0 ? 0 : lay >= (int64_t)s->layers ? (int64_t)s->layers - 1 : lay, res);
		break;
	case OP_3D:
		sample(s, 3, c, 0, res);
		break;
	case OP_CUBE: case OP_CUBEL: {
		float st[2];
		int face = cube_face(c[0], c[1], c[2], st);
		int64_t nl = (int64_t)s->layers / 6, L = op == OP_CUBEL ? layer : 0;
		L = L < 0 ? 0 : L >= nl ? nl - 1 : L;
		struct tex_obj co = *s->o;
		co.norm = 1;
		co.addr[0] = co.addr[1] = AM_CLAMP;
		s->o = &co;
		sample(s, 2, st, L * 6 + face, res);
		break;
	}
	case OP_GATHER:
		gather(s, c, layer, res);
		break;
	default:        /* OP_1D, OP_1DL */
		lay = op == OP_1DL ? layer : 0;
		sample(s, 1, c, lay < 0 ? 0 : lay >= (int64_t)s->layers ? (int64_t)s->layers - 1 : lay, res);
		break;
	}
	s->o = o;
}

/* the level of detail of a fetch from a mipmapped texture
 * (docs/textures.md): the Lod forms' level, the Grad forms' log2 of the
 * longer gradient in texels of level 0, else 0; then the bias, the
 * texture's clamps and the levels there are */
static double lod_of(const struct machine *m, const struct tex_obj *o, int op, int flags, float lod,
		     const float *dx, const float *dy)
{
	const struct tex_mipmap *mm = &m->tex.mipmaps.v[o->mip];
	double lam = 0.0;
	if (flags & 0x10) {
		lam = lod;
	} else if (flags & 0x20) {
		const struct tex_array *a0 = &m->tex.arrays.v[mm->lev[0]];
		double sz[3] = { (double)a0->w, (double)max1(a0->h), (double)max1(a0->d) };
		int dims = op == OP_3D ? 3 : op == OP_1D || op == OP_1DL ? 1 : 2;
		double px = 0.0, py = 0.0;
		for (int k = 0; k < dims; k++) {
			double sx = o->norm ? dx[k] * sz[k] : dx[k], sy = o->norm ? dy[k] * sz[k] : dy[k];
			px += sx * sx;
			py += sy * sy;
		}
		float rho = (float)sqrt(px > py ? px : py);
		if (rho > 0.0f && isfinite(rho)) {
			/* log2 as the GPU takes it: the exponent, and the
			 * fraction from the top 8 bits of the mantissa */
			uint32_t u;
			memcpy(&u, &rho, 4);
			int e = (int)((u >> 23) & 255) - 127, m8 = (int)((u >> 15) & 255);
			if (e == -127)
				lam = log2(rho);     /* a subnormal gradient: far below level 0 */
			else
				lam = e + log2_frac[m8] / 256.0;
		} else {
			lam = rho > 0.0f ? 1.0e9 : -1.0e9;
		}
	}
	lam += o->lodbias;
	if (lam < o->lodmin)
		lam = o->lodmin;
	if (lam > o->lodmax)
		lam = o->lodmax;
	if (lam != lam || lam < 0.0)
		lam = 0.0;
	if (lam > mm->nlev - 1)
		lam = mm->nlev - 1;
	return lam;
}

static int do_tex(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	struct machine_tex_probe *pr = &m->tex.probe;
	if (in->nargs < 15)
		return 0;
	int first = 1;
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t h = ARG(0, l);
		int op = (int)ARG(1, l) & 15, flags = (int)ARG(1, l) & 0x30;
		float c[3] = { fval(ARG(2, l)), fval(ARG(3, l)), fval(ARG(4, l)) };
		int32_t layer = (int32_t)ARG(5, l);
		float lodarg = fval(ARG(6, l));
		float dx[3] = { fval(ARG(7, l)), fval(ARG(8, l)), fval(ARG(9, l)) };
		float dy[3] = { fval(ARG(10, l)), fval(ARG(11, l)), fval(ARG(12, l)) };
		uint64_t out = ARG(13, l);
		int fmt = (int)ARG(14, l), n = fmt >> 3, cs = fmt & 7;
		const struct tex_obj *o = obj_of(m, h, TEXO_TEX);
		if (op > OP_GATHER)
			op = OP_2D;
		if (!o) {
			/* the H100 does not fault on a destroyed or forged texture
			 * object: the fetch returns zeros and the kernel goes on; the
			 * finding names the bug */
			bad_object(m, w, l, in, h, op_name[op]);
			int nz = n > 4 ? 4 : n, cz = cs != 1 && cs != 2 && cs != 4 ? 4 : cs;
			uint8_t *d = nz > 0 ? interp_xlate(m, w, l, out, (uint64_t)nz * cz, 1, in->span) : NULL;
			if (nz > 0 && !d)
				return -1;
			if (d)
				memset(d, 0, (size_t)nz * cz);
			continue;
		}
		/* the levels: lo, and hi with weight f/256 under trilinear
		 * filtering; the level of detail in fixed point with 8
		 * fractional bits, truncated (an H200: tex_probe's lod sweep) */
		int lo = 0, hi = -1, f = 0;
		double lam = 0.0;
		if (o->mip >= 0 && op != OP_FETCH1 && op != OP_GATHER) {
			lam = lod_of(m, o, op, flags, lodarg, dx, dy);
			int64_t q = (int64_t)floor(lam * 256.0);
			if (o->mipfilter == 0) {
				lo = (int)((q + 128) >> 8);
			} else {
				lo = (int)(q >> 8);
				f = (int)(q & 255);
				if (f)
					hi = lo + 1;
			}
		}
		struct sampler s;
		if (sampler_init(m, w, l, in, o, lo, &s)) {
			machine_fail_kernel(m, E_ILLADDR);
			return -1;
		}
		if (first) {
			memset(pr, 0, sizeof(*pr));
			pr->valid = 1;
			pr->obj = h;
			pr->func = op_name[op];
			pr->filter = o->filter;
			pr->norm = o->norm;
			pr->readmode = o->readmode;
			for (int k = 0; k < 3; k++)
				pr->addr[k] = o->addr[k];
			pr->levels = o->mip >= 0 ? m->tex.mipmaps.v[o->mip].nlev : 1;
			pr->step = m->steps;
			pr->slot = w->host ? -1 : w->blk->slot;
			pr->warp = (int)w->id;
			pr->span = cg_user_span(m, w, g->mask, in->span);
			first = 0;
		}
		struct machine_tex_lane *pl = &pr->lane[l];
		pl->valid = 1;
		pl->layer = layer;
		pl->lod = lam;
		memcpy(pl->coord, c, sizeof(c));
		s.probe = pl;
		uint32_t res[4] = { 0, 0, 0, 0 };
		if (hi < 0) {
			fetch_at(&s, op, c, layer, res);
		} else {
			/* trilinear: the two levels weighed (256 - f)/256 and f/256,
			 * summed exactly and rounded once */
			uint32_t r1[4];
			struct sampler s1;
			if (sampler_init(m, w, l, in, o, hi, &s1)) {
				machine_fail_kernel(m, E_ILLADDR);
				return -1;
			}
			s.lw = (256 - f) / 256.0;
			s1.lw = f / 256.0;
			s1.probe = pl;
			fetch_at(&s, op, c, layer, res);
			fetch_at(&s1, op, c, layer, r1);
			for (int k = 0; k < 4; k++) {
				double p[2] = { s.lw * fval(res[k]), s1.lw * fval(r1[k]) };
				float v = sum_to_float(p, 2);
				memcpy(&res[k], &v, 4);
			}
		}
		memcpy(pl->result, res, sizeof(res));
		pl->result_float = s.isfloat;
		if (n > 4)
			n = 4;
		if (cs != 1 && cs != 2 && cs != 4)
			cs = 4;
		if (n <= 0)
			continue;
		uint8_t *d = interp_xlate(m, w, l, out, (uint64_t)n * cs, 1, in->span);
		if (!d)
			return -1;
		for (int k = 0; k < n; k++)
			memcpy(d + k * cs, &res[k], cs);   /* the low bytes (little-endian) */
	}
	return 0;
}

/* ---- device side: surfaces */

static int do_surf(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	static const char *const sname[] = { "surf?", "surf1D", "surf2D", "surf3D", "surf1DLayered",
					     "surf2DLayered", "surfCubemap", "surfCubemapLayered" };
	if (in->nargs < 9)
		return 0;
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t h = ARG(0, l);
		int op = (int)ARG(1, l), dims = op & 7, write = (op & 0x100) != 0;
		int64_t x = (int32_t)ARG(2, l), y = (int32_t)ARG(3, l), z = (int32_t)ARG(4, l);
		int64_t layer = (int32_t)ARG(5, l);
		uint64_t data = ARG(6, l), size = (uint32_t)ARG(7, l);
		int mode = (int)ARG(8, l);
		const struct tex_obj *o = obj_of(m, h, TEXO_SURF);
		char what[48];
		snprintf(what, sizeof(what), "%s%s", sname[dims], write ? "write" : "read");
		if (!o || !m->tex.arrays.v[o->arr].live) {
			bad_object(m, w, l, in, h, what);
			machine_fail_kernel(m, E_ILLADDR);
			return -1;
		}
		const struct tex_array *ar = &m->tex.arrays.v[o->arr];
		int64_t lim[4] = { (int64_t)(ar->w * ar->elem), (int64_t)max1(ar->h),
				   ar->flags & (F_LAYERED | F_CUBEMAP) ? 1 : (int64_t)max1(ar->d),
				   ar->flags & (F_LAYERED | F_CUBEMAP) ? (int64_t)ar->layers : 1 };
		int64_t v[4] = { x, dims >= 2 && dims != 4 ? y : 0, dims == 3 ? z : 0,
				 dims >= 4 ? layer : 0 };
		int out = size == 0 || size > 16 || x < 0 || x + (int64_t)size > lim[0];
		for (int k = 1; k < 4; k++)
			if (v[k] < 0 || v[k] >= lim[k])
				out = 1;
		if (size && x % (int64_t)size) {
			/* x counts bytes and must be a multiple of the element: the
			 * H100 faults with a misaligned address (716) */
			machine_finding_add(m, FK_MISALIGNED, w, 1u << l, in->span, 0,
					    "%s of %llu bytes at x %lld: surface x coordinates are in bytes and must be a multiple of the element size (x * sizeof(T))",
					    what, (unsigned long long)size, (long long)x);
			machine_fail_kernel(m, 716);
			return -1;
		}
		if (out && mode == 2) {
			machine_finding_add(m, FK_SURFACE_OUT_OF_BOUNDS, w, 1u << l, in->span, 0,
					    "%s of %llu bytes at x %lld (bytes), y %lld, z %lld, layer %lld is outside the array (rows of %llu bytes, %llu rows, depth %llu, %llu layers) under cudaBoundaryModeTrap",
					    what, (unsigned long long)size, (long long)x, (long long)v[1], (long long)v[2],
					    (long long)v[3], (unsigned long long)lim[0], (unsigned long long)lim[1],
					    (unsigned long long)lim[2], (unsigned long long)lim[3]);
			machine_fail_kernel(m, E_ILLADDR);
			return -1;
		}
		uint8_t *p = interp_xlate(m, w, l, data, size ? size : 1, !write, in->span);
		if (!p)
			return -1;
		if (out && mode == 0) {
			if (!write)
				memset(p, 0, size);
			continue;
		}
		if (out) {      /* clamp */
			int64_t xmax = lim[0] - (int64_t)size;
			v[0] = v[0] < 0 ? 0 : v[0] > xmax ? (xmax < 0 ? 0 : xmax) : v[0];
			for (int k = 1; k < 4; k++)
				v[k] = v[k] < 0 ? 0 : v[k] >= lim[k] ? lim[k] - 1 : v[k];
		}
		struct alloc *al = mem_find(&m->mem, ar->data);
		if (!al || al->freed)
			return -1;
		uint64_t off = (uint64_t)(v[3] + v[2]) * ar->w * ar->elem * max1(ar->h) +
			       (uint64_t)v[1] * ar->w * ar->elem + (uint64_t)v[0];
		if (off + size > al->size)
			continue;
		if (write)
			memcpy(al->data + off, p, size);
		else
			memcpy(p, al->data + off, size);
	}
	return 0;
}

int texture_call(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	if ((int)in->imm == BI___ws_surf)
		return do_surf(m, w, g, in);
	return do_tex(m, w, g, in);
}
