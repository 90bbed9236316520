# ojdoku -- plain GNU make.  `make` builds build/libojdoku.a and build/ojdoku; `make test` runs
# the cmocka suites and the golden CLI cases; `make sanitize` runs the same under ASan + UBSan.

CC       ?= cc
CFLAGS   ?= -O2 -g
WARNINGS := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wformat=2 -Werror
CPPFLAGS += -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L
LDLIBS   += -lm -pthread
BUILD    ?= build

LIB_SRC  := $(wildcard src/*.c)
CLI_SRC  := $(wildcard src/cli/*.c)
TEST_SRC := $(wildcard tests/test_*.c)
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o)
TESTS    := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
LIB      := $(BUILD)/libojdoku.a
BIN      := $(BUILD)/ojdoku

ALL_CFLAGS = $(WARNINGS) $(CFLAGS) -pthread -MMD -MP

.PHONY: all test unit golden samples sanitize bench clean
.SECONDARY:
all: $(LIB) $(BIN)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

$(BIN): $(CLI_OBJ) $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) -lcmocka $(LDLIBS)

# Every cmocka suite, then every golden CLI case (tests/golden and samples/).
test: unit golden

unit: $(TESTS)
	@set -e; for t in $(TESTS); do echo "== $$t"; (cd tests && ../$$t); done

golden: $(BIN)
	@sh tests/golden.sh $(BIN)
	@if [ -f tests/check/run.sh ]; then sh tests/check/run.sh $(BIN); fi

# Runs ojdoku on every bundled sample and compares with the judge's expected output.
samples: $(BIN)
	@sh tests/golden.sh $(BIN) samples

SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
sanitize:
	$(MAKE) BUILD=build/sanitize CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" test

# Optimised benchmark of every registered solver (tests/bench/bench.c); `make bench MARCH=native`
# adds -march=native.  The library and CLI are built apart in build/bench with those flags.
BENCH_BUILD  := build/bench
BENCH_CFLAGS := -O2 $(if $(MARCH),-march=$(MARCH))
bench:
	$(MAKE) BUILD=$(BENCH_BUILD) CFLAGS="$(BENCH_CFLAGS)" $(BENCH_BUILD)/libojdoku.a
	-$(MAKE) BUILD=$(BENCH_BUILD) CFLAGS="$(BENCH_CFLAGS)" $(BENCH_BUILD)/ojdoku
	$(CC) $(CPPFLAGS) $(WARNINGS) $(BENCH_CFLAGS) -o $(BENCH_BUILD)/bench tests/bench/bench.c \
	    $(BENCH_BUILD)/libojdoku.a $(LDLIBS)
	cd tests/bench && ../../$(BENCH_BUILD)/bench --cli ../../$(BENCH_BUILD)/ojdoku

clean:
	rm -rf $(BUILD) build

# Fuzzing, corpus replay, leak checks and hostile-input tests live beside their targets.
-include tests/fuzz/fuzz.mk

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TESTS:=.d)
