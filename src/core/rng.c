/*
 * rng.c -- the generator's random numbers: xoshiro256** (Blackman and Vigna) seeded through
 * splitmix64.  Only 64-bit integer arithmetic, so one seed gives the same stream on every
 * machine; the state is a value owned by the caller (no global state, no rand()).
 */
#include "core.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void ojd_rng_seed(ojd_rng *rng, uint64_t seed)
{
    /* splitmix64 never yields four zero words in a row, so the state is never all zero. */
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t ojd_rng_next(ojd_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t ojd_rng_below(ojd_rng *rng, uint64_t bound)
{
    if (bound == 0)
        return 0;
    /* Rejection: accept x only below the largest multiple of bound, so every residue is
     * equally likely.  threshold = 2^64 mod bound. */
    uint64_t threshold = (0 - bound) % bound;
    for (;;) {
        uint64_t x = ojd_rng_next(rng);
        if (x >= threshold)
            return x % bound;
    }
}
