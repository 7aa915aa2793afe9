/*
 * unit_arena.c - the arena (engine/util/util.c): chunks that grow from
 * 64 KiB to 2 MiB (the 2 MiB ones mapped for transparent huge pages) must
 * still hand out zeroed, 16-aligned, disjoint memory of any size, count in
 * the allocation funnel, and be released whole and usable again.
 */
#include <stdint.h>
#include <string.h>

#include "tap.h"

/* n bytes at p are all zero */
static int zero(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

/* allocate about total bytes in pieces of varying size, each filled with
 * its own byte after the check; then check that no later piece overwrote
 * an earlier one. Returns the number of failures. */
static int fill(struct arena *a, size_t total, size_t *count)
{
	enum { MAXP = 1 << 16 };
	static unsigned char *ptr[MAXP];
	static size_t len[MAXP];
	size_t n = 0, got = 0;
	int bad = 0;
	uint32_t x = 12345;
	while (got < total && n < MAXP) {
		x = x * 1103515245u + 12345u;
		size_t sz = 1 + (x >> 16) % 3000;
		if (n % 997 == 0)
			sz = 100000 + (x >> 8) % 50000; /* now and then a big one */
		unsigned char *p = arena_alloc(a, sz);
		if (((uintptr_t)p & 15) != 0 || !zero(p, sz))
			bad++;
		memset(p, (int)(n % 251) + 1, sz);
		ptr[n] = p;
		len[n] = sz;
		got += sz;
		n++;
	}
	for (size_t i = 0; i < n; i++)
		if (ptr[i][0] != (unsigned char)(i % 251 + 1) || ptr[i][len[i] - 1] != (unsigned char)(i % 251 + 1))
			bad++;
	*count = n;
	return bad;
}

int main(void)
{
	tap_start();
	struct arena a;
	arena_init(&a);
	size_t n;
	unsigned long calls = util_alloc_calls();
	int bad = fill(&a, (size_t)40 << 20, &n);
	ok(bad == 0, "40 MiB in %zu pieces: zeroed, 16-aligned, disjoint (%d bad)", n, bad);
	unsigned long chunks = util_alloc_calls() - calls;
	/* 64 KiB, doubling to 2 MiB: about 20 chunks of 2 MiB, plus the big pieces */
	ok(chunks >= 10 && chunks < 200, "the chunks count in the allocation funnel (%lu)", chunks);
	ok(a.total >= (size_t)40 << 20, "the arena counts what it handed out (%zu)", a.total);

	unsigned char *big = arena_alloc(&a, (size_t)5 << 20);
	ok(big && zero(big, (size_t)5 << 20), "a piece larger than a chunk (5 MiB) is zeroed");
	memset(big, 7, (size_t)5 << 20);
	unsigned char *after = arena_alloc(&a, 64);
	ok(zero(after, 64), "the piece after it is zeroed");

	arena_release(&a);
	ok(a.head == NULL && a.total == 0, "released whole");
	bad = fill(&a, (size_t)8 << 20, &n);
	ok(bad == 0, "usable again after release: 8 MiB in %zu pieces (%d bad)", n, bad);
	arena_release(&a);

	/* many small arenas (one per compilation, per Lua machine): each stays small */
	for (int i = 0; i < 64; i++) {
		arena_init(&a);
		char *s = arena_strdup(&a, "warpstep");
		bad += strcmp(s, "warpstep") != 0;
		arena_release(&a);
	}
	ok(bad == 0, "64 small arenas made and released");

	/* the pool (the warps of resident blocks): same-sized pieces, zeroed,
	 * a freed piece handed out again zeroed; NULL only when there are no
	 * huge-page chunks here or the piece is too big for one */
	struct pool p = { 0 };
	enum { NP = 400, SZ = 38000 };
	static unsigned char *piece[NP];
	int got = 0;
	bad = 0;
	for (int i = 0; i < NP; i++) {
		piece[i] = pool_alloc(&p, SZ);
		if (!piece[i])
			continue;
		got++;
		bad += ((uintptr_t)piece[i] & 63) != 0 || !zero(piece[i], SZ);
		memset(piece[i], i % 250 + 1, SZ);
	}
	for (int i = 0; i < NP; i++)
		if (piece[i])
			bad += piece[i][0] != i % 250 + 1 || piece[i][SZ - 1] != i % 250 + 1;
	ok(bad == 0, "pool: %d pieces of %d bytes (15 MB), zeroed, 64-aligned, disjoint", got, SZ);
	if (got) {
		unsigned char *q = piece[7];
		pool_free(&p, q, SZ);
		unsigned char *r = pool_alloc(&p, SZ);
		ok(r == q && zero(r, SZ), "a freed piece comes back for the same size, zeroed");
	} else {
		ok(1, "# SKIP no huge-page chunks on this system");
	}
	ok(pool_alloc(&p, (size_t)3 << 20) == NULL, "a piece larger than a chunk is refused (the caller mallocs)");
	pool_release(&p);
	ok(p.head == NULL && p.classes == NULL, "pool released");

	/* small pools made and released again and again (explore's machine
	 * per execution): once the zone's top is used up their chunks are
	 * kept and given zeroed to the next pool, not mapped again */
	int dirty = 0;
	unsigned long maps = 0;
	for (int round = 0; round < 200; round++) {
		if (round == 100)
			maps = util_map_calls();
		struct pool q = { 0 };
		for (int i = 0; i < 40; i++) {
			unsigned char *r = pool_alloc(&q, 1000 + 24 * (size_t)i);
			if (!r || !zero(r, 1000 + 24 * (size_t)i))
				dirty++;
			if (r)
				memset(r, 0xa5, 1000 + 24 * (size_t)i);
			if (r && i % 7 == 3)
				pool_free(&q, r, 1000 + 24 * (size_t)i);
		}
		pool_release(&q);
	}
	ok(dirty == 0, "pools of kept chunks hand out zeroed pieces (%d not)", dirty);
	ok(util_map_calls() == maps, "100 small pools after the first 100 map nothing (%lu mmaps)",
	   util_map_calls() - maps);
	return tap_end();
}
