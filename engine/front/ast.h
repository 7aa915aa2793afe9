/*
 * ast.h - the front end's model of a program: types, symbols, AST nodes.
 *
 * Contract:
 * - parse_program() parses one preprocessed token list (one nvcc pass) into
 *   a struct program. Types are attached while parsing (chibicc style):
 *   every expression node has ty set and implicit conversions are explicit
 *   ND_CAST nodes, so lowering never has to reason about C conversions.
 * - Everything lives in the compilation's arena. Errors go to the diaglist;
 *   the parser recovers at ';' and '}' and never crashes on any input.
 * - References: a variable or parameter of reference type holds an address;
 *   every use of it is wrapped in ND_DEREF by the parser.
 * - Aggregate-valued expressions (structs) evaluate to an address in
 *   lowering; scalar ones to a register.
 */
#ifndef WS_AST_H
#define WS_AST_H

#include "token.h"
#include "ir.h"

enum type_kind {
	TY_VOID, TY_BOOL, TY_CHAR, TY_SCHAR, TY_UCHAR, TY_SHORT, TY_USHORT,
	TY_INT, TY_UINT, TY_LONG, TY_ULONG, TY_LLONG, TY_ULLONG,
	TY_FLOAT, TY_DOUBLE, TY_ENUM, TY_NULLPTR,
	TY_PTR, TY_REF, TY_ARRAY, TY_FUNC, TY_STRUCT, TY_TPARAM
};

struct type;
struct node;
struct obj;
struct scope;

struct member {
	struct member *next;
	const char *name;
	struct type *ty;
	long offset;
	struct token *tok;
	struct token *init;    /* a default member initializer: its '=' or '{' */
	/* a bit-field: its width (0: not a bit-field) and its first bit within
	 * the storage unit of its declared type that starts at offset */
	int bits, bit_off;
	/* unnamed bit-fields declared just before this member: they only move
	 * the layout, so they are kept out of the member list (initialization
	 * and copies skip them) */
	struct bfpad *pads;
};

struct bfpad {
	struct bfpad *next;
	struct type *ty;
	int width;             /* 0: start the next unit of ty */
};

struct record {
	const char *name;
	struct member *members;
	long size, align;
	int complete, is_union, has_ctor;
	struct scope *scope;   /* methods, static members, nested types */
	struct type *base;     /* single non-virtual base class, laid out first; NULL if none */
	/* an instance of a class template: the template and its type arguments
	 * (NULL for value arguments), so deduction can match `vector<T>` */
	const void *tmpl;
	struct type *targs[8];
	long tvals[8];         /* the value arguments (where targs[i] is NULL) */
	int ntargs;
	/* special members declared by the user (NULL: implicit) */
	struct obj *dtor, *copy_ctor, *copy_assign, *default_ctor, *move_ctor;
	struct obj *conv_fn;   /* the first conversion function `operator T()`, or NULL */
	int lw_flags;          /* lowering's memo of what is non-trivial */
	int lw_marked;         /* lowering: its special members are reached */
	/* polymorphic classes: the dynamic type's id stored in the hidden
	 * member __vid by every constructor (0: not polymorphic) */
	int vid;
	int is_abstract;
	int has_nsdmi;         /* a member has a default member initializer */
	struct bfpad *pads;    /* unnamed bit-fields not yet followed by a member */
};

struct param {
	struct param *next;
	struct type *ty;
	const char *name;
	struct token *tok;
	struct node *defarg;
	unsigned grid_constant : 1;
};

struct type {
	enum type_kind kind;
	long size, align;
	unsigned is_const : 1, is_volatile : 1, is_restrict : 1, is_variadic : 1,
		 is_method_const : 1, params_unknown : 1, is_rref : 1, /* is_rref: T&& */
		 enum_unsigned : 1; /* an unscoped enum without a fixed type and no
				     * negative enumerator: its bit-fields are unsigned */
	struct type *base;     /* pointee, referent, element, return type */
	long array_len;        /* -1: unsized */
	struct record *rec;    /* TY_STRUCT */
	struct param *params;  /* TY_FUNC */
	const char *name;      /* enums, template parameters */
	int tparam_index;      /* TY_TPARAM */
	/* TY_TPARAM index 8, during deduction: a class template's instance with
	 * placeholder arguments (the template and its argument types) */
	const void *tmpl;
	struct type **targs;
	long *tvals;           /* value arguments (VAL_PLACEHOLDER + i: template parameter i) */
	int ntargs;
};

/* execution spaces of functions */
enum { SPC_HOST = 1, SPC_DEVICE = 2, SPC_GLOBAL = 4 };
/* memory spaces of variables */
enum memspace { MS_NONE, MS_DEVICE, MS_CONSTANT, MS_SHARED, MS_MANAGED };

struct obj {
	struct obj *next;        /* program globals/functions, function locals */
	struct obj *next_overload;
	const char *name;        /* source name */
	const char *qname;       /* qualified: "ns::f", "vec3::dot" */
	const char *mangled;     /* functions: unique per signature */
	struct type *ty;
	struct token *tok;
	unsigned is_func : 1, is_local : 1, is_param : 1, is_static : 1, is_extern : 1,
		 addr_taken : 1, is_defined : 1, is_method : 1, is_ctor : 1, extern_c : 1,
		 dyn_shared : 1, is_constexpr : 1, used : 1, is_inline : 1, is_tmpl_inst : 1,
		 has_init : 1, is_dtor : 1, dyn_init : 1, static_local : 1;
	unsigned space;          /* functions: SPC_*; explicit or SPC_HOST by default */
	struct obj *owner_fn;    /* a function-local static: its function */
	enum memspace ms;        /* variables */
	long align;              /* __align__ / alignas on variables */
	/* variables */
	struct initializer *init; /* globals and statics */
	long cval;               /* constexpr/const integer value when is_constexpr */
	/* functions */
	struct obj *params;      /* parameter objects, in order (this first) */
	struct obj *locals;      /* every local of the function */
	struct node *body;
	struct record *rec;      /* methods */
	int builtin_id;          /* __ws_builtin(NAME): id, else -1 */
	int launch_max, launch_min;
	int cluster[3];          /* __cluster_dims__; 0 when absent */
	struct obj *defn;        /* the definition for a prototype */
	/* virtual member functions: the dispatcher that calls the final overrider */
	struct obj *vdisp;
	unsigned is_virtual : 1, is_pure : 1;
	/* conversion functions: operator T() (is_explicit: explicit operator T()) */
	unsigned is_conv : 1, is_explicit : 1;
	/* exceptions (parse_except.c) */
	unsigned may_throw : 1, has_throw : 1, has_exc_exit : 1;
	/* lowering scratch */
	int lw_kind, lw_reg;
	long lw_off;
	int lw_index;
};

/* A parsed initializer: a tree mirroring the type. */
struct initializer {
	struct type *ty;
	struct node *expr;       /* scalars (or a struct value) */
	struct initializer **children; /* arrays/structs: one per element/member */
	long nchildren;
	int is_string;           /* char array from a string literal: expr is ND_STR */
};

enum node_kind {
	/* expressions */
	ND_NUM, ND_FNUM, ND_STR, ND_VAR, ND_FUNCADDR,
	ND_ADD, ND_SUB, ND_MUL, ND_DIV, ND_MOD, ND_BITAND, ND_BITOR, ND_BITXOR, ND_SHL, ND_SHR,
	ND_EQ, ND_NE, ND_LT, ND_LE, ND_GT, ND_GE,
	ND_PTRADD, ND_PTRSUB, ND_PTRDIFF,
	ND_NEG, ND_NOT, ND_BITNOT, ND_LOGAND, ND_LOGOR, ND_COND, ND_COMMA,
	ND_ASSIGN,        /* op: 0 plain, else the ND_ binary kind of a compound assignment */
	ND_PREINC, ND_PREDEC, ND_POSTINC, ND_POSTDEC, /* ival: step (pointer: elem size) */
	ND_ADDR, ND_DEREF, ND_MEMBER, ND_CALL, ND_CAST,
	ND_SREG,          /* built-in variable component: ival = enum ir_sreg */
	ND_LAUNCH,        /* lhs: kernel (func), args, cfg[4] */
	ND_TEMP,          /* a temporary object: var; lhs initializes it; value is var */
	ND_ZERO_INIT,     /* zero-fill lhs's storage */
	ND_BUILTIN_OP,    /* BK_OP built-in: ival = id, args */
	ND_NOP,
	ND_CONSTRUCT,     /* default-construct the object of type ty at address lhs (implicit members) */
	ND_DESTROY,       /* destroy the object of type ty at address lhs (p->~T()) */
	ND_NEW,           /* new: see new_expr in parse_expr.c */
	ND_DELETE,        /* delete lhs (op 1: delete[]); func: the class's operator delete; var: a virtual destructor's dispatcher */
	/* statements */
	ND_BLOCK, ND_EXPR_STMT, ND_DECL, ND_IF, ND_FOR, ND_DO, ND_SWITCH, ND_CASE,
	ND_BREAK, ND_CONTINUE, ND_GOTO, ND_LABEL, ND_RETURN
};

struct node {
	/* the int fields in pairs, so that no padding is left; the fields of
	 * a few kinds share one union (304 -> 208 bytes: hello world makes
	 * 18 k nodes). Every reader of a union field tests the node's kind
	 * first (a walker that visits every child reads cfg only of an
	 * ND_LAUNCH, initz only of an ND_DECL). */
	enum node_kind kind;
	int nargs;
	struct type *ty;
	struct token *tok;
	struct span span;
	int op;
	struct node *lhs, *rhs;
	struct node *cond, *then, *els, *init, *inc, *body;
	struct node *next;       /* statement lists, argument lists */
	struct node *args;
	struct obj *var;         /* ND_VAR, ND_DECL, ND_TEMP, ND_FUNCADDR */
	struct obj *func;        /* ND_CALL: callee (NULL: indirect through lhs) */
	struct member *mem;      /* ND_MEMBER */
	int64_t ival;
	union {
		double fval;             /* ND_FNUM */
		struct initializer *initz; /* ND_DECL of an aggregate local */
		struct token *end_tok;   /* ND_BLOCK: the closing brace (where destructors run) */
		void *aux;               /* ND_FUNCADDR: parser-private (overload sets) */
		struct node *cfg[4];     /* ND_LAUNCH: grid, block, shmem, stream */
		struct {                 /* ND_SWITCH, ND_CASE */
			struct node *case_next;  /* ND_CASE chain of a switch */
			struct node *default_case;
			int64_t case_lo, case_hi;
		};
		struct {                 /* ND_STR, ND_GOTO, ND_LABEL */
			const char *str;         /* ND_STR bytes (with the NUL), ND_GOTO/ND_LABEL name */
			long strlen;             /* ND_STR byte count including the NUL */
		};
		/* ND_CALL in host code: the test of a pending exception after the
		 * call, lowered only if the callee may throw; exc_exit_fn: the
		 * function whose exception exit it jumps to (NULL: a catch clause) */
		struct {
			struct node *exc_check;
			struct obj *exc_exit_fn;
		};
	};
	int depth;
	int sret_call;           /* call returning an aggregate */
	int xvalue;              /* ND_DEREF: an rvalue reference's referent (std::move(x)) */
	int lw_label;            /* lowering scratch */
};

struct program {
	struct obj *globals;     /* variables, in order */
	struct obj *funcs;       /* function definitions, in order (incl. template instances) */
	struct obj *init_temps;  /* temporaries of global initializers (main's frame) */
	int device_pass;
};

struct unit_rec;
struct parse_opts {
	int device_pass;         /* 0: host pass, 1: device pass */
	struct unit_rec *rec;    /* tools/units-gen.c: record the prelude's units (units.h) */
};

struct program *parse_program(struct arena *a, struct diaglist *dl, struct token *tok,
			      const struct parse_opts *o);

/* constant evaluation of an expression tree (ok = 0 when not constant) */
long ast_eval_int(struct node *n, int *ok);
double ast_eval_double(struct node *n, int *ok);

/* type.c */
extern struct type *ty_void, *ty_bool, *ty_char, *ty_schar, *ty_uchar, *ty_short, *ty_ushort,
	*ty_int, *ty_uint, *ty_long, *ty_ulong, *ty_llong, *ty_ullong, *ty_float, *ty_double,
	*ty_nullptr;
struct type *type_new(struct arena *a, enum type_kind k, long size, long align);
struct type *type_copy(struct arena *a, const struct type *t);
struct type *type_ptr(struct arena *a, struct type *base);
struct type *type_ref(struct arena *a, struct type *base);
struct type *type_array(struct arena *a, struct type *base, long len);
struct type *type_func(struct arena *a, struct type *ret);
struct type *type_qual(struct arena *a, struct type *t, int is_const, int is_volatile);
int type_is_integer(const struct type *t);
int type_is_flonum(const struct type *t);
int type_is_arith(const struct type *t);
int type_is_scalar(const struct type *t);
int type_is_ptr(const struct type *t);  /* pointer or array */
int type_is_unsigned(const struct type *t);
int type_is_aggregate(const struct type *t);
int type_same(const struct type *a, const struct type *b); /* ignoring top-level cv */
int type_rank(const struct type *t);
struct type *type_promote(const struct type *t);
struct type *type_common(const struct type *a, const struct type *b);
enum ir_type type_ir(const struct type *t);
void type_str(const struct type *t, struct strbuf *sb);
const char *type_name(struct arena *a, const struct type *t);
struct ir_dbgtype *type_dbg(struct arena *a, const struct type *t);

#endif
