/*
 * pattern.c - string.find/match/gmatch/gsub with a counted matcher
 * (contract in pattern.h).
 *
 * Design: a backtracking matcher over the pattern text, as the manual
 * describes Lua patterns: a pattern item is a single-character class
 * optionally followed by '*', '+', '-' or '?', a capture '(' ... ')', a
 * position capture '()', %b, %f or a back-reference %1..%9; '^' anchors a
 * find, match or gsub and '$' at the end anchors at the subject's end.
 * Every call of match() and every class test is one step; steps go to the
 * budget in batches of PAT_BATCH, so the sandbox can stop a pathological
 * pattern with the same "instruction budget" error as a loop. C recursion
 * is bounded (PAT_MAXDEPTH), as in Lua ("pattern too complex").
 */
#include <ctype.h>
#include <string.h>

#include <lauxlib.h>

#include "pattern.h"
#include "sandbox.h"

#define PAT_MAXCAPTURES 32
#define PAT_MAXDEPTH 200
#define PAT_BATCH 4096
#define PAT_UNFINISHED (-1)
#define PAT_POSITION (-2)
#define PAT_SPECIALS "^$*+?.([%-"

struct pmatch {
	const char *src, *src_end, *p_end;
	lua_State *L;
	int depth;  /* C recursion left */
	int level;  /* captures open or closed */
	unsigned steps; /* not yet charged */
	struct {
		const char *init;
		ptrdiff_t len; /* or PAT_UNFINISHED, PAT_POSITION */
	} cap[PAT_MAXCAPTURES];
};

static void step(struct pmatch *ms, unsigned n)
{
	ms->steps += n;
	if (ms->steps >= PAT_BATCH) {
		unsigned k = ms->steps;

		ms->steps = 0;
		sandbox_charge_lua(ms->L, k);
	}
}

static void steps_flush(struct pmatch *ms)
{
	unsigned k = ms->steps;

	ms->steps = 0;
	if (k)
		sandbox_charge_lua(ms->L, k);
}

static void pm_init(struct pmatch *ms, lua_State *L, const char *s, size_t ls, const char *p,
		    size_t lp)
{
	ms->L = L;
	ms->src = s;
	ms->src_end = s + ls;
	ms->p_end = p + lp;
	ms->steps = 0;
}

static void pm_reset(struct pmatch *ms)
{
	ms->level = 0;
	ms->depth = PAT_MAXDEPTH;
}

/* --- classes */

/* Does c belong to class letter cl (%a ...; an upper-case letter complements)? */
static int class_has(int c, int cl)
{
	int r;

	switch (tolower(cl)) {
	case 'a': r = isalpha(c); break;
	case 'c': r = iscntrl(c); break;
	case 'd': r = isdigit(c); break;
	case 'g': r = isgraph(c); break;
	case 'l': r = islower(c); break;
	case 'p': r = ispunct(c); break;
	case 's': r = isspace(c); break;
	case 'u': r = isupper(c); break;
	case 'w': r = isalnum(c); break;
	case 'x': r = isxdigit(c); break;
	case 'z': r = c == 0; break; /* deprecated, still in Lua 5.4 */
	default: return cl == c; /* %. is a literal . */
	}
	if (isupper(cl))
		r = !r;
	return r != 0;
}

/* The end of the single-character class at p (one past it). */
static const char *class_end(struct pmatch *ms, const char *p)
{
	char c = *p++;

	if (c == '%') {
		if (p >= ms->p_end)
			luaL_error(ms->L, "malformed pattern (ends with '%%')");
		return p + 1;
	}
	if (c == '[') {
		if (*p == '^')
			p++;
		/* the first character of a set is a member even if it is ']' */
		do {
			if (p >= ms->p_end)
				luaL_error(ms->L, "malformed pattern (missing ']')");
			c = *p++;
			if (c == '%' && p < ms->p_end)
				p++;
		} while (*p != ']');
		return p + 1;
	}
	return p;
}

/* c against the set [ ... ] from p (at '[') to last (at its ']'). */
static int set_has(int c, const char *p, const char *last)
{
	int yes = 1;

	if (p[1] == '^') {
		yes = 0;
		p++;
	}
	while (++p < last) {
		if (*p == '%') {
			p++;
			if (class_has(c, (unsigned char)*p))
				return yes;
		} else if (p[1] == '-' && p + 2 < last) {
			if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2])
				return yes;
			p += 2;
		} else if ((unsigned char)*p == c) {
			return yes;
		}
	}
	return !yes;
}

/* Does the subject character at s match the class from p to ep? */
static int one_matches(struct pmatch *ms, const char *s, const char *p, const char *ep)
{
	int c;

	step(ms, 1);
	if (s >= ms->src_end)
		return 0;
	c = (unsigned char)*s;
	switch (*p) {
	case '.':
		return 1;
	case '%':
		return class_has(c, (unsigned char)p[1]);
	case '[':
		return set_has(c, p, ep - 1);
	default:
		return (unsigned char)*p == c;
	}
}

/* --- the matcher */

static const char *match(struct pmatch *ms, const char *s, const char *p);

static const char *balance(struct pmatch *ms, const char *s, const char *p)
{
	int depth = 1;
	const char *start = s;

	if (p + 1 >= ms->p_end)
		luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
	if (s >= ms->src_end || *s != p[0])
		return NULL;
	while (++s < ms->src_end) {
		if (*s == p[1]) {
			if (--depth == 0) {
				step(ms, (unsigned)(s - start));
				return s + 1;
			}
		} else if (*s == p[0]) {
			depth++;
		}
	}
	step(ms, (unsigned)(s - start));
	return NULL;
}

/* Greedy: the longest run of the class first, then shorter ones. */
static const char *expand_max(struct pmatch *ms, const char *s, const char *p, const char *ep)
{
	ptrdiff_t n = 0;

	while (one_matches(ms, s + n, p, ep))
		n++;
	for (; n >= 0; n--) {
		const char *r = match(ms, s + n, ep + 1);

		if (r)
			return r;
	}
	return NULL;
}

/* Lazy: the rest of the pattern first, then one more character. */
static const char *expand_min(struct pmatch *ms, const char *s, const char *p, const char *ep)
{
	for (;;) {
		const char *r = match(ms, s, ep + 1);

		if (r)
			return r;
		if (!one_matches(ms, s, p, ep))
			return NULL;
		s++;
	}
}

static const char *capture_open(struct pmatch *ms, const char *s, const char *p, ptrdiff_t what)
{
	const char *r;

	if (ms->level >= PAT_MAXCAPTURES)
		luaL_error(ms->L, "too many captures");
	ms->cap[ms->level].init = s;
	ms->cap[ms->level].len = what;
	ms->level++;
	if (!(r = match(ms, s, p)))
		ms->level--;
	return r;
}

static const char *capture_close(struct pmatch *ms, const char *s, const char *p)
{
	int l = ms->level - 1;
	const char *r;

	while (l >= 0 && ms->cap[l].len != PAT_UNFINISHED)
		l--;
	if (l < 0)
		luaL_error(ms->L, "invalid pattern capture");
	ms->cap[l].len = s - ms->cap[l].init;
	if (!(r = match(ms, s, p)))
		ms->cap[l].len = PAT_UNFINISHED;
	return r;
}

/* The capture a back-reference %1..%9 (the digit d) names. */
static int capture_index(struct pmatch *ms, int d)
{
	int l = d - '1';

	if (l < 0 || l >= ms->level || ms->cap[l].len == PAT_UNFINISHED)
		luaL_error(ms->L, "invalid capture index %%%d", l + 1);
	return l;
}

static const char *backref(struct pmatch *ms, const char *s, int d)
{
	int l = capture_index(ms, d);
	size_t len = (size_t)ms->cap[l].len;

	step(ms, (unsigned)(len / 16));
	if ((size_t)(ms->src_end - s) >= len && memcmp(ms->cap[l].init, s, len) == 0)
		return s + len;
	return NULL;
}

/* Match pattern p (to p_end) at s: the end of the match, or NULL. */
static const char *match(struct pmatch *ms, const char *s, const char *p)
{
	if (ms->depth-- == 0)
		luaL_error(ms->L, "pattern too complex");
	step(ms, 1);
	while (s && p < ms->p_end) {
		const char *ep;

		switch (*p) {
		case '(':
			if (p[1] == ')')
				s = capture_open(ms, s, p + 2, PAT_POSITION);
			else
				s = capture_open(ms, s, p + 1, PAT_UNFINISHED);
			goto out;
		case ')':
			s = capture_close(ms, s, p + 1);
			goto out;
		case '$':
			if (p + 1 == ms->p_end) {
				s = s == ms->src_end ? s : NULL;
				goto out;
			}
			break;
		case '%':
			if (p[1] == 'b') {
				s = balance(ms, s, p + 2);
				p += 4;
				continue;
			}
			if (p[1] == 'f') {
				int before, at;

				p += 2;
				if (*p != '[')
					luaL_error(ms->L, "missing '[' after '%%f' in pattern");
				ep = class_end(ms, p);
				before = s == ms->src ? 0 : (unsigned char)s[-1];
				at = s < ms->src_end ? (unsigned char)*s : 0;
				if (set_has(before, p, ep - 1) || !set_has(at, p, ep - 1))
					s = NULL;
				p = ep;
				continue;
			}
			if (isdigit((unsigned char)p[1])) {
				s = backref(ms, s, (unsigned char)p[1]);
				p += 2;
				continue;
			}
			break;
		default:
			break;
		}
		/* a single-character class, maybe with a repetition */
		ep = class_end(ms, p);
		if (!one_matches(ms, s, p, ep)) {
			if (*ep == '*' || *ep == '?' || *ep == '-') {
				p = ep + 1;
				continue;
			}
			s = NULL;
			break;
		}
		switch (*ep) {
		case '?': {
			const char *r = match(ms, s + 1, ep + 1);

			if (r) {
				s = r;
				goto out;
			}
			p = ep + 1;
			continue;
		}
		case '+':
			s = expand_max(ms, s + 1, p, ep);
			goto out;
		case '*':
			s = expand_max(ms, s, p, ep);
			goto out;
		case '-':
			s = expand_min(ms, s, p, ep);
			goto out;
		default:
			s++;
			p = ep;
			continue;
		}
	}
out:
	ms->depth++;
	return s;
}

/* --- results */

/* Push capture i (the whole match s..e when there are none and i is 0). */
static void capture_push(struct pmatch *ms, int i, const char *s, const char *e)
{
	if (i >= ms->level) {
		if (i != 0)
			luaL_error(ms->L, "invalid capture index %%%d", i + 1);
		lua_pushlstring(ms->L, s, (size_t)(e - s));
		return;
	}
	if (ms->cap[i].len == PAT_UNFINISHED)
		luaL_error(ms->L, "unfinished capture");
	if (ms->cap[i].len == PAT_POSITION)
		lua_pushinteger(ms->L, (ms->cap[i].init - ms->src) + 1);
	else
		lua_pushlstring(ms->L, ms->cap[i].init, (size_t)ms->cap[i].len);
}

/* Push every capture (or the whole match, when s is not NULL and there are none). */
static int captures_push(struct pmatch *ms, const char *s, const char *e)
{
	int n = ms->level == 0 && s ? 1 : ms->level;

	luaL_checkstack(ms->L, n, "too many captures");
	for (int i = 0; i < n; i++)
		capture_push(ms, i, s, e);
	return n;
}

/* A Lua string position (negative from the end) as an offset: 0 .. len + 1 ... */
static size_t start_offset(lua_Integer pos, size_t len)
{
	if (pos > 0)
		return (size_t)pos - 1;
	if (pos == 0 || pos < -(lua_Integer)len)
		return 0;
	return len - (size_t)(-pos);
}

static int has_specials(const char *p, size_t lp)
{
	for (size_t i = 0; i < lp; i++)
		if (p[i] && strchr(PAT_SPECIALS, p[i]))
			return 1;
	return 0;
}

/* Plain search, charged per position tried. */
static const char *plain_find(struct pmatch *ms, const char *s, size_t ls, const char *p, size_t lp)
{
	size_t left = ls;

	if (lp == 0)
		return s;
	while (left >= lp) {
		const char *hit = memchr(s, *p, left - lp + 1);

		if (!hit) {
			step(ms, (unsigned)(left / 16 + 1));
			return NULL;
		}
		step(ms, (unsigned)((size_t)(hit - s) / 16 + lp / 16 + 1));
		if (memcmp(hit + 1, p + 1, lp - 1) == 0)
			return hit;
		left -= (size_t)(hit + 1 - s);
		s = hit + 1;
	}
	return NULL;
}

static int find_or_match(lua_State *L, int find)
{
	size_t ls, lp;
	const char *s = luaL_checklstring(L, 1, &ls);
	const char *p = luaL_checklstring(L, 2, &lp);
	size_t init = start_offset(luaL_optinteger(L, 3, 1), ls);
	struct pmatch ms;

	if (init > ls) {
		luaL_pushfail(L);
		return 1;
	}
	pm_init(&ms, L, s, ls, p, lp);
	if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
		const char *hit = plain_find(&ms, s + init, ls - init, p, lp);

		steps_flush(&ms);
		if (hit) {
			lua_pushinteger(L, (hit - s) + 1);
			lua_pushinteger(L, (lua_Integer)((size_t)(hit - s) + lp));
			return 2;
		}
	} else {
		int anchor = lp > 0 && *p == '^';
		const char *s1 = s + init;

		if (anchor)
			p++;
		do {
			const char *e;

			pm_reset(&ms);
			if ((e = match(&ms, s1, p))) {
				steps_flush(&ms);
				if (find) {
					lua_pushinteger(L, (s1 - s) + 1);
					lua_pushinteger(L, e - s);
					return captures_push(&ms, NULL, NULL) + 2;
				}
				return captures_push(&ms, s1, e);
			}
		} while (s1++ < ms.src_end && !anchor);
		steps_flush(&ms);
	}
	luaL_pushfail(L);
	return 1;
}

static int pat_find(lua_State *L)
{
	return find_or_match(L, 1);
}

static int pat_match(lua_State *L)
{
	return find_or_match(L, 0);
}

/* gmatch's state: upvalues 1 and 2 keep the subject and the pattern alive. */
struct gm_state {
	const char *next, *last; /* where to try next; the end of the last match */
	struct pmatch ms;
};

static int gmatch_next(lua_State *L)
{
	struct gm_state *g = lua_touserdata(L, lua_upvalueindex(3));
	const char *p = lua_tostring(L, lua_upvalueindex(2));

	g->ms.L = L; /* the iterator may run in another coroutine */
	for (const char *s = g->next; s <= g->ms.src_end; s++) {
		const char *e;

		pm_reset(&g->ms);
		if ((e = match(&g->ms, s, p)) && e != g->last) {
			g->next = g->last = e;
			steps_flush(&g->ms);
			return captures_push(&g->ms, s, e);
		}
	}
	steps_flush(&g->ms);
	return 0;
}

static int pat_gmatch(lua_State *L)
{
	size_t ls, lp;
	const char *s = luaL_checklstring(L, 1, &ls);
	const char *p = luaL_checklstring(L, 2, &lp);
	size_t init = start_offset(luaL_optinteger(L, 3, 1), ls);
	struct gm_state *g;

	lua_settop(L, 2);
	g = lua_newuserdatauv(L, sizeof(*g), 0);
	if (init > ls)
		init = ls + 1;
	pm_init(&g->ms, L, s, ls, p, lp);
	g->next = s + init;
	g->last = NULL;
	lua_pushcclosure(L, gmatch_next, 3);
	return 1;
}

/* --- gsub */

/* Append the replacement string (upvalue-free: argument 3) for match s..e. */
static void repl_string(struct pmatch *ms, luaL_Buffer *b, const char *s, const char *e)
{
	lua_State *L = ms->L;
	size_t l;
	const char *r = lua_tolstring(L, 3, &l), *end = r + l, *q;

	while ((q = memchr(r, '%', (size_t)(end - r)))) {
		luaL_addlstring(b, r, (size_t)(q - r));
		q++;
		if (*q == '%') {
			luaL_addchar(b, '%');
		} else if (*q == '0') {
			luaL_addlstring(b, s, (size_t)(e - s));
		} else if (isdigit((unsigned char)*q)) {
			capture_push(ms, *q - '1', s, e);
			luaL_tolstring(L, -1, NULL);
			lua_remove(L, -2);
			luaL_addvalue(b);
		} else {
			luaL_error(L, "invalid use of '%c' in replacement string", '%');
		}
		r = q + 1;
	}
	luaL_addlstring(b, r, (size_t)(end - r));
}

/* Append the replacement for match s..e; 0 when the match is kept as is. */
static int repl_add(struct pmatch *ms, luaL_Buffer *b, const char *s, const char *e, int tr)
{
	lua_State *L = ms->L;

	if (tr == LUA_TFUNCTION) {
		int n;

		lua_pushvalue(L, 3);
		n = captures_push(ms, s, e);
		lua_call(L, n, 1);
	} else if (tr == LUA_TTABLE) {
		capture_push(ms, 0, s, e);
		lua_gettable(L, 3);
	} else {
		repl_string(ms, b, s, e);
		return 1;
	}
	if (!lua_toboolean(L, -1)) {
		lua_pop(L, 1);
		luaL_addlstring(b, s, (size_t)(e - s));
		return 0;
	}
	if (!lua_isstring(L, -1))
		return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
	luaL_addvalue(b);
	return 1;
}

static int pat_gsub(lua_State *L)
{
	size_t ls, lp;
	const char *src = luaL_checklstring(L, 1, &ls);
	const char *p = luaL_checklstring(L, 2, &lp);
	const char *last = NULL;
	int tr = lua_type(L, 3), anchor, changed = 0;
	lua_Integer max_n = luaL_optinteger(L, 4, (lua_Integer)ls + 1), n = 0;
	struct pmatch ms;
	luaL_Buffer b;

	luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION ||
			 tr == LUA_TTABLE, 3, "string/function/table");
	luaL_buffinit(L, &b);
	anchor = lp > 0 && *p == '^';
	if (anchor) {
		p++;
		lp--;
	}
	pm_init(&ms, L, src, ls, p, lp);
	while (n < max_n) {
		const char *e;

		pm_reset(&ms);
		if ((e = match(&ms, src, p)) && e != last) {
			n++;
			changed |= repl_add(&ms, &b, src, e, tr);
			src = last = e;
		} else if (src < ms.src_end) {
			luaL_addchar(&b, *src++);
		} else {
			break;
		}
		if (anchor)
			break;
	}
	steps_flush(&ms);
	if (!changed) {
		lua_pushvalue(L, 1);
	} else {
		luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
		luaL_pushresult(&b);
	}
	lua_pushinteger(L, n);
	return 2;
}

void pattern_install(lua_State *L)
{
	static const luaL_Reg fns[] = {
		{ "find", pat_find },
		{ "match", pat_match },
		{ "gmatch", pat_gmatch },
		{ "gsub", pat_gsub },
	};

	for (size_t i = 0; i < sizeof(fns) / sizeof(fns[0]); i++) {
		lua_pushcfunction(L, fns[i].func);
		lua_setfield(L, -2, fns[i].name);
	}
}
