/*
 * json_check.c -- an independent check of JSON lines (RFC 8259), for `ojdoku judge --format
 * json`: every line of standard input must be exactly one JSON object, whitespace around
 * allowed.  Strings: no raw control characters, only the escapes JSON has, valid UTF-8.
 * Prints "json_check: N lines" and exits 0, or names the first bad line and exits 1.
 * No code is shared with ojdoku: a bug in its writer cannot hide a bug here.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const char *p;

static void ws(void)
{
    while (*p == ' ' || *p == '\t' || *p == '\r')
        p++;
}

static bool value(int depth);

static bool string(void)
{
    if (*p++ != '"')
        return false;
    for (;;) {
        unsigned char c = (unsigned char)*p++;
        if (c == '"')
            return true;
        if (c < 0x20)
            return false;
        if (c == '\\') {
            char e = *p++;
            if (e == 'u') {
                for (int i = 0; i < 4; i++, p++)
                    if (!strchr("0123456789abcdefABCDEF", *p) || !*p)
                        return false;
            } else if (!e || !strchr("\"\\/bfnrt", e)) {
                return false;
            }
        } else if (c >= 0x80) { /* a UTF-8 sequence: lead byte, then continuation bytes */
            int more = c >= 0xf0 && c < 0xf5 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 && c < 0xe0 ? 1 : -1;
            if (more < 0)
                return false;
            for (int i = 0; i < more; i++, p++)
                if (((unsigned char)*p & 0xc0) != 0x80)
                    return false;
        }
    }
}

static bool number(void)
{
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if (*p >= '1' && *p <= '9')
        while (*p >= '0' && *p <= '9')
            p++;
    else
        return false;
    if (*p == '.') {
        p++;
        if (!(*p >= '0' && *p <= '9'))
            return false;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!(*p >= '0' && *p <= '9'))
            return false;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    return true;
}

static bool literal(const char *word)
{
    size_t n = strlen(word);
    if (strncmp(p, word, n) != 0)
        return false;
    p += n;
    return true;
}

/* elements between open and close, separated by commas; members when object */
static bool composite(char close, bool object, int depth)
{
    p++;
    ws();
    if (*p == close) {
        p++;
        return true;
    }
    for (;;) {
        ws();
        if (object) {
            if (!string())
                return false;
            ws();
            if (*p++ != ':')
                return false;
            ws();
        }
        if (!value(depth + 1))
            return false;
        ws();
        if (*p == ',') {
            p++;
            continue;
        }
        return *p++ == close;
    }
}

static bool value(int depth)
{
    if (depth > 64)
        return false;
    switch (*p) {
    case '{': return composite('}', true, depth);
    case '[': return composite(']', false, depth);
    case '"': return string();
    case 't': return literal("true");
    case 'f': return literal("false");
    case 'n': return literal("null");
    default: return number();
    }
}

int main(void)
{
    static char line[1 << 20];
    long n = 0;
    while (fgets(line, sizeof line, stdin)) {
        n++;
        size_t len = strlen(line);
        if (len == 0 || line[len - 1] != '\n') {
            printf("json_check: line %ld: too long or unterminated\n", n);
            return 1;
        }
        line[len - 1] = '\0';
        p = line;
        ws();
        bool ok = *p == '{' && value(0);
        ws();
        if (!ok || *p) {
            printf("json_check: line %ld is not one JSON object, at column %ld: %s\n", n,
                   (long)(p - line) + 1, line);
            return 1;
        }
    }
    printf("json_check: %ld lines\n", n);
    return n > 0 ? 0 : 1;
}
