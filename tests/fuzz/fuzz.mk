# tests/fuzz/fuzz.mk -- fuzzing, corpus replay, leak checks and hostile-input tests.
# Included by the top Makefile.
#
#   make fuzz          libFuzzer targets (clang -fsanitize=fuzzer,address,undefined) in build/fuzz
#   make fuzz-run      runs each target FUZZ_TIME seconds (default 60) on a scratch copy of its
#                      corpus
#   make fuzz-replay   gcc (or $(CC)) + ASan + UBSan build of the targets with replay.c and the
#                      sanitize build's library; replays the committed corpus (needs no clang)
#   make leakcheck     valgrind on a few CLI runs (solve, generate, rate, check, malformed input)
#   make hostile       the hostile-input tests of tests/hostile/
#
# The checker target (fuzz_check) fuzzes src/check/.

FUZZ_CC       ?= clang
FUZZ_BUILD    ?= $(BUILD)/fuzz
FUZZ_TIME     ?= 60
# Inputs up to 64 KiB from the first run on (-len_control=0): longer than the reader's 16 KiB line
# cap, so over-long lines are tried without waiting for libFuzzer to grow its length limit.
FUZZ_MAX_LEN  ?= 65536
REPLAY_BUILD  ?= $(BUILD)/fuzz-replay
HOSTILE_BUILD ?= $(BUILD)/hostile
FUZZ_SAN      := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_FLAGS    := -O1 -g $(FUZZ_SAN)

FUZZ_TARGETS  := fuzz_reader fuzz_solve fuzz_check fuzz_profile fuzz_killer
FUZZ_BINS     := $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/%)
REPLAY_BINS   := $(FUZZ_TARGETS:%=$(REPLAY_BUILD)/%)
FUZZ_LIB_OBJ  := $(LIB_SRC:%.c=$(FUZZ_BUILD)/%.o)

.PHONY: fuzz fuzz-run fuzz-replay leakcheck hostile

fuzz: $(FUZZ_BINS)

# The library is instrumented for coverage (fuzzer-no-link); only the targets link libFuzzer.
$(FUZZ_BUILD)/src/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) $(WARNINGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -pthread -MMD -MP \
	    -c $< -o $@

# format.c includes the generated profile table
$(FUZZ_BUILD)/src/io/format.o: $(BUILD)/gen/profiles.def

$(FUZZ_BUILD)/libojdoku.a: $(FUZZ_LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_common.h $(FUZZ_BUILD)/libojdoku.a
	$(FUZZ_CC) $(CPPFLAGS) $(WARNINGS) $(FUZZ_FLAGS) -fsanitize=fuzzer -pthread -o $@ $< \
	    $(FUZZ_BUILD)/libojdoku.a $(LDLIBS)

# Each target fuzzes a scratch copy of its corpus (build/fuzz/work/NAME), so the committed corpus
# only changes when someone merges new inputs into it on purpose (see tests/fuzz/README).
fuzz-run: fuzz
	@set -e; for t in $(FUZZ_TARGETS); do \
	    mkdir -p $(FUZZ_BUILD)/work/$$t; \
	    echo "== $$t for $(FUZZ_TIME) s"; \
	    $(FUZZ_BUILD)/$$t -max_total_time=$(FUZZ_TIME) -max_len=$(FUZZ_MAX_LEN) -len_control=0 \
	        -timeout=10 -rss_limit_mb=2048 \
	        -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/ \
	        $(FUZZ_BUILD)/work/$$t tests/fuzz/corpus/$$t; \
	done

# Replay: the same targets under the ordinary compiler with ASan + UBSan, driven by replay.c,
# linked with the library `make sanitize` tests (san-lib in the Makefile: its flags are
# FUZZ_FLAGS), so make check builds that library once.
$(REPLAY_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c tests/fuzz/fuzz_common.h san-lib
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(WARNINGS) $(FUZZ_FLAGS) -pthread -o $@ $< tests/fuzz/replay.c \
	    $(SAN_BUILD)/libojdoku.a $(LDLIBS)

fuzz-replay: $(REPLAY_BINS)
	@set -e; for t in $(FUZZ_TARGETS); do \
	    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	        $(REPLAY_BUILD)/$$t tests/fuzz/corpus/$$t; \
	done

# Leaks and memory errors of the CLI under valgrind: any definite or indirect leak, any invalid
# access fails the target.
VALGRIND := valgrind -q --error-exitcode=1 --leak-check=full \
            --errors-for-leak-kinds=definite,indirect
leakcheck: $(BIN)
	@sh tests/hostile/leakcheck.sh $(BIN) "$(VALGRIND)"

$(HOSTILE_BUILD)/hostile_tool: tests/hostile/hostile_tool.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ tests/hostile/hostile_tool.c

hostile: $(BIN) $(HOSTILE_BUILD)/hostile_tool
	@sh tests/hostile/run.sh $(BIN) $(HOSTILE_BUILD)/hostile_tool

-include $(FUZZ_LIB_OBJ:.o=.d)
