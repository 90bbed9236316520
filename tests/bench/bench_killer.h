/*
 * bench_killer.h -- make bench's killer section (bench_killer.c), called by bench.c.
 */
#ifndef BENCH_KILLER_H
#define BENCH_KILLER_H

/* Times every killer set of DIR/killer/ (see bench_killer.c) and prints the table; returns the
 * number of wrong answers and unusable sets (0 = all right). */
int bench_killer(const char *dir);

#endif
