#!/bin/sh
# badalloc.sh -- dies as a C++ program whose new failed: std::terminate's message on stderr,
# then SIGABRT.  Under --ml that message is the evidence of memory: MLE; without --ml, RE.
echo "terminate called after throwing an instance of 'std::bad_alloc'" >&2
echo "  what():  std::bad_alloc" >&2
kill -ABRT $$
