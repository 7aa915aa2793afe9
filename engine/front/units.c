/*
 * units.c - the prelude's declarations a program can reach (units.h says
 * what and why): recording them at build time, writing the tables, and
 * choosing at run time the units a pass steps over.
 */
#include "units.h"
#include "prelude.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the parser's name_hash (parse_impl.h), which the preprocessor's identifier
 * hashes equal except that it makes 0 into 1 */
static uint32_t fnv(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static uint32_t tok_hash(const struct token *t)
{
	return t->hash > 1 ? t->hash : fnv(t->text);
}

static int off(void)
{
	return util_env_on("WS_NO_UNITS");
}

uint64_t units_prelude_check(const struct pb_prelude *pb)
{
	if (!pb)
		return 0;
	/* what the prelude's tables say of themselves (their counts, and the
	 * hashes of the predefinitions and of each header's text): no token
	 * table is read, so the check touches none of their pages */
	uint64_t h = 1469598103934665603ull;
	uint64_t v[] = { pb->ntok, pb->nmacro, pb->nfiles, pb->nlines, pb->pre_len, pb->pre_hash,
			 (uint64_t)pb->used, (uint64_t)pb->counter };
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		h = (h ^ v[i]) * 1099511628211ull;
	for (uint32_t i = 0; i < pb->nfiles; i++)
		h = (h ^ pb->files[i].text_hash ^ pb->files[i].text_len) * 1099511628211ull;
	return h;
}

/* --- run time --- */

int units_fit(const struct pu_tables *tab, const struct pb_prelude *pb)
{
	return tab && pb && tab->ntok == pb->ntok && tab->nunits && tab->check == units_prelude_check(pb);
}

static const struct pu_name *find_name(const struct pu_tables *tab, const struct token *t)
{
	uint32_t h = tok_hash(t), cap = tab->names_cap;
	for (uint32_t i = h & (cap - 1);; i = (i + 1) & (cap - 1)) {
		const struct pu_name *n = &tab->names[i];
		if (!n->str)
			return NULL;
		if (n->hash == h && !strcmp(tab->pool + n->str, t->text))
			return n;
	}
}

int units_plan(const struct pu_tables *tab, const struct token *user, uint8_t *kept)
{
	if (off())
		return 0;
	for (const struct token *t = user; t && t->kind != TK_EOF; t = t->next)
		if (t->kind == TK_ASM)
			return 0; /* rewritten into calls of the headers' __ws_ functions (parse_asm.c) */
	uint32_t n = tab->nunits;
	for (uint32_t u = 0; u < n; u++)
		kept[u] |= tab->base[u];
	uint32_t *stack = xmalloc(sizeof(uint32_t) * (n ? n : 1));
	uint32_t sp = 0;
	for (const struct token *t = user; t && t->kind != TK_EOF; t = t->next) {
		if (t->kind != TK_IDENT)
			continue;
		const struct pu_name *nm = find_name(tab, t);
		if (!nm)
			continue;
		for (uint32_t k = 0; k < nm->nunits; k++) {
			uint32_t u = tab->name_units[nm->units + k];
			if (!kept[u]) {
				kept[u] = 1;
				stack[sp++] = u;
			}
		}
		while (sp) {
			const struct pu_unit *pu = &tab->units[stack[--sp]];
			for (uint32_t k = 0; k < pu->ndeps; k++) {
				uint32_t d = tab->deps[pu->deps + k];
				if (!kept[d]) {
					kept[d] = 1;
					stack[sp++] = d;
				}
			}
		}
	}
	free(stack);
	return 1;
}

/* --- recording --- */

struct rec_unit {
	struct token *start, *end;
	VEC(const char *) names;
	struct unit_state st;  /* at its start */
	int children;          /* units inside it (a namespace, an extern "C" block) */
	int skippable;
};

struct unit_rec {
	VEC(struct rec_unit) units;  /* in the order they began */
	VEC(size_t) open;            /* the units being read, innermost last */
};

struct unit_rec *unit_rec_new(void)
{
	return xcalloc(1, sizeof(struct unit_rec));
}

void unit_rec_free(struct unit_rec *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->units.len; i++)
		vec_free(&r->units.v[i].names);
	vec_free(&r->units);
	vec_free(&r->open);
	free(r);
}

void unit_rec_begin(struct unit_rec *r, struct token *t, const struct unit_state *st)
{
	if (r->open.len)
		r->units.v[r->open.v[r->open.len - 1]].children++;
	struct rec_unit u;
	memset(&u, 0, sizeof(u));
	u.start = t;
	u.st = *st;
	vec_push(&r->open, r->units.len);
	vec_push(&r->units, u);
}

static int plain_ident(const char *s)
{
	if (!*s || (*s >= '0' && *s <= '9'))
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_'))
			return 0;
	return 1;
}

void unit_rec_end(struct unit_rec *r, struct token *t, const struct unit_state *st)
{
	if (!r->open.len)
		return;
	struct rec_unit *u = &r->units.v[r->open.v[--r->open.len]];
	u->end = t->kind == TK_EOF ? NULL : t; /* NULL: the prelude's end (each pass has its own EOF) */
	int ok = !u->children && u->names.len && !memcmp(&u->st, st, sizeof(*st));
	for (size_t i = 0; ok && i < u->names.len; i++)
		ok = plain_ident(u->names.v[i]);
	u->skippable = ok;
}

void unit_rec_name(struct unit_rec *r, const char *name)
{
	if (r->open.len)
		vec_push(&r->units.v[r->open.v[r->open.len - 1]].names, name);
}

/* --- writing the tables --- */

static size_t ptr_slot(const struct token *t, uint32_t cap)
{
	uintptr_t x = (uintptr_t)t;
	x ^= x >> 17;
	x *= 0x9e3779b97f4a7c15ull;
	return (size_t)(x >> 20) & (cap - 1);
}

struct ptrmap {
	const struct token **keys;
	uint32_t *vals;
	uint32_t cap;
};

static void pm_put(struct ptrmap *m, const struct token *t, uint32_t v)
{
	size_t i = ptr_slot(t, m->cap);
	while (m->keys[i] && m->keys[i] != t)
		i = (i + 1) & (m->cap - 1);
	m->keys[i] = t;
	m->vals[i] = v;
}

static int pm_get(const struct ptrmap *m, const struct token *t, uint32_t *v)
{
	for (size_t i = ptr_slot(t, m->cap); m->keys[i]; i = (i + 1) & (m->cap - 1))
		if (m->keys[i] == t) {
			*v = m->vals[i];
			return 1;
		}
	return 0;
}

/* a string table: spellings once each (offset 0 is "") */
struct strtab {
	struct strbuf pool;
	uint32_t *slots; /* pool offsets, open addressing by fnv */
	uint32_t cap, n;
};

static uint32_t st_add(struct strtab *s, const char *str)
{
	if (!s->pool.len)
		strbuf_addc(&s->pool, 0);
	if (2 * (s->n + 1) > s->cap) {
		uint32_t oc = s->cap, *os = s->slots;
		s->cap = oc ? oc * 2 : 1024;
		s->slots = xcalloc(s->cap, sizeof(uint32_t));
		for (uint32_t i = 0; i < oc; i++)
			if (os[i]) {
				uint32_t j = fnv(s->pool.buf + os[i]) & (s->cap - 1);
				while (s->slots[j])
					j = (j + 1) & (s->cap - 1);
				s->slots[j] = os[i];
			}
		free(os);
	}
	uint32_t j = fnv(str) & (s->cap - 1);
	for (; s->slots[j]; j = (j + 1) & (s->cap - 1))
		if (!strcmp(s->pool.buf + s->slots[j], str))
			return s->slots[j];
	uint32_t o = (uint32_t)s->pool.len;
	strbuf_adds(&s->pool, str);
	strbuf_addc(&s->pool, 0);
	s->slots[j] = o;
	s->n++;
	return o;
}

/* the name -> units lists while writing: per pool offset, a VEC of units */
struct namelist {
	uint32_t str;
	VEC(uint32_t) units;
};

static void emit_u32s(struct strbuf *out, const char *name, const uint32_t *v, size_t n)
{
	strbuf_addf(out, "static const uint32_t %s[] = {", name);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(out, "%s%u,", i % 16 ? "" : "\n", v[i]);
	strbuf_adds(out, n ? "\n};\n" : "0 };\n");
}

int units_emit(struct unit_rec *h, struct unit_rec *d, struct token *(*tok)(void *ctx, uint32_t i), void *ctx,
	       const struct pb_prelude *pb, struct strbuf *out, const char **why)
{
	uint32_t ntok = pb->ntok;
	uint64_t check = units_prelude_check(pb);
	if (h->units.len != d->units.len || h->open.len || d->open.len) {
		*why = "the two passes read the prelude as different units";
		return -1;
	}
	struct ptrmap pm = { 0 };
	pm.cap = 16;
	while (pm.cap < 2 * (ntok + 1))
		pm.cap *= 2;
	pm.keys = xcalloc(pm.cap, sizeof(*pm.keys));
	pm.vals = xcalloc(pm.cap, sizeof(*pm.vals));
	for (uint32_t i = 0; i < ntok; i++)
		pm_put(&pm, tok(ctx, i), i);

	/* each unit's token range; the skippable leaves, in token order */
	size_t nu = h->units.len;
	uint32_t *ustart = xmalloc(sizeof(uint32_t) * (nu + 1)), *uend = xmalloc(sizeof(uint32_t) * (nu + 1));
	int *skip = xcalloc(nu + 1, sizeof(int));
	int bad = 0;
	for (size_t i = 0; i < nu && !bad; i++) {
		struct rec_unit *a = &h->units.v[i], *b = &d->units.v[i];
		if (a->start != b->start || a->end != b->end || !pm_get(&pm, a->start, &ustart[i]))
			bad = 1;
		else if (!a->end)
			uend[i] = ntok;
		else if (!pm_get(&pm, a->end, &uend[i]))
			bad = 1;
		skip[i] = a->skippable && b->skippable && uend[i] > ustart[i];
	}
	if (bad) {
		free(pm.keys);
		free(pm.vals);
		free(ustart);
		free(uend);
		free(skip);
		*why = "a unit does not start and end at the prelude's own tokens";
		return -1;
	}
	/* idx[i]: the table index of recorded unit i, or -1 */
	int32_t *idx = xmalloc(sizeof(int32_t) * (nu + 1));
	uint32_t nskip = 0;
	for (size_t i = 0; i < nu; i++)
		idx[i] = skip[i] ? (int32_t)nskip++ : -1;
	/* which table unit each token is in (-1: parsed always) */
	int32_t *owner = xmalloc(sizeof(int32_t) * (ntok + 1));
	for (uint32_t i = 0; i < ntok; i++)
		owner[i] = -1;
	for (size_t i = 0; i < nu; i++)
		if (skip[i])
			for (uint32_t k = ustart[i]; k < uend[i]; k++)
				owner[k] = idx[i];

	/* names: spelling -> the table units declaring it (both passes' names) */
	struct strtab st = { 0 };
	VEC(struct namelist) names = { 0 };
	uint32_t *name_of = NULL; /* pool offset -> names index + 1 (grown with the pool) */
	size_t name_of_len = 0;
	for (size_t i = 0; i < nu; i++) {
		if (!skip[i])
			continue;
		for (int pass = 0; pass < 2; pass++) {
			struct rec_unit *u = pass ? &d->units.v[i] : &h->units.v[i];
			for (size_t k = 0; k < u->names.len; k++) {
				uint32_t o = st_add(&st, u->names.v[k]);
				if (o >= name_of_len) {
					size_t nl = (o + 1) * 2;
					name_of = xrealloc(name_of, nl * sizeof(uint32_t));
					memset(name_of + name_of_len, 0, (nl - name_of_len) * sizeof(uint32_t));
					name_of_len = nl;
				}
				if (!name_of[o]) {
					struct namelist nl = { 0 };
					nl.str = o;
					vec_push(&names, nl);
					name_of[o] = (uint32_t)names.len;
				}
				struct namelist *l = &names.v[name_of[o] - 1];
				if (!l->units.len || l->units.v[l->units.len - 1] != (uint32_t)idx[i])
					vec_push(&l->units, (uint32_t)idx[i]);
			}
		}
	}
	/* the units an identifier token reaches */
#define REACH(t, body) do { \
		const struct token *t_ = (t); \
		if (t_->kind == TK_IDENT && st.cap) { \
			uint32_t h_ = fnv(t_->text), j_ = h_ & (st.cap - 1); \
			for (; st.slots[j_]; j_ = (j_ + 1) & (st.cap - 1)) \
				if (!strcmp(st.pool.buf + st.slots[j_], t_->text)) \
					break; \
			uint32_t o_ = st.slots[j_]; \
			if (o_ && o_ < name_of_len && name_of[o_]) { \
				struct namelist *l_ = &names.v[name_of[o_] - 1]; \
				for (size_t q_ = 0; q_ < l_->units.len; q_++) { \
					uint32_t r_ = l_->units.v[q_]; \
					body; \
				} \
			} \
		} \
	} while (0)

	/* orig[k]: how many of the tokens before k have a macro origin */
	uint32_t *orig = xmalloc(sizeof(uint32_t) * (ntok + 1));
	orig[0] = 0;
	for (uint32_t k = 0; k < ntok; k++)
		orig[k + 1] = orig[k] + ((pb->toks[k].flags & PB_ORIGIN) != 0);
	/* deps: per table unit, the other units its identifiers reach */
	VEC(uint32_t) deps = { 0 };
	struct pu_unit *units = xcalloc(nskip + 1, sizeof(*units));
	uint8_t *seen = xcalloc(nskip + 1, 1);
	for (size_t i = 0; i < nu; i++) {
		if (!skip[i])
			continue;
		struct pu_unit *pu = &units[idx[i]];
		pu->start = ustart[i];
		pu->end = uend[i];
		pu->origin0 = orig[ustart[i]];
		pu->norig = orig[uend[i]] - orig[ustart[i]];
		pu->deps = (uint32_t)deps.len;
		seen[idx[i]] = 1;
		for (uint32_t k = ustart[i]; k < uend[i]; k++)
			REACH(tok(ctx, k), if (!seen[r_]) { seen[r_] = 1; vec_push(&deps, r_); });
		pu->ndeps = (uint32_t)(deps.len - pu->deps);
		for (uint32_t k = pu->deps; k < deps.len; k++)
			seen[deps.v[k]] = 0;
		seen[idx[i]] = 0;
	}
	/* base: what the always-parsed tokens, and the names the parser looks
	 * up by itself, reach, closed under deps */
	uint8_t *base = xcalloc(nskip + 1, 1);
	uint32_t *stack = xmalloc(sizeof(uint32_t) * (nskip + 1));
	uint32_t sp = 0;
	for (uint32_t k = 0; k < ntok; k++)
		if (owner[k] < 0)
			REACH(tok(ctx, k), if (!base[r_]) { base[r_] = 1; stack[sp++] = r_; });
	static const char *const implicit[] = { "uint3", "dim3" }; /* threadIdx and friends (parse_call.c) */
	for (size_t k = 0; k < sizeof(implicit) / sizeof(implicit[0]); k++) {
		struct token fake;
		memset(&fake, 0, sizeof(fake));
		fake.kind = TK_IDENT;
		fake.text = implicit[k];
		REACH(&fake, if (!base[r_]) { base[r_] = 1; stack[sp++] = r_; });
	}
	while (sp) {
		const struct pu_unit *pu = &units[stack[--sp]];
		for (uint32_t k = 0; k < pu->ndeps; k++) {
			uint32_t r = deps.v[pu->deps + k];
			if (!base[r]) {
				base[r] = 1;
				stack[sp++] = r;
			}
		}
	}
#undef REACH

	/* the name table, by hash */
	uint32_t cap = 16;
	while (cap < 2 * names.len + 2)
		cap *= 2;
	struct pu_name *nt = xcalloc(cap, sizeof(*nt));
	VEC(uint32_t) nunits = { 0 };
	for (size_t i = 0; i < names.len; i++) {
		const char *s = st.pool.buf + names.v[i].str;
		uint32_t hh = fnv(s), j = hh & (cap - 1);
		while (nt[j].str)
			j = (j + 1) & (cap - 1);
		nt[j].hash = hh;
		nt[j].str = names.v[i].str;
		nt[j].units = (uint32_t)nunits.len;
		nt[j].nunits = (uint32_t)names.v[i].units.len;
		for (size_t k = 0; k < names.v[i].units.len; k++)
			vec_push(&nunits, names.v[i].units.v[k]);
	}

	uint32_t nbase = 0;
	for (uint32_t i = 0; i < nskip; i++)
		nbase += base[i];
	strbuf_addf(out, "/* Generated by tools/units-gen.c; do not edit (engine/front/units.h).\n"
			 " * %u units may be left out, %u of them reached by every program. */\n"
			 "#include \"units.h\"\n#include \"prelude.h\"\n\n",
		    nskip, nbase);
	strbuf_adds(out, "static const char pool[] = {");
	for (size_t i = 0; i < st.pool.len; i++)
		strbuf_addf(out, "%s%d,", i % 24 ? "" : "\n", st.pool.buf[i]);
	strbuf_adds(out, st.pool.len ? "\n};\n" : "0 };\n");
	strbuf_adds(out, "static const struct pu_unit units[] = {");
	for (uint32_t i = 0; i < nskip; i++)
		strbuf_addf(out, "%s{%u,%u,%u,%u,%u,%u},", i % 3 ? "" : "\n", units[i].start, units[i].end, units[i].deps,
			    units[i].ndeps, units[i].origin0, units[i].norig);
	strbuf_adds(out, nskip ? "\n};\n" : "{0,0,0,0,0,0} };\n");
	emit_u32s(out, "deps", deps.v, deps.len);
	strbuf_adds(out, "static const uint8_t base[] = {");
	for (uint32_t i = 0; i < nskip; i++)
		strbuf_addf(out, "%s%u,", i % 32 ? "" : "\n", base[i]);
	strbuf_adds(out, nskip ? "\n};\n" : "0 };\n");
	strbuf_adds(out, "static const struct pu_name names[] = {");
	for (uint32_t i = 0; i < cap; i++)
		strbuf_addf(out, "%s{%uu,%u,%u,%u},", i % 4 ? "" : "\n", nt[i].hash, nt[i].str, nt[i].units,
			    nt[i].nunits);
	strbuf_adds(out, "\n};\n");
	emit_u32s(out, "name_units", nunits.v, nunits.len);
	/* the collapsed list (pu_tables.stoks): walked as pb_collapsed walks
	 * the whole prelude, each table unit's tokens stepped over after its
	 * first */
	uint32_t nstok = 0;
	strbuf_adds(out, "static const struct pb_tok stoks[] = {");
	VEC(uint32_t) stub_at = { 0 };
	VEC(uint32_t) sorg = { 0 };
	for (uint32_t i = 0, u = 0, org = 0; i < ntok; nstok++) {
		const struct pb_tok *p = &pb->toks[i];
		strbuf_addf(out, "\n{{%u,%u,%u,%u,%u},%u,%u,%u,%u,%u,%u},", p->span.file, p->span.off, p->span.len,
			    p->span.line, p->span.col, p->text, p->lit, p->tlen, p->kind, p->numty, p->flags);
		if (p->flags & PB_ORIGIN)
			vec_push(&sorg, org++);
		if (u < nskip && units[u].start == i) {
			vec_push(&stub_at, nstok);
			org = units[u].origin0 + units[u].norig;
			i = units[u++].end;
		} else {
			i++;
		}
	}
	strbuf_adds(out, nstok ? "\n};\n" : "{{0,0,0,0,0},0,0,0,0,0,0} };\n");
	strbuf_adds(out, "static const struct span sorigins[] = {");
	for (size_t i = 0; i < sorg.len; i++) {
		const struct span *o = &pb->origins[sorg.v[i]];
		strbuf_addf(out, "\n{%u,%u,%u,%u,%u},", o->file, o->off, o->len, o->line, o->col);
	}
	strbuf_adds(out, sorg.len ? "\n};\n" : "{0,0,0,0,0} };\n");
	emit_u32s(out, "stub_at", stub_at.v, stub_at.len);
	strbuf_addf(out, "\nstatic const struct pu_tables tables = {\n"
			 "\t%u, %lluull, units, %u, deps, base, names, %u, name_units, pool,\n"
			 "\tstoks, %u, sorigins, stub_at,\n};\n\n"
			 "const struct pu_tables *units_prebuilt(void)\n{\n\treturn &tables;\n}\n",
		    ntok, (unsigned long long)check, nskip, cap, nstok);
	vec_free(&stub_at);
	vec_free(&sorg);

	for (size_t i = 0; i < names.len; i++)
		vec_free(&names.v[i].units);
	vec_free(&names);
	vec_free(&deps);
	vec_free(&nunits);
	strbuf_release(&st.pool);
	free(st.slots);
	free(name_of);
	free(nt);
	free(units);
	free(seen);
	free(base);
	free(stack);
	free(owner);
	free(orig);
	free(idx);
	free(skip);
	free(ustart);
	free(uend);
	free(pm.keys);
	free(pm.vals);
	return 0;
}
