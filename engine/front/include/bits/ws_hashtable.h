/* bits/ws_hashtable.h - warpstep built-in header: the hash table under
 * <unordered_map> and <unordered_set>, built as libstdc++'s _Hashtable is so
 * that iteration visits the elements in the same order: one singly linked
 * list of nodes, each bucket pointing at the node before its first one, a
 * new element put first in its bucket (or first in the list when its bucket
 * is empty), the bucket count chosen by the prime rehash policy (maximum
 * load factor 1, growth factor 2, libstdc++'s table of primes), and a
 * rehash relinking the nodes in list order. std::hash is libstdc++'s: the
 * value itself for integers and pointers, _Hash_bytes (seed 0xc70f6907) for
 * strings and floating-point values. The bucket sizes are libstdc++'s
 * table of primes (std::__detail::__prime_list), which decides the order. */
#ifndef __WS_HASHTABLE
#define __WS_HASHTABLE
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <utility>
namespace std {

inline size_t __ws_shift_mix(size_t v) { return v ^ (v >> 47); }
inline size_t __ws_hash_bytes(const void *ptr, size_t len, size_t seed)
{
	const size_t mul = (((size_t)0xc6a4a793UL) << 32UL) + (size_t)0x5bd1e995UL;
	const unsigned char *buf = (const unsigned char *)ptr;
	size_t aligned = len & ~(size_t)7;
	size_t hash = seed ^ (len * mul);
	for (size_t i = 0; i < aligned; i += 8) {
		size_t w;
		memcpy(&w, buf + i, 8);
		size_t data = __ws_shift_mix(w * mul) * mul;
		hash ^= data;
		hash *= mul;
	}
	if (len & 7) {
		size_t n = len & 7, data = 0;
		do {
			n--;
			data = (data << 8) + buf[aligned + n];
		} while (n != 0);
		hash ^= data;
		hash *= mul;
	}
	hash = __ws_shift_mix(hash) * mul;
	return __ws_shift_mix(hash);
}
inline size_t __ws_hash(bool v) { return (size_t)v; }
inline size_t __ws_hash(char v) { return (size_t)v; }
inline size_t __ws_hash(signed char v) { return (size_t)v; }
inline size_t __ws_hash(unsigned char v) { return (size_t)v; }
inline size_t __ws_hash(short v) { return (size_t)v; }
inline size_t __ws_hash(unsigned short v) { return (size_t)v; }
inline size_t __ws_hash(int v) { return (size_t)v; }
inline size_t __ws_hash(unsigned int v) { return (size_t)v; }
inline size_t __ws_hash(long v) { return (size_t)v; }
inline size_t __ws_hash(unsigned long v) { return (size_t)v; }
inline size_t __ws_hash(long long v) { return (size_t)v; }
inline size_t __ws_hash(unsigned long long v) { return (size_t)v; }
inline size_t __ws_hash(float v) { return v != 0.0f ? __ws_hash_bytes(&v, 4, 0xc70f6907UL) : 0; }
inline size_t __ws_hash(double v) { return v != 0.0 ? __ws_hash_bytes(&v, 8, 0xc70f6907UL) : 0; }
inline size_t __ws_hash(const string &s) { return __ws_hash_bytes(s.c_str(), s.size(), 0xc70f6907UL); }
inline size_t __ws_hash(const void *p) { return (size_t)p; }
template<class T> struct hash {
	size_t operator()(const T &v) const { return __ws_hash(v); }
};

static const unsigned long __ws_primes[] = { 2UL,3UL,5UL,7UL,11UL,13UL,17UL,19UL,23UL,29UL,31UL,37UL,41UL,43UL,47UL,53UL,59UL,61UL,67UL,71UL,73UL,79UL,83UL,89UL,97UL,103UL,109UL,113UL,127UL,137UL,139UL,149UL,157UL,167UL,179UL,193UL,199UL,211UL,227UL,241UL,257UL,277UL,293UL,313UL,337UL,359UL,383UL,409UL,439UL,467UL,503UL,541UL,577UL,619UL,661UL,709UL,761UL,823UL,887UL,953UL,1031UL,1109UL,1193UL,1289UL,1381UL,1493UL,1613UL,1741UL,1879UL,2029UL,2179UL,2357UL,2549UL,2753UL,2971UL,3209UL,3469UL,3739UL,4027UL,4349UL,4703UL,5087UL,5503UL,5953UL,6427UL,6949UL,7517UL,8123UL,8783UL,9497UL,10273UL,11113UL,12011UL,12983UL,14033UL,15173UL,16411UL,17749UL,19183UL,20753UL,22447UL,24281UL,26267UL,28411UL,30727UL,33223UL,35933UL,38873UL,42043UL,45481UL,49201UL,53201UL,57557UL,62233UL,67307UL,72817UL,78779UL,85229UL,92203UL,99733UL,107897UL,116731UL,126271UL,136607UL,147793UL,159871UL,172933UL,187091UL,202409UL,218971UL,236897UL,256279UL,277261UL,299951UL,324503UL,351061UL,379787UL,410857UL,444487UL,480881UL,520241UL,562841UL,608903UL,658753UL,712697UL,771049UL,834181UL,902483UL,976369UL,1056323UL,1142821UL,1236397UL,1337629UL,1447153UL,1565659UL,1693859UL,1832561UL,1982627UL,2144977UL,2320627UL,2510653UL,2716249UL,2938679UL,3179303UL,3439651UL,3721303UL,4026031UL,4355707UL,4712381UL,5098259UL,5515729UL,5967347UL,6456007UL,6984629UL,7556579UL,8175383UL,8844859UL,9569143UL,10352717UL,11200489UL,12117689UL,13109983UL,14183539UL,15345007UL,16601593UL,17961079UL,19431899UL,21023161UL,22744717UL,24607243UL,26622317UL,28802401UL,31160981UL,33712729UL,36473443UL,39460231UL,42691603UL,46187573UL,49969847UL,54061849UL,58488943UL,63278561UL,68460391UL,74066549UL,80131819UL,86693767UL,93793069UL,101473717UL,109783337UL,118773397UL,128499677UL,139022417UL,150406843UL,162723577UL,176048909UL,190465427UL,206062531UL,222936881UL,241193053UL,260944219UL,282312799UL,305431229UL,330442829UL,357502601UL,386778277UL,418451333UL,452718089UL,489790921UL,529899637UL,573292817UL,620239453UL,671030513UL,725980837UL,785430967UL,849749479UL,919334987UL,994618837UL,1076067617UL,1164186217UL,1259520799UL,1362662261UL,1474249943UL,1594975441UL,1725587117UL,1866894511UL,2019773507UL,2185171673UL,2364114217UL,2557710269UL,2767159799UL,2993761039UL,3238918481UL,3504151727UL,3791104843UL,4101556399UL,4294967291UL,6442450933UL,8589934583UL,12884901857UL,17179869143UL,25769803693UL,34359738337UL,51539607367UL,68719476731UL,103079215087UL,137438953447UL,206158430123UL,274877906899UL,412316860387UL,549755813881UL,824633720731UL,1099511627689UL,1649267441579UL,2199023255531UL,3298534883309UL,4398046511093UL,6597069766607UL,8796093022151UL,13194139533241UL,17592186044399UL,26388279066581UL,35184372088777UL,52776558133177UL,70368744177643UL,105553116266399UL,140737488355213UL,211106232532861UL,281474976710597UL,562949953421231UL,1125899906842597UL,2251799813685119UL,4503599627370449UL,9007199254740881UL,18014398509481951UL,36028797018963913UL,72057594037927931UL,144115188075855859UL,288230376151711717UL,576460752303423433UL,1152921504606846883UL,2305843009213693951UL,4611686018427387847UL,9223372036854775783UL,18446744073709551557UL,18446744073709551557UL };

/* libstdc++'s _Prime_rehash_policy::_M_next_bkt; *next_resize updated */
inline size_t __ws_next_bkt(size_t n, size_t *next_resize)
{
	static const unsigned char fast[] = { 2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13 };
	if (n < sizeof(fast)) {
		if (n == 0)
			return 1;
		*next_resize = fast[n];
		return fast[n];
	}
	size_t lo = 6, hi = sizeof(__ws_primes) / sizeof(__ws_primes[0]) - 2; /* the last prime */
	size_t last = hi;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (__ws_primes[mid] < n)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == last)
		*next_resize = (size_t)-1;
	else
		*next_resize = __ws_primes[lo];
	return __ws_primes[lo];
}

/* K the key, V the element, KeyOf::key(const V &) its key. The elements
 * are kept in one array in the order of libstdc++'s node list, so that
 * iterators are element pointers (begin()..end() is the iteration order);
 * an insertion shifts the elements after its place. __b[i] is the position
 * of the element before bucket i's first one (-1: the list head), or
 * __WS_NOB for an empty bucket. */
#define __WS_NOB (-2L)
template<class K, class V, class KeyOf> struct __ws_htable {
	V *__v;
	size_t *__c;
	long *__b;
	size_t __n, __cap, __nb, __next_resize;

	void __init()
	{
		__v = 0;
		__c = 0;
		__n = __cap = 0;
		__nb = 1;
		__next_resize = 0;
		__b = (long *)malloc(sizeof(long));
		__b[0] = __WS_NOB;
	}
	void __release()
	{
		free(__v);
		free(__c);
		free(__b);
	}
	size_t __bkt(size_t code) const { return code % __nb; }
	long __find(const K &k, size_t code) const
	{
		size_t b = __bkt(code);
		if (__b[b] == __WS_NOB)
			return -1;
		for (size_t i = (size_t)(__b[b] + 1); i < __n; i++) {
			if (__c[i] == code && KeyOf::key(__v[i]) == k)
				return (long)i;
			if (__bkt(__c[i]) != b)
				break;
		}
		return -1;
	}
	/* libstdc++'s rehash: relink the list (in index form), then lay it out */
	void __rehash(size_t nb)
	{
		long *nbk = (long *)malloc(nb * sizeof(long));
		long *next = (long *)malloc((__n + 1) * sizeof(long));
		for (size_t i = 0; i < nb; i++)
			nbk[i] = __WS_NOB;
		long head = -1;
		size_t bbegin = 0;
		for (size_t p = 0; p < __n; p++) {
			size_t b = __c[p] % nb;
			if (nbk[b] == __WS_NOB) {
				next[p] = head;
				head = (long)p;
				nbk[b] = -1;
				if (next[p] >= 0)
					nbk[bbegin] = (long)p;
				bbegin = b;
			} else {
				long before = nbk[b];
				long after = before < 0 ? head : next[before];
				next[p] = after;
				if (before < 0)
					head = (long)p;
				else
					next[before] = (long)p;
			}
		}
		/* positions in the new order */
		long *pos = (long *)malloc((__n + 1) * sizeof(long));
		V *nv = (V *)calloc(__cap ? __cap : 1, sizeof(V));
		size_t *nc = (size_t *)malloc((__cap ? __cap : 1) * sizeof(size_t));
		size_t k = 0;
		for (long p = head; p >= 0; p = next[p]) {
			pos[p] = (long)k;
			nv[k] = __v[p];
			nc[k] = __c[p];
			k++;
		}
		for (size_t i = 0; i < nb; i++)
			if (nbk[i] >= 0)
				nbk[i] = pos[nbk[i]];
		free(next);
		free(pos);
		free(__v);
		free(__c);
		free(__b);
		__v = nv;
		__c = nc;
		__b = nbk;
		__nb = nb;
	}
	/* room at position at: the elements from there move one up */
	void __open(size_t at)
	{
		if (__n == __cap) {
			size_t c = __cap ? __cap * 2 : 4;
			V *nv = (V *)calloc(c, sizeof(V));
			size_t *nc = (size_t *)malloc(c * sizeof(size_t));
			for (size_t i = 0; i < __n; i++) {
				nv[i] = __v[i];
				nc[i] = __c[i];
			}
			free(__v);
			free(__c);
			__v = nv;
			__c = nc;
			__cap = c;
		}
		for (size_t i = __n; i > at; i--) {
			__v[i] = __v[i - 1];
			__c[i] = __c[i - 1];
		}
		for (size_t i = 0; i < __nb; i++)
			if (__b[i] >= (long)at)
				__b[i]++;
		__n++;
	}
	/* a new element for an absent key: rehash as the policy says, put it
	 * first in its bucket; its position */
	size_t __insert_new(const V &v, size_t code)
	{
		if (__n + 1 > __next_resize) {
			size_t want = __n + 1;
			if (!__next_resize && want < 11)
				want = 11;
			if (want >= __nb) {
				size_t a = want + 1, g = __nb * 2;
				__rehash(__ws_next_bkt(a > g ? a : g, &__next_resize));
			} else {
				__next_resize = __nb;
			}
		}
		size_t b = __bkt(code), at;
		if (__b[b] != __WS_NOB) {
			at = (size_t)(__b[b] + 1);
			__open(at);
		} else {
			at = 0;
			__open(0);
			if (__n > 1)
				__b[__bkt(__c[1])] = 0;
			__b[b] = -1;
		}
		__v[at] = v;
		__c[at] = code;
		return at;
	}
	void __erase_at(size_t i)
	{
		size_t b = __bkt(__c[i]);
		long prev = (long)i - 1;
		bool has_next = i + 1 < __n;
		size_t nb = has_next ? __bkt(__c[i + 1]) : 0;
		if (prev == __b[b]) {
			if (!has_next || nb != b) {
				if (has_next)
					__b[nb] = __b[b];
				__b[b] = __WS_NOB;
			}
		} else if (has_next && nb != b) {
			__b[nb] = prev;
		}
		for (size_t j = i; j + 1 < __n; j++) {
			__v[j] = __v[j + 1];
			__c[j] = __c[j + 1];
		}
		for (size_t j = 0; j < __nb; j++)
			if (__b[j] > (long)i)
				__b[j]--;
		__n--;
	}
	size_t __erase(const K &k)
	{
		long i = __find(k, __ws_hash(k));
		if (i < 0)
			return 0;
		__erase_at((size_t)i);
		return 1;
	}
	void __clear()
	{
		__n = 0;
		for (size_t i = 0; i < __nb; i++)
			__b[i] = __WS_NOB;
	}
};

template<class K, class M> struct __ws_keyof_pair {
	static const K &key(const pair<K, M> &v) { return v.first; }
};
template<class K> struct __ws_keyof_self {
	static const K &key(const K &v) { return v; }
};

}
#endif
