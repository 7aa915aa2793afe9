/*
 * texture.h - private to machine/: the CUDA arrays, texture and surface
 * objects of the runtime (texture.c), kept in struct machine.
 */
#ifndef WS_TEXTURE_H
#define WS_TEXTURE_H

#include <stdint.h>

#include "machine.h"
#include "util.h"

struct tex_chan {              /* a cudaChannelFormatDesc, checked */
	int bits;               /* of one channel: 8, 16 or 32 */
	int n;                  /* channels: 1, 2 or 4 */
	int kind;               /* cudaChannelFormatKind: 0 signed, 1 unsigned, 2 float */
	int raw[5];             /* as the program gave it (x, y, z, w, f) */
};
struct tex_array {
	struct tex_chan ch;
	uint64_t w, h, d;       /* as created (0: the dimension is absent) */
	uint64_t layers;        /* layered/cubemap: layers (faces included); else 1 */
	unsigned flags;
	int dims;               /* 1, 2 or 3 */
	uint32_t elem;          /* bytes of one texel */
	uint64_t data;          /* device address of the texels */
	uint8_t live;
	int32_t mipmap;         /* level of the mipmapped array mipmap - 1 (-1: none) */
};
#define TEX_MAX_LEVELS 18       /* 1 + log2(131072) */
struct tex_mipmap {            /* a cudaMipmappedArray: its levels are arrays */
	int32_t lev[TEX_MAX_LEVELS]; /* array indices, level 0 first */
	int nlev;
	uint8_t live;
};
enum { TEXO_FREE, TEXO_TEX, TEXO_SURF };
struct tex_obj {
	uint8_t kind;           /* TEXO_ */
	int restype;            /* cudaResourceType */
	int64_t arr;            /* array index, or -1 */
	struct tex_chan ch;
	uint64_t ptr, w, h, pitch; /* linear (w texels) and pitch-2D resources */
	int addr[3], filter, readmode, srgb, norm;
	int64_t mip;            /* mipmapped array index, or -1 */
	int mipfilter;          /* cudaTextureDesc.mipmapFilterMode */
	float lodbias, lodmin, lodmax; /* mipmapLevelBias, min/maxMipmapLevelClamp */
	float border[4];
	uint8_t resdesc[144], texdesc[72]; /* as given, for cudaGetTextureObject*Desc */
};
struct tex_state {
	VEC(struct tex_array) arrays;
	VEC(struct tex_obj) objs;
	VEC(struct tex_mipmap) mipmaps;
	struct machine_tex_probe probe; /* the last fetch (machine_tex_last) */
};

struct machine;
struct warp;
struct group;
struct ir_insn;
/* the host built-ins of textures: -2 not one of them, -3 wait for the
 * device, else the cudaError_t */
int texture_runtime(struct machine *m, int id, const uint64_t *a);
/* the device built-ins __ws_tex and __ws_surf for the group's lanes: 0, or
 * -1 when the kernel failed */
int texture_call(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in);
void texture_clone(struct machine *d, const struct machine *s);
void texture_release(struct machine *m);

#endif
