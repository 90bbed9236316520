# ojdoku -- plain GNU make.  `make` builds build/libojdoku.a, build/libojdoku.so and build/ojdoku;
# `make test` runs the cmocka suites and the golden CLI cases; `make sanitize` runs the same under
# ASan + UBSan; `make check` runs every test there is (the README's test command, what CI runs).

CC       ?= cc
CFLAGS   ?= -O2 -g
# Warnings are errors where the project checks itself (make test, check, sanitize, bench, fuzz
# and so CI), not in a user's plain `make` or `make install`: a newer compiler's new warning must
# not fail an install.  (Objects already built by a plain `make` are not rebuilt: `make clean`
# first, as CI's fresh clone does, to check every file with -Werror.)
WERROR   ?=
WARNINGS  = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wformat=2 $(WERROR)
CPPFLAGS += -Iinclude -Isrc -I$(BUILD)/gen -D_POSIX_C_SOURCE=200809L
LDLIBS   += -lm -pthread
BUILD    ?= build

# The library's layers, each a folder (HACKING.md says what may include what), and the command
# line with its two sub-folders.
LAYERS   := core solve io gen check
LIB_SRC  := $(foreach layer,$(LAYERS),$(wildcard src/$(layer)/*.c))
CLI_SRC  := $(wildcard src/cli/*.c src/cli/*/*.c)
TEST_SRC := $(wildcard tests/unit/test_*.c tests/api/test_*.c)
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
# The command line carries every profile's statement sample (`ojdoku formats NAME`): a C file
# generated from samples/ (src/cli/embed_samples.sh), so an installed binary needs no data files.
CLI_GEN  := $(BUILD)/gen/samples.c $(BUILD)/gen/amalg.c
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o) $(CLI_GEN:.c=.o)
# The amalgamation (src/amalg/amalgamate.sh): the check layer and the layers below it as one C
# file, as SQLite ships sqlite3.c, which `ojdoku package` makes into self-contained validators
# with a main per judge convention (src/amalg/main_*.c); the command line carries both
# ($(BUILD)/gen/amalg.c, src/amalg/embed.sh).
AMALG_LAYERS := core solve io check
AMALG        := $(BUILD)/ojdoku-amalg.c
AMALG_MAINS  := $(sort $(wildcard src/amalg/main_*.c))
TESTS    := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
# The objects the suites are linked from: this build's, or the plain build's (below).
TEST_OBJ := $(BUILD)
LIB      := $(BUILD)/libojdoku.a
BIN      := $(BUILD)/ojdoku

ALL_CFLAGS = $(WARNINGS) $(CFLAGS) -pthread -MMD -MP

# make scalar-io's build (build/scalar) compiles the two files OJD_SCALAR_IO changes and takes
# every other object, the CLI's and the suites' included, from the plain build (PLAIN_OBJ=build,
# which scalar-io builds first): the same sources with the same flags give the same objects.
ifneq ($(PLAIN_OBJ),)
IO_TWINS := src/io/reader.c src/io/writer.c
LIB_OBJ  := $(foreach src,$(LIB_SRC),\
                $(if $(filter $(IO_TWINS),$(src)),$(BUILD),$(PLAIN_OBJ))/$(src:.c=.o))
CLI_OBJ  := $(CLI_SRC:%.c=$(PLAIN_OBJ)/%.o) $(CLI_GEN:$(BUILD)/%.c=$(PLAIN_OBJ)/%.o)
TEST_OBJ := $(PLAIN_OBJ)
endif

# The version has one home, OJD_VERSION in the public header.  The soname carries the number of
# the ABI, which changes when a program built against the old header could break (ojdoku.h's
# opening comment): the major version, or 0.MINOR while the major version is 0, when every minor
# release may change the fixed structs.
VERSION       := $(shell sed -n 's/^\#define OJD_VERSION "\(.*\)"/\1/p' include/ojdoku.h)
VERSION_MAJOR := $(firstword $(subst ., ,$(VERSION)))
VERSION_MINOR := $(word 2,$(subst ., ,$(VERSION)))
ABI           := $(if $(filter 0,$(VERSION_MAJOR)),0.$(VERSION_MINOR),$(VERSION_MAJOR))
SONAME        := libojdoku.so.$(ABI)
SHLIB_FILE    := libojdoku.so.$(VERSION)
# The shared library is built from position-independent objects of its own, so the static library
# and the command keep their plain objects.  The library's objects are compiled with
# -fvisibility=hidden: a function is exported only when include/ojdoku.h declares it with
# OJD_EXPORT (the compiler's visibility, so no linker script and no linker-specific flag).
PIC_OBJ := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
SHLIB   := $(BUILD)/$(SHLIB_FILE)
PC      := $(BUILD)/ojdoku.pc
$(LIB_OBJ) $(PIC_OBJ): ALL_CFLAGS += -fvisibility=hidden

.PHONY: all shared test unit golden samples sanitize bench rate-calibrate clean install uninstall installcheck check
.SECONDARY:
all: $(LIB) $(BIN) $(SHLIB) $(PC) $(AMALG)
shared: $(SHLIB)

# `make help`: the targets a developer runs, one line each.
.PHONY: help
help:
	@echo 'Build:   all (default: library, shared library, ojdoku), shared, install, uninstall,'
	@echo '         clean, hooks (the commit-msg hook for this clone)'
	@echo 'Tests:   test        suites, golden cases, docs, judge, package; TEST_JOBS=2 at a time'
	@echo '         check       everything below, CHECK_JOBS=2 parts at a time (CI: bash .ci/run)'
	@echo '         unit        the cmocka suites; T=test_check: one suite, F=PATTERN: its tests'
	@echo '         golden      the golden CLI drivers; CASE=NAME: one golden case (a pattern too)'
	@echo '         samples     the bundled samples only'
	@echo '         docs        paths, commit messages, registries, layers, doc examples'
	@echo '         judgecheck  judge and stress (tests/judge)'
	@echo '         packagecheck  the validators `ojdoku package` emits'
	@echo '         sanitize    test under ASan + UBSan (build/sanitize)'
	@echo '         scalar-io   golden (but timing and memory), and the suites that link the'
	@echo '                     reader or the writer, with their plain loops in place of SSE2'
	@echo '         fuzz-replay hostile leakcheck installcheck setupcheck property'
	@echo '         fuzz fuzz-run (clang, libFuzzer), kattischeck (PROBLEMTOOLS=DIR)'
	@echo 'Speed:   bench (MARCH=, TDOKU=, GECODE=1, BENCH_ARGS=), rate-calibrate'
	@echo 'Suites:  $(sort $(notdir $(TESTS)))' | fold -s -w 96 | sed '2,$$s/^/         /'

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/gen/samples.c: src/cli/embed_samples.sh $(wildcard samples/*.args samples/*.in samples/*.out)
	@mkdir -p $(dir $@)
	sh src/cli/embed_samples.sh samples > $@.tmp && mv $@.tmp $@

# The built-in profiles: profiles/*.profile in the order of profiles/index, compiled into the
# table format.c includes ($(BUILD)/gen/profiles.def) by src/tools/profilec.c, which parses them
# with the library's own profile parser.  It runs on the build machine: HOSTCC.
HOSTCC   ?= $(CC)
PROFILES := profiles/index $(wildcard profiles/*.profile)
PROFILEC := $(BUILD)/gen/profilec
$(PROFILEC): src/tools/profilec.c src/io/profile.c src/io/format.h $(wildcard src/core/*.c src/core/*.h) include/ojdoku.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(CPPFLAGS) $(WARNINGS) -O1 -o $@ src/tools/profilec.c src/io/profile.c \
	    $(wildcard src/core/*.c) -lm
$(BUILD)/gen/profiles.def: $(PROFILEC) $(PROFILES)
	$(PROFILEC) profiles > $@.tmp && mv $@.tmp $@
$(BUILD)/src/io/format.o $(BUILD)/pic/src/io/format.o: $(BUILD)/gen/profiles.def

$(BUILD)/gen/%.o: $(BUILD)/gen/%.c
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(AMALG): src/amalg/amalgamate.sh $(BUILD)/gen/profiles.def $(wildcard include/*.h $(foreach layer,$(AMALG_LAYERS),\
          src/$(layer)/*.c src/$(layer)/*.h src/$(layer)/*.def))
	@mkdir -p $(dir $@)
	OJD_GEN=$(BUILD)/gen sh src/amalg/amalgamate.sh . > $@.tmp && mv $@.tmp $@

$(BUILD)/gen/amalg.c: src/amalg/embed.sh src/amalg/portable.h $(AMALG) $(AMALG_MAINS)
	@mkdir -p $(dir $@)
	sh src/amalg/embed.sh $(AMALG) $(AMALG_MAINS) > $@.tmp && mv $@.tmp $@

$(LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

$(BIN): $(CLI_OBJ) $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(LDLIBS)

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -fPIC -c $< -o $@

# The soname is the only linker option: -soname is GNU ld's, and gold and lld (the linker of
# FreeBSD and OpenBSD) take it too (all three checked).  A linker that spells it otherwise gets
# its own spelling through SONAME_FLAG (Solaris ld: SONAME_FLAG=-Wl,-h,$(SONAME)).
SONAME_FLAG ?= -Wl,-soname,$(SONAME)
$(SHLIB): $(PIC_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -shared $(SONAME_FLAG) -o $@ $(PIC_OBJ) $(LDLIBS)

$(BUILD)/tests/%.o: tests/%.c | test-needs
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

# Every suite links tests/common/in_tests_dir.c: it runs from tests/, wherever it is started.
SUITE_MAIN := $(TEST_OBJ)/tests/common/in_tests_dir.o
$(SUITE_MAIN): CPPFLAGS += -DOJD_TESTS_DIR='"$(CURDIR)/tests"'
$(BUILD)/tests/%: $(TEST_OBJ)/tests/%.o $(SUITE_MAIN) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(SUITE_MAIN) $(LIB) -lcmocka $(LDLIBS)

# The CLI drivers of tests/cli (below, `make golden`), the longest first.
GOLDEN_DRIVERS := progress_tty testdata svg golden check/run complete_grids framed_grids \
                  generate_edge formats profiles learn rate_timeout generate_memory variants \
                  golden_kinds all_task symbols
GOLDEN_RUNS    := $(GOLDEN_DRIVERS:%=golden-%)

STRICT_TARGETS := test test-parts unit golden $(GOLDEN_RUNS) docs packagecheck check check-parts \
                  sanitize san-lib scalar-io scalar-io-parts scalar-unit bench rate-calibrate fuzz \
                  fuzz-replay hostile leakcheck installcheck judgecheck
$(STRICT_TARGETS): WERROR = -Werror

# What the tests need beyond a C compiler and make, each as "command-or-header:Debian package".
# A missing one stops the test targets with one line that says what to install.  A cmocka suite
# needs cmocka alone (test-needs, an order-only prerequisite of each suite's object); the golden
# drivers draw and read SVG (tests/cli/svg.sh) and read packages (package_read.py).
TEST_NEEDS   := /usr/include/cmocka.h:libcmocka-dev
GOLDEN_NEEDS := rsvg-convert:librsvg2-bin python3:python3
CHECK_NEEDS  := $(TEST_NEEDS) $(GOLDEN_NEEDS) valgrind:valgrind pkg-config:pkg-config \
                groff:groff-base man:man-db script:bsdutils timeout:coreutils
define need_tools
	@missing=; for need in $(1); do what=$${need%%:*}; pkg=$${need#*:}; \
	    case $$what in /*) [ -e "$$what" ] ;; *) command -v "$$what" >/dev/null 2>&1 ;; esac || \
	    missing="$$missing $$pkg"; done; \
	if [ -n "$$missing" ]; then \
	    echo "ojdoku: the tests need:$$missing; install with: apt-get install -y$$missing" \
	         "(or run: bash .ci/run, which installs them as root and runs make check)" >&2; \
	    exit 2; fi
endef
.PHONY: test-needs golden-needs check-needs
test-needs:
	$(call need_tools,$(TEST_NEEDS))
golden-needs:
	$(call need_tools,$(GOLDEN_NEEDS))
check-needs:
	$(call need_tools,$(CHECK_NEEDS))

# `make test` and `make check` run their parts TEST_JOBS and CHECK_JOBS at a time (both cores of
# CI's machine) in a make of their own, each part's output kept together (--output-sync); inside
# a parallel make already (make -jN check, sanitize's test-parts) they share its job slots instead
# of adding their own.  The parts are independent: each builds into its own BUILD and scratch
# folders, and everything they share (the binary, the suites) is a prerequisite made once.
TEST_JOBS  ?= 2
CHECK_JOBS ?= 2
parallel    = $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(1)) --output-sync=target \
              --no-print-directory

# Every cmocka suite (tests/unit: white-box, tests/api: the public API alone), every golden CLI
# case (tests/cli/golden and samples/), the docs checks (tests/docs), the judge's tests
# (judgecheck: tests/judge/judge.mk) and the emitted validators; the longest first.
TEST_PARTS := judgecheck packagecheck golden unit docs
.PHONY: test-parts
test: test-needs golden-needs
	@$(MAKE) $(call parallel,$(TEST_JOBS)) test-parts
test-parts: $(TEST_PARTS)

# The whole test command (README, CI): the suites and golden cases, the same under ASan + UBSan,
# the reader's and writer's plain loops in place of their SSE2 paths (scalar-io), the fuzz corpus
# replayed under ASan + UBSan, hostile input, valgrind on CLI runs, a staged install used through
# pkg-config, the set-up promises and the property tests.  The longest part (sanitize) is
# listed first; fuzz-replay links the library sanitize builds (san-lib: the same flags, built once).
# HACKING.md ("The time of make check") has each part's time.
CHECK_PARTS := sanitize property test-parts scalar-io leakcheck fuzz-replay hostile installcheck \
               setupcheck
.PHONY: check-parts
check: check-needs
	@$(MAKE) $(call parallel,$(CHECK_JOBS)) check-parts
check-parts: $(CHECK_PARTS)

# README's set-up promises: plain builds need no cmocka and no -Werror; tests say what to install.
.PHONY: setupcheck
setupcheck:
	@sh tests/setup/setup.sh

# The suites run two at a time (tests/units.sh prints each one's output whole, in order).
# `make unit T=test_check` runs one suite (T: suite names, with or without the folder), and
# F=PATTERN only its tests whose names match (cmocka's filter: `*` and `?`).
UNIT_JOBS ?= 2
UNIT_RUN  := $(if $(T),$(filter $(foreach t,$(T),%/$(t) %/$(notdir $(t))),$(TESTS)),$(TESTS))
unit: $(UNIT_RUN)
	@$(if $(UNIT_RUN),,echo "unit: no suite $(T) (make help lists them)" >&2; exit 2;) \
	    OJD_TEST_FILTER='$(F)' sh tests/units.sh $(UNIT_JOBS) $(UNIT_RUN)

# A command's peak memory, for tests/cli/generate_memory.sh: plain C on its own (not linked with
# the library, not sanitized: it measures the command, which is).
PEAK_RSS := $(BUILD)/tests/cli/peak_rss
$(PEAK_RSS): tests/cli/peak_rss.c
	@mkdir -p $(dir $@)
	$(CC) $(WARNINGS) -O2 -o $@ $<

# The CLI drivers of tests/cli, each its own target (golden-NAME) so that a parallel make runs
# them side by side; `make golden` runs them all, the longest first.  `make golden CASE=NAME`
# runs the golden case NAME (tests/cli/golden/NAME.* or samples/NAME.*; a shell pattern picks
# several) and nothing else.
.PHONY: $(GOLDEN_RUNS)
ifneq ($(CASE),)
golden: $(BIN)
	@sh tests/cli/golden.sh $(BIN) --case '$(CASE)'
else
golden: $(GOLDEN_RUNS)
endif
$(GOLDEN_RUNS): golden-%: $(BIN) $(PEAK_RSS) | golden-needs
	@sh tests/cli/$*.sh $(BIN) $(if $(filter generate_memory,$*),$(PEAK_RSS))

# `ojdoku package` (tests/cli/package.sh): the emitted validators compiled with -Wall -Werror and
# agreeing with check and validate --input, a Kattis package read back, the amalgamation script;
# every program of every profile cut to what its main needs (tests/cli/package_size.sh;
# SIZE_TABLE=1 sh tests/cli/package_size.sh build/ojdoku prints the bytes of each); the
# statements of the layouts as written, built by pdflatex and shown by Chromium (statements.sh).
# In `test` (so once more under sanitize), not in scalar-io: the emitted C is the same there.
# package_size.sh and statements.sh look at what is emitted, the same bytes from either build:
# they run in the plain build's test only (75 s of the sanitized one's).
.PHONY: packagecheck
packagecheck: $(BIN) | golden-needs
	@sh tests/cli/package.sh $(BIN)
	$(if $(filter $(SAN_BUILD),$(BUILD)),,@sh tests/cli/package_size.sh $(BIN))
	$(if $(filter $(SAN_BUILD),$(BUILD)),,@sh tests/cli/statements.sh $(BIN))
	@sh tests/cli/matrix.sh $(BIN)

# Kattis problemtools' verifyproblem on `package --layout kattis` packages of several profiles:
# not in check, since problemtools is no Debian package (PROBLEMTOOLS=DIR, a checkout of a release
# whose Python needs Debian provides; tests/cli/verifyproblem.sh says which).
.PHONY: kattischeck
kattischeck: $(BIN)
	@sh tests/cli/verifyproblem.sh $(BIN) '$(PROBLEMTOOLS)' $(PROFILES)

# The checks that hold docs and code together (tests/docs): every src/ and tests/ path the docs,
# comments and build files name exists, the commits' messages keep the form of .githooks/commit-msg
# (tests/docs/commits.sh), the command, profile and solver tables against the help
# texts, the man page, README and docs/, the layer rule of HACKING.md, and every command example
# of README, docs/ and the man page run (and its output compared where the doc shows it).
.PHONY: docs
docs: $(BIN) $(LIB)
	@sh tests/docs/paths.sh
	@sh tests/docs/commits.sh
	@sh tests/docs/commands.sh $(BIN)
	@sh tests/docs/registries.sh $(BIN)
	@sh tests/docs/layers.sh $(BUILD)
	@sh tests/docs/examples.sh $(BIN)
	@sh tests/docs/catalogue.sh $(BIN)

# Writes docs/catalogue.md from the profiles (tests/docs/catalogue.sh checks it is current).
.PHONY: catalogue
catalogue: $(BIN)
	@sh tests/docs/catalogue.sh $(BIN) --write

# Runs ojdoku on every bundled sample and compares with the judge's expected output.
samples: $(BIN)
	@sh tests/cli/golden.sh $(BIN) samples

SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_BUILD := build/sanitize
# The sanitizer runtimes linked statically (gcc's spelling; clang links them so already): each
# sanitized process starts in about two thirds of the time, and the CLI tests start thousands.
SAN_LINK  := $(if $(findstring clang,$(shell $(CC) --version 2>/dev/null)),,\
               -static-libasan -static-libubsan)
SAN_ARGS   = --no-print-directory BUILD=$(SAN_BUILD) CFLAGS="$(SAN_FLAGS)" \
             LDFLAGS="$(SAN_FLAGS) $(SAN_LINK)" WERROR=-Werror
.PHONY: san-lib
san-lib:
	@$(MAKE) $(SAN_ARGS) $(SAN_BUILD)/libojdoku.a
# OJD_SANITIZED=1 in the environment of the tests tells them the binary is this build: the
# checks of timing alone (tests/judge/run.sh and test_run.c: how close to a limit a program is
# stopped, the wall-clock guard, verdicts on a loaded machine, stress's budget) cost the
# contestant programs' time, which ASan does not change, and are left to the plain build's run
# (each verdict's code path still runs here, in a shorter case); tests/cli/progress_tty.sh
# solves half its batch, which ASan makes last as long.
sanitize: san-lib
	@$(MAKE) $(SAN_ARGS) OJD_SANITIZED=1 $(call parallel,$(TEST_JOBS)) test-parts

# The reader's and writer's SSE2 paths have plain twins (OJD_SCALAR_IO), built where SSE2 is not;
# every suite that links the reader or the writer and every golden case must pass with them too
# (test_reader reads every byte value through the one-line fast path and the general path and
# compares them; the goldens fix the writer's bytes), so a broken twin fails here.  The suites
# that link neither (the solvers', the generator's: tests/units.sh --linking finds them) run the
# same code as in `test` and are not run again.  The judge's tests and the docs' examples, which
# read and write through the same paths as the goldens, run once in `test` and once under
# sanitize: not a third time here; nor the drivers whose subject is when or how much, not what
# is read or written (progress_tty: the progress line after a second of solving;
# generate_memory: peak memory; rate_timeout: a wall-clock budget), whose inputs go through the
# reader as the golden cases' do.
SCALAR_GOLDEN := $(filter-out golden-progress_tty golden-generate_memory golden-rate_timeout,\
                   $(GOLDEN_RUNS))
.PHONY: scalar-io scalar-io-parts scalar-unit
scalar-io: $(BIN) $(TESTS)
	@$(MAKE) $(call parallel,$(TEST_JOBS)) BUILD=build/scalar PLAIN_OBJ=$(BUILD) \
	    CFLAGS="$(CFLAGS) -DOJD_SCALAR_IO" scalar-io-parts
scalar-io-parts: $(SCALAR_GOLDEN) scalar-unit
scalar-unit: $(TESTS)
	@sh tests/units.sh $(UNIT_JOBS) --linking "$(BUILD)/src/io/reader.o $(BUILD)/src/io/writer.o" \
	    $(TESTS)

# Optimised benchmark of every registered solver (tests/bench/bench.c); `make bench MARCH=native`
# adds -march=native.  The library and CLI are built apart in build/bench with those flags.
# `make bench TDOKU=PATH` times a tdoku driver beside the CLI on the 9x9 sets (bench.c says how).
# `make bench GECODE=1` also times a Gecode model of killer Sudoku (tests/bench/killer_gecode.cc:
# C++ with Debian's libgecode-dev, built here only, never part of ojdoku) in the killer section;
# without the Gecode headers the bench says so and runs without it.  BENCH_ARGS goes to the bench
# (`make bench GECODE=1 BENCH_ARGS=--killer-only`: that section alone).
BENCH_BUILD  := build/bench
BENCH_CFLAGS := -O2 $(if $(MARCH),-march=$(MARCH))
BENCH_C      := bench bench_killer killer_line
GECODE_HDR   := /usr/include/gecode/int.hh
BENCH_GECODE := $(if $(GECODE),$(wildcard $(GECODE_HDR)))
GECODE_LIBS  := -lgecodesearch -lgecodeint -lgecodekernel -lgecodesupport
bench:
	$(MAKE) BUILD=$(BENCH_BUILD) CFLAGS="$(BENCH_CFLAGS)" $(BENCH_BUILD)/libojdoku.a
	-$(MAKE) BUILD=$(BENCH_BUILD) CFLAGS="$(BENCH_CFLAGS)" $(BENCH_BUILD)/ojdoku
	$(if $(GECODE),$(if $(BENCH_GECODE),,@echo "bench: GECODE=1 but no $(GECODE_HDR)" \
	    "(apt-get install libgecode-dev): the killer section runs without Gecode"))
	@mkdir -p $(BENCH_BUILD)/tests/bench
	for f in $(BENCH_C); do $(CC) $(CPPFLAGS) $(WARNINGS) $(BENCH_CFLAGS) \
	    $(if $(BENCH_GECODE),-DBENCH_GECODE) -c tests/bench/$$f.c \
	    -o $(BENCH_BUILD)/tests/bench/$$f.o || exit 1; done
	$(if $(BENCH_GECODE),$(CXX) -std=c++17 -Wall -Wextra $(WERROR) $(BENCH_CFLAGS) \
	    -c tests/bench/killer_gecode.cc -o $(BENCH_BUILD)/tests/bench/killer_gecode.o)
	$(if $(BENCH_GECODE),$(CXX),$(CC)) $(BENCH_CFLAGS) -o $(BENCH_BUILD)/bench \
	    $(BENCH_C:%=$(BENCH_BUILD)/tests/bench/%.o) \
	    $(if $(BENCH_GECODE),$(BENCH_BUILD)/tests/bench/killer_gecode.o $(GECODE_LIBS)) \
	    $(BENCH_BUILD)/libojdoku.a $(LDLIBS)
	cd tests/bench && ../../$(BENCH_BUILD)/bench --cli ../../$(BENCH_BUILD)/ojdoku \
	    $(if $(TDOKU),--tdoku $(abspath $(TDOKU))) $(BENCH_ARGS)

# Refits the grader's score constants (tests/bench/rate_calibrate.c) on the tune halves of the
# rated sets in tests/bench/data/rate and prints Spearman per set on the held-out halves; the
# constants it prints go into ojd_rate_model_fitted (src/gen/rate.c) by hand.
rate-calibrate:
	$(MAKE) BUILD=$(BENCH_BUILD) CFLAGS="$(BENCH_CFLAGS)" $(BENCH_BUILD)/libojdoku.a
	$(CC) $(CPPFLAGS) $(WARNINGS) $(BENCH_CFLAGS) -o $(BENCH_BUILD)/rate_calibrate \
	    tests/bench/rate_calibrate.c $(BENCH_BUILD)/libojdoku.a $(LDLIBS)
	cd tests/bench && ../../$(BENCH_BUILD)/rate_calibrate

clean:
	rm -rf $(BUILD) build

# The commit-msg hook (.githooks/commit-msg: a subject of at most 72 characters, a blank line
# after it), used by this clone's git from now on.
.PHONY: hooks
hooks:
	git config core.hooksPath .githooks
	@echo "hooks: git runs .githooks/commit-msg on every commit of this clone"

# ---- install ---------------------------------------------------------------------------------
# `make install PREFIX=/usr/local DESTDIR=/tmp/stage`; the GNU names (prefix, exec_prefix, bindir,
# libdir, includedir, datarootdir, mandir, man1dir, pkgconfigdir) override any one directory.
PREFIX       ?= /usr/local
prefix       ?= $(PREFIX)
exec_prefix  ?= $(prefix)
bindir       ?= $(exec_prefix)/bin
libdir       ?= $(exec_prefix)/lib
includedir   ?= $(prefix)/include
datarootdir  ?= $(prefix)/share
mandir       ?= $(datarootdir)/man
man1dir      ?= $(mandir)/man1
pkgconfigdir ?= $(libdir)/pkgconfig
INSTALL      ?= install

# What install puts where; uninstall removes exactly these (directories stay: others share them).
INSTALLED := $(bindir)/ojdoku $(libdir)/libojdoku.a $(libdir)/$(SHLIB_FILE) $(libdir)/$(SONAME) \
             $(libdir)/libojdoku.so $(includedir)/ojdoku.h $(man1dir)/ojdoku.1 \
             $(pkgconfigdir)/ojdoku.pc

# The .pc file names directories under ${prefix} where it can, so that a relocated tree still works
# with pkg-config --define-prefix; it is rebuilt whenever a directory or the version changes.
pc_under = $(if $(filter $2,$1),$${$3},$(patsubst $2/%,$${$3}/%,$1))
PC_VARS := $(VERSION)|$(prefix)|$(exec_prefix)|$(libdir)|$(includedir)
$(BUILD)/ojdoku.pc.vars: FORCE
	@mkdir -p $(dir $@)
	@echo '$(PC_VARS)' | cmp -s - $@ || echo '$(PC_VARS)' > $@
$(PC): src/ojdoku.pc.in $(BUILD)/ojdoku.pc.vars
	sed -e 's|@prefix@|$(prefix)|' \
	    -e 's|@exec_prefix@|$(call pc_under,$(exec_prefix),$(prefix),prefix)|' \
	    -e 's|@libdir@|$(call pc_under,$(libdir),$(exec_prefix),exec_prefix)|' \
	    -e 's|@includedir@|$(call pc_under,$(includedir),$(prefix),prefix)|' \
	    -e 's|@VERSION@|$(VERSION)|' $< > $@
.PHONY: FORCE
FORCE:

install: $(LIB) $(BIN) $(SHLIB) $(PC)
	$(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(libdir) $(DESTDIR)$(includedir) \
	    $(DESTDIR)$(man1dir) $(DESTDIR)$(pkgconfigdir)
	$(INSTALL) -m 755 $(BIN) $(DESTDIR)$(bindir)/ojdoku
	$(INSTALL) -m 644 $(LIB) $(DESTDIR)$(libdir)/libojdoku.a
	$(INSTALL) -m 755 $(SHLIB) $(DESTDIR)$(libdir)/$(SHLIB_FILE)
	ln -sf $(SHLIB_FILE) $(DESTDIR)$(libdir)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(libdir)/libojdoku.so
	$(INSTALL) -m 644 include/ojdoku.h $(DESTDIR)$(includedir)/ojdoku.h
	$(INSTALL) -m 644 src/cli/ojdoku.1 $(DESTDIR)$(man1dir)/ojdoku.1
	$(INSTALL) -m 644 $(PC) $(DESTDIR)$(pkgconfigdir)/ojdoku.pc

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))

# Staged install, the example built against it through pkg-config (shared and static), uninstall,
# man page lint and help checks: tests/install/check.sh (needs pkg-config, groff, man-db).
installcheck: $(LIB) $(BIN) $(SHLIB) $(PC)
	@BUILD='$(BUILD)' MAKE='$(MAKE)' CC='$(CC)' sh tests/install/check.sh

# Fuzzing, corpus replay, leak checks and hostile-input tests live beside their targets.
-include tests/fuzz/fuzz.mk
# The differential property test of the reader (issue #12).
-include tests/property/property.mk
# `ojdoku judge` and `ojdoku stress`: contestant programs, the runner's limits (issue #15).
-include tests/judge/judge.mk

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TESTS:=.d) $(PIC_OBJ:.o=.d)
