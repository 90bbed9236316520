# tests/judge/judge.mk -- the tests of `ojdoku judge` and `ojdoku stress` (issue #15).  Included by
# the top Makefile; `make judgecheck` runs them, and `make test` (so `make check`) includes it.
#
#   $(JUDGE_PROGS)/NAME   the contestant programs of tests/judge/progs: NAME.c built with the
#                         test flags, NAME.sh copied and made executable
#   judgecheck            the runner's limits measured in C (tests/judge/test_run.c, linked
#                         with the runner itself), then tests/judge/run.sh: the exact verdict of
#                         every program, test discovery, -j, JSON (checked by json_check.c),
#                         stress and its shrunk case, check --explain; then
#                         tests/judge/hostile.sh: escapees, a fork bomb, floods and a
#                         descriptor scanner judged, and no process of theirs left after

JUDGE_BUILD := $(BUILD)/tests/judge
JUDGE_PROGS := $(JUDGE_BUILD)/progs
JUDGE_C     := $(wildcard tests/judge/progs/*.c)
JUDGE_SH    := $(wildcard tests/judge/progs/*.sh)
JUDGE_BINS  := $(JUDGE_C:tests/judge/progs/%.c=$(JUDGE_PROGS)/%) \
               $(JUDGE_SH:tests/judge/progs/%.sh=$(JUDGE_PROGS)/%.sh)
JUDGE_RUN   := $(JUDGE_BUILD)/test_run
JSON_CHECK  := $(JUDGE_BUILD)/json_check

.PHONY: judgecheck judge-progs
judge-progs: $(JUDGE_BINS)

$(JUDGE_PROGS)/%: tests/judge/progs/%.c tests/judge/progs/contestant.h
	@mkdir -p $(dir $@)
	$(CC) $(WARNINGS) -O2 -o $@ $<

$(JUDGE_PROGS)/%.sh: tests/judge/progs/%.sh
	@mkdir -p $(dir $@)
	cp $< $@
	chmod +x $@

# The runner is command-line code (src/cli/judging/run.c), outside the library: its test links it.
$(JUDGE_RUN): tests/judge/test_run.c $(BUILD)/src/cli/judging/run.o $(BUILD)/src/cli/judging/sandbox.o $(BUILD)/src/cli/batch/progress.o | test-needs
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/src/cli/judging/run.o \
	    $(BUILD)/src/cli/judging/sandbox.o \
	    $(BUILD)/src/cli/batch/progress.o -lcmocka $(LDLIBS)

# An independent JSON checker for --format json (no code shared with ojdoku).
$(JSON_CHECK): tests/judge/json_check.c
	@mkdir -p $(dir $@)
	$(CC) $(WARNINGS) -O2 -o $@ $<

judgecheck: $(BIN) $(JUDGE_BINS) $(JUDGE_RUN) $(JSON_CHECK)
	@$(JUDGE_RUN) $(JUDGE_PROGS)
	@sh tests/judge/run.sh $(BIN) $(JUDGE_PROGS) $(JSON_CHECK)
	@sh tests/judge/hostile.sh $(BIN) $(JUDGE_PROGS)

-include $(JUDGE_RUN).d
