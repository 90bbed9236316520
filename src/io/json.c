/*
 * json.c -- a JSON string literal of any bytes (ojd_json_string(), ojdoku.h): the one escaper of
 * the writer's json lines and of the command line's JSON reports.  It hands its text to a
 * caller's function in pieces, a run of bytes that need no escape as one piece, so the writer
 * appends to its buffer and the command line to its stream, and the library prints nothing.
 */
#include "format.h"

#include <string.h>

/* The length of the well-formed UTF-8 sequence at s[0..n) (RFC 3629: no overlong form, no
 * surrogate, nothing above U+10FFFF), 0 when the bytes there are none. */
static size_t json_utf8_length(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t len = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
    if (len == 0 || len > n)
        return 0;
    for (size_t k = 1; k < len; k++)
        if ((s[k] & 0xc0) != 0x80)
            return 0;
    /* the second byte's range rules out overlong forms, surrogates and values past U+10FFFF */
    if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] > 0x9f) || (c == 0xf0 && s[1] < 0x90) ||
        (c == 0xf4 && s[1] > 0x8f))
        return 0;
    return len;
}

/* The escape of byte c, one that is not printable ASCII nor the start of UTF-8 kept, into out;
 * its length (2 or 6). */
static size_t json_escape(unsigned char c, ojd_json_mode mode, char out[6])
{
    static const char hex[] = "0123456789abcdef";
    if (c == '"' || c == '\\' || (c == '\n' && mode == OJD_JSON_UTF8)) {
        out[0] = '\\';
        out[1] = c == '\n' ? 'n' : (char)c;
        return 2;
    }
    if (c >= 0x80 && mode == OJD_JSON_UTF8) { /* not part of well-formed UTF-8 */
        memcpy(out, "\\ufffd", 6);
        return 6;
    }
    const char code[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
    memcpy(out, code, 6);
    return 6;
}

void ojd_json_string(const char *s, size_t n, ojd_json_mode mode, ojd_put_fn emit, void *ctx)
{
    const unsigned char *u = (const unsigned char *)s;
    emit(ctx, "\"", 1);
    for (size_t i = 0; i < n;) {
        /* a run of bytes that need no escape goes in at once (a grid is one such run) */
        size_t run = 0;
        while (i + run < n && u[i + run] >= 0x20 && u[i + run] < 0x7f && u[i + run] != '"' &&
               u[i + run] != '\\')
            run++;
        if (run > 0) {
            emit(ctx, s + i, run);
            i += run;
            continue;
        }
        size_t utf8 = mode == OJD_JSON_UTF8 && u[i] >= 0x80 ? json_utf8_length(u + i, n - i) : 0;
        if (utf8 > 0) {
            emit(ctx, s + i, utf8);
            i += utf8;
            continue;
        }
        char escaped[6];
        emit(ctx, escaped, json_escape(u[i++], mode, escaped));
    }
    emit(ctx, "\"", 1);
}
