# tests/property/property.mk -- the differential property test of the reader (issue #12).
# Included by the top Makefile.
#
#   make property      generates random streams mixing every grammar with bad blocks spliced in,
#                      and checks that ojdoku gives exactly one outcome per case, in order, with
#                      identical stdout, stderr and exit status for -j 1, 2 and 7
#                      (tests/property/prop_reader.c explains the rules); then, for every
#                      judge problem, generated, validated, solved and checked inputs, and
#                      hostile ones made from them (tests/property/profiles.sh); and what
#                      stress shrinks to, in every profile, is an input its statement allows
#                      (tests/property/stress_valid.sh).
#
# OJD_PROP_SEED=S OJD_PROP_STREAMS=N pick the streams (stream k has seed S + k; the default is
# 300 streams from seed 1); a failure names its seed, keeps its input in $(PROP_WORK) and prints
# the command that reproduces it.

PROP_BUILD := $(BUILD)/property
PROP_WORK  := $(PROP_BUILD)/work
PROP_BIN   := $(PROP_BUILD)/prop_reader

# The three are targets of their own, so that a parallel make (make check) runs them side by side.
.PHONY: property property-reader property-profiles property-stress
property: property-reader property-profiles property-stress
property property-reader property-profiles property-stress: WERROR = -Werror

$(PROP_BIN): tests/property/prop_reader.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $<

property-reader: $(BIN) $(PROP_BIN)
	@mkdir -p $(PROP_WORK)
	@$(PROP_BIN) $(BIN) tests/fixtures $(PROP_WORK)
property-profiles: $(BIN)
	@sh tests/property/profiles.sh $(BIN) 3
property-stress: $(BIN)
	@sh tests/property/stress_valid.sh $(BIN) 2

-include $(PROP_BIN).d
