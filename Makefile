# Makefile for warpstep (GNU make).
#
#   make            build ./warpstep (runs ./configure first when needed)
#   make run        set up, build and open warpstep on its default
#   make check      set up, build and run every test through prove (TAP 13)
#   make check-gpu  on a machine with a GPU: run --gpu and run --compare over every program (docs/gpu.md)
#   make install    install under $(DESTDIR)$(prefix)
#   make fuzz       build the libFuzzer targets with clang and run each briefly
#   make bench      run the benchmark table (bench/run.sh)
#   make SANITIZE=1 check   the same with AddressSanitizer and UBSan (in build/san)
#
# Sources are found by wildcard: engine/*/*.c (one folder per stage, see
# docs/engine.md) go into libwarpstep.a, tui/*.c and scripts/*.c into the
# warpstep binary, tests/unit/*.c and tests/*/unit_*.c each become a unit-test
# binary linked with libwarpstep.a.

.SUFFIXES:
.DEFAULT_GOAL := all

VERSION = 0.1.0

# Everything but clean/distclean needs config.mk; it is (re)made when missing
# or older than configure, with the arguments it was last made with.
NOCONFIG_GOALS = clean distclean help
ifneq ($(filter-out $(NOCONFIG_GOALS),$(or $(MAKECMDGOALS),all)),)
include config.mk
endif

config.mk: configure
	@sh tools/setup-deps.sh build
	./configure $(CONFIGURE_ARGS)

# Flags. CFLAGS/LDFLAGS are the user's; the language level, the strict warning
# set and the include paths are always added.
WARN = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
       -Wformat=2 -Wno-unused-parameter
# The engine's folders, lowest layer first. Each is on the include path, so a
# file names a header by its bare name wherever either lives; which headers a
# folder may include is checked by tests/layers.t, not by the include path.
ENGINE_DIRS = util ir check front machine gpu explore session
CORE_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(ENGINE_DIRS:%=-Iengine/%)
BASE_CFLAGS = $(CORE_CFLAGS) $(WERROR)

ifeq ($(SANITIZE),1)
B = build/san
SAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
BIN = $(B)/warpstep
export LSAN_OPTIONS = suppressions=$(abspath tests/lsan.supp)
else
B = build
SAN_FLAGS =
BIN = warpstep
endif

ALL_CFLAGS = $(BASE_CFLAGS) $(CFLAGS) $(SAN_FLAGS) -MMD -MP
ALL_LDFLAGS = $(LDFLAGS) $(SAN_FLAGS)

# Sources
GEN_HEADERS = engine/front/headers_gen.c
# the same headers tokenised at build time (engine/front/pretok.h)
GEN_TOKENS = engine/front/pretok_gen.c
# the host pass's prelude for the default options, preprocessed at build time (engine/front/prelude.h)
GEN_PRELUDE = engine/front/prelude_gen.c
# the prelude's units and what each reaches, recorded at build time by parsing it (engine/front/units.h)
GEN_UNITS = engine/front/units_gen.c
GEN_EXAMPLE = tui/example_gen.c
ENGINE_SRC = $(sort $(filter-out $(GEN_HEADERS) $(GEN_TOKENS) $(GEN_PRELUDE) $(GEN_UNITS),$(wildcard engine/*/*.c)) \
	$(GEN_HEADERS) $(GEN_TOKENS) $(GEN_PRELUDE) $(GEN_UNITS))
LIB_SRC = $(ENGINE_SRC)
LIB_OBJ = $(LIB_SRC:%.c=$(B)/%.o)
LIB = $(B)/libwarpstep.a

TUI_SRC = $(sort $(filter-out $(GEN_EXAMPLE),$(wildcard tui/*.c)) $(GEN_EXAMPLE))
# scripts/*.lua (the lesson runtime ...) are embedded into scripts/lua_gen.c
# as `const char lua_NAME[]`, so the binary runs wherever it is installed.
GEN_SCRIPTS = scripts/lua_gen.c
SCRIPTS_LUA = $(sort $(wildcard scripts/*.lua))
SCRIPTS_SRC = $(sort $(filter-out $(GEN_SCRIPTS),$(wildcard scripts/*.c)) $(GEN_SCRIPTS))
SCRIPTS_OBJ = $(SCRIPTS_SRC:%.c=$(B)/%.o)
APP_OBJ = $(TUI_SRC:%.c=$(B)/%.o) $(SCRIPTS_OBJ)
APP_CFLAGS = -Itui -Iscripts $(CURSES_CFLAGS) $(LUA_CFLAGS) \
	     -DWS_VERSION='"$(VERSION)"' -DWS_DATADIR='"$(datadir)/warpstep"'
APP_LIBS = $(CURSES_LIBS) $(LUA_LIBS) $(LIBS)

UNIT_SRC = $(wildcard tests/unit/*.c tests/*/unit_*.c)
UNIT_BIN = $(UNIT_SRC:%.c=$(B)/%)

FUZZ_SRC = $(wildcard fuzz/fuzz_*.c)
FUZZ_NAMES = $(FUZZ_SRC:fuzz/fuzz_%.c=%)
CORPUS_BIN = $(FUZZ_NAMES:%=$(B)/fuzz/run_%)

TESTS = $(sort $(wildcard tests/*.t tests/*/*.t))
PROVE = prove
PROVE_FLAGS =

.PHONY: all check check-gpu install uninstall clean distclean run bench bench-check fuzz help opfreq \
	setup-build setup-check test-bins

all: $(BIN)

# The library
$(LIB): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJ)

$(B)/engine/%.o: engine/%.c config.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# The interpreter's lane loops: -O3 measured 8-10% faster than -O2 (docs/PERFORMANCE.md);
# only when the user's CFLAGS ask for -O2 (the default), so -O0 debugging builds stay -O0.
$(B)/engine/machine/interp.o: ALL_CFLAGS += $(if $(filter -O2,$(CFLAGS)),-O3)
# the race checkers' passes over a warp's lanes are vector loops too
$(B)/engine/check/check_race_global.o $(B)/engine/check/check_init.o $(B)/engine/check/check_race_shared.o: ALL_CFLAGS += $(if $(filter -O2,$(CFLAGS)),-O3)

$(B)/tests/cli/%.o: tests/cli/%.c config.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# The built-in system headers, embedded (the libs helper's script). Without
# the script, a stub that knows no header keeps the build going.
HEADER_FILES = $(shell find engine/front/include -type f 2>/dev/null)
$(GEN_HEADERS): $(wildcard tools/embed-headers.sh) $(HEADER_FILES)
	@if [ -f tools/embed-headers.sh ]; then \
		echo "sh tools/embed-headers.sh engine/front/include > $@"; \
		sh tools/embed-headers.sh engine/front/include > $@.tmp && mv $@.tmp $@; \
	else \
		echo "tools/embed-headers.sh missing: writing a stub $@"; \
		printf '%s\n' '/* headers_gen.c - stub: tools/embed-headers.sh is missing. */' \
			'#include "builtin.h"' '' \
			'const char *builtin_header(const char *name, size_t *len)' \
			'{' '	(void)name;' '	if (len)' '		*len = 0;' '	return NULL;' '}' > $@; \
	fi

# The built-in headers' tokens, made by this tree's own lexer (tools/pretok-headers.c,
# linked with the few engine objects it needs). The generator leaves an unchanged
# output untouched, so alternating builds (build/, build/san) do not recompile it
# (it runs again at each make, a fraction of a second); it exits without freeing,
# so a sanitizer build's leak check is off for it.
PRETOK_TOOL = $(B)/tools/pretok-headers
PRETOK_OBJ = $(addprefix $(B)/engine/,front/lex.o front/pp.o front/token.o util/util.o util/diag.o)
$(PRETOK_TOOL): tools/pretok-headers.c $(PRETOK_OBJ) config.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ tools/pretok-headers.c $(PRETOK_OBJ) $(LIBS)
$(GEN_TOKENS): $(PRETOK_TOOL) $(HEADER_FILES)
	ASAN_OPTIONS=detect_leaks=0 $(PRETOK_TOOL) $@ engine/front/include $(patsubst engine/front/include/%,%,$(HEADER_FILES))

# The host pass's prelude (the predefinitions and the implicit cuda_runtime.h)
# for the default options, made by this tree's own preprocessor over the
# embedded headers and their tables (tools/prelude-gen.c); like the tables, it
# is rewritten only when it changes. It depends on pp.o, lex.o and the headers,
# so an edit of any of them makes it again.
PRELUDE_TOOL = $(B)/tools/prelude-gen
PRELUDE_OBJ = $(PRETOK_OBJ) $(addprefix $(B)/engine/,front/headers_gen.o front/pretok_gen.o)
$(PRELUDE_TOOL): tools/prelude-gen.c $(PRELUDE_OBJ) config.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ tools/prelude-gen.c $(PRELUDE_OBJ) $(LIBS)
$(GEN_PRELUDE): $(PRELUDE_TOOL)
	ASAN_OPTIONS=detect_leaks=0 $(PRELUDE_TOOL) $@

# The prelude's units (engine/front/units.h): this tree's parser reads the
# prebuilt prelude in both passes (tools/units-gen.c) and records them; like
# the prelude it is rewritten only when it changes. The tool is linked from
# every engine object but units_gen.o, so a change anywhere in the engine
# makes it again.
UNITS_TOOL = $(B)/tools/units-gen
UNITS_OBJ = $(filter-out $(GEN_UNITS:%.c=$(B)/%.o),$(LIB_OBJ))
$(UNITS_TOOL): tools/units-gen.c $(UNITS_OBJ) config.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ tools/units-gen.c $(UNITS_OBJ) $(LIBS)
$(GEN_UNITS): $(UNITS_TOOL)
	ASAN_OPTIONS=detect_leaks=0 $(UNITS_TOOL) $@

# The program
$(BIN): $(APP_OBJ) $(LIB)
	$(CC) $(ALL_LDFLAGS) $(APP_LDFLAGS) -o $@ $(APP_OBJ) $(LIB) $(APP_LIBS)

$(B)/tui/%.o: tui/%.c config.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(APP_CFLAGS) -c $< -o $@

$(B)/scripts/%.o: scripts/%.c config.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(APP_CFLAGS) -c $< -o $@

# Every examples/*.cu, embedded for the start screen: example_NAME[] each,
# and example_names[] / example_texts[] (NULL-terminated, in name order).
EXAMPLES = $(sort $(wildcard examples/*.cu))
EXAMPLE_IDS = $(subst -,_,$(notdir $(EXAMPLES:.cu=)))
$(GEN_EXAMPLE): $(EXAMPLES) tools/embed-file.sh Makefile
	{ for f in $(EXAMPLES); do \
		sh tools/embed-file.sh example_$$(basename $$f .cu | tr - _) $$f || exit 1; \
	  done; \
	  echo 'extern const char *const example_names[];'; \
	  echo 'extern const char *const example_texts[];'; \
	  echo 'const char *const example_names[] = {'; \
	  for f in $(EXAMPLES); do echo "	\"$$(basename $$f)\","; done; \
	  echo '	0 };'; \
	  echo 'const char *const example_texts[] = {'; \
	  for i in $(EXAMPLE_IDS); do echo "	example_$$i,"; done; \
	  echo '	0 };'; } > $@.tmp && mv $@.tmp $@

$(B)/tui/example_gen.o: ALL_CFLAGS += -Wno-overlength-strings

$(GEN_SCRIPTS): $(SCRIPTS_LUA) tools/embed-file.sh
	for f in $(SCRIPTS_LUA); do \
		sh tools/embed-file.sh lua_$$(basename $$f .lua) $$f || exit 1; \
	done > $@.tmp && mv $@.tmp $@

# One string per script: longer than the 4095 characters C99 promises, which
# gcc and clang both accept.
$(B)/scripts/lua_gen.o: ALL_CFLAGS += -Wno-overlength-strings

# Tests. The Lua unit tests (tests/lua/unit_*.c) also link scripts/ and Lua.
$(B)/tests/lua/unit_%: tests/lua/unit_%.c tests/tap.h $(SCRIPTS_OBJ) $(LIB) config.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(APP_CFLAGS) -Itests $(ALL_LDFLAGS) -o $@ $< $(SCRIPTS_OBJ) $(LIB) $(APP_LIBS)

$(B)/tests/%: tests/%.c tests/tap.h $(LIB) config.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests $(ALL_LDFLAGS) -o $@ $< $(LIB) $(LIBS)

$(B)/fuzz/run_%: fuzz/run_corpus.c fuzz/fuzz_%.c fuzz/fuzz.h $(LIB) config.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -include fuzz/fuzz.h $(ALL_LDFLAGS) -o $@ fuzz/run_corpus.c fuzz/fuzz_$*.c $(LIB) $(LIBS)

# The Lua API's target also links scripts/ and Lua (as the Lua unit tests do).
$(B)/fuzz/run_lua: fuzz/run_corpus.c fuzz/fuzz_lua.c fuzz/fuzz.h $(SCRIPTS_OBJ) $(LIB) config.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(APP_CFLAGS) -include fuzz/fuzz.h $(ALL_LDFLAGS) -o $@ fuzz/run_corpus.c \
		fuzz/fuzz_lua.c $(SCRIPTS_OBJ) $(LIB) $(APP_LIBS)

# The binary with allocation-failure injection (util.h; tests/robust/allocfail.t):
# the same objects, but main.c reads WS_FAIL_ALLOC_AFTER from the environment.
FAILALLOC_BIN = $(B)/tests/warpstep-failalloc
$(B)/tests/main-failalloc.o: tui/main.c config.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(APP_CFLAGS) -DWS_TEST_FAIL_ALLOC -c $< -o $@

$(FAILALLOC_BIN): $(filter-out $(B)/tui/main.o,$(APP_OBJ)) $(B)/tests/main-failalloc.o $(LIB)
	$(CC) $(ALL_LDFLAGS) $(APP_LDFLAGS) -o $@ $(filter-out $(B)/tui/main.o,$(APP_OBJ)) $(B)/tests/main-failalloc.o $(LIB) $(APP_LIBS)

test-bins: $(BIN) $(UNIT_BIN) $(CORPUS_BIN) $(FAILALLOC_BIN)

setup-build:
	@sh tools/setup-deps.sh build

setup-check:
	@sh tools/setup-deps.sh check

check: setup-check
	@$(MAKE) --no-print-directory test-bins
	WARPSTEP='$(abspath $(BIN))' WS_BUILD='$(abspath $(B))' \
		$(PROVE) $(PROVE_FLAGS) $(TESTS)

# On a machine with an NVIDIA GPU: the GPU tests, run --gpu over every
# program against its recorded output (docs/gpu.md)
check-gpu:
	sh tools/gpu-check.sh

run: setup-build
	@$(MAKE) --no-print-directory $(BIN)
	./$(BIN)

bench: $(BIN)
	@if [ -f bench/run.sh ]; then \
		WARPSTEP='$(abspath $(BIN))' sh bench/run.sh; \
	else \
		echo "bench/run.sh not present yet: nothing to run"; \
	fi

# tools/opfreq.c: executed decoded instructions and pairs of them, for choosing
# superinstructions (docs/PERFORMANCE.md); a developer's tool, not installed.
opfreq: $(B)/opfreq
$(B)/opfreq: tools/opfreq.c $(LIB)
	$(CC) $(ALL_CFLAGS) tools/opfreq.c $(LIB) $(LIBS) -o $@

# The regression guard: callgrind instruction counts of the bench kernels against
# bench/baseline.tsv (bench/check.sh; BENCH_UPDATE=1 records a new baseline).
bench-check: $(BIN)
	WARPSTEP='$(abspath $(BIN))' sh bench/check.sh

# libFuzzer targets: every fuzz/fuzz_NAME.c, built with the whole engine by
# clang, each run for FUZZ_TIME seconds, seeded from fuzz/corpus; new inputs
# go to build/fuzz/corpus_NAME (copy the interesting ones into fuzz/corpus/),
# crashes, leaks and slow inputs to build/fuzz/ (crash-*, leak-*, slow-unit-*).
# Warnings are not errors here: gcc's strict build is the one that enforces them.
FUZZ_CC = clang
FUZZ_TIME = 60
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
# FUZZ=NAME builds and runs that target only. A target's extra sources, flags
# and libraries: FUZZ_SRC_NAME, FUZZ_CFLAGS_NAME, FUZZ_LIBS_NAME.
FUZZ = $(FUZZ_NAMES)
FUZZ_SRC_lua = $(SCRIPTS_SRC)
FUZZ_CFLAGS_lua = -Iscripts $(LUA_CFLAGS) -Wno-overlength-strings
FUZZ_LIBS_lua = $(LUA_LIBS)
fuzz: $(GEN_HEADERS) $(GEN_TOKENS) $(GEN_PRELUDE) $(GEN_UNITS) $(GEN_SCRIPTS)
	@if ! command -v $(FUZZ_CC) >/dev/null 2>&1; then \
		echo "fuzz: $(FUZZ_CC) not found; libFuzzer needs clang (apt-get install clang): skipped"; \
		exit 0; \
	fi; \
	mkdir -p build/fuzz; \
	$(foreach n,$(FUZZ),\
		echo "$(FUZZ_CC) ... -o build/fuzz/fuzz_$(n)" && \
		$(FUZZ_CC) $(CORE_CFLAGS) $(FUZZ_FLAGS) $(FUZZ_CFLAGS_$(n)) -include fuzz/fuzz.h \
			-o build/fuzz/fuzz_$(n) fuzz/fuzz_$(n).c $(LIB_SRC) $(FUZZ_SRC_$(n)) \
			$(FUZZ_LIBS_$(n)) $(LIBS) || exit 1; \
		mkdir -p build/fuzz/corpus_$(n) && \
		./build/fuzz/fuzz_$(n) -max_total_time=$(FUZZ_TIME) -max_len=8192 \
			-timeout=10 -rss_limit_mb=2048 -artifact_prefix=build/fuzz/ \
			build/fuzz/corpus_$(n) fuzz/corpus || exit 1;)

# Installation
install: $(BIN)
	mkdir -p '$(DESTDIR)$(bindir)' '$(DESTDIR)$(mandir)/man1' \
		'$(DESTDIR)$(datadir)/warpstep/examples' '$(DESTDIR)$(datadir)/warpstep/lessons' \
		'$(DESTDIR)$(datadir)/warpstep/scenarios' '$(DESTDIR)$(datadir)/warpstep/puzzles'
	cp $(BIN) '$(DESTDIR)$(bindir)/warpstep'
	chmod 755 '$(DESTDIR)$(bindir)/warpstep'
	cp docs/warpstep.1 '$(DESTDIR)$(mandir)/man1/warpstep.1'
	chmod 644 '$(DESTDIR)$(mandir)/man1/warpstep.1'
	cp examples/*.cu '$(DESTDIR)$(datadir)/warpstep/examples/'
	cp lessons/*.lua '$(DESTDIR)$(datadir)/warpstep/lessons/'
	cp scripts/scenarios/*.lua '$(DESTDIR)$(datadir)/warpstep/scenarios/'
	cp puzzles/*.lua '$(DESTDIR)$(datadir)/warpstep/puzzles/'
	chmod 644 '$(DESTDIR)$(datadir)'/warpstep/*/*

uninstall:
	rm -f '$(DESTDIR)$(bindir)/warpstep' '$(DESTDIR)$(mandir)/man1/warpstep.1'
	rm -rf '$(DESTDIR)$(datadir)/warpstep'

clean:
	rm -rf build warpstep $(GEN_HEADERS) $(GEN_TOKENS) $(GEN_PRELUDE) $(GEN_UNITS) $(GEN_EXAMPLE) $(GEN_SCRIPTS)

distclean: clean
	rm -f config.mk

help:
	@sed -n '3,10s/^# //p' Makefile

-include $(shell find build -name '*.d' 2>/dev/null)
