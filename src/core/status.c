/*
 * status.c -- what the library says about itself: its version, status codes to messages (one
 * static table), and ojd_error formatting.
 */
#include "core.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *ojd_version(void) { return OJD_VERSION; }

/* Indexed by status - OJD_ERR_VERSION (the most negative code), so both signs share one table. */
static const char *const messages[] = {
    "version mismatch",     /* OJD_ERR_VERSION */
    "usage error",          /* OJD_ERR_USAGE */
    "input/output error",   /* OJD_ERR_IO */
    "out of memory",        /* OJD_ERR_NOMEM */
    "invalid argument",     /* OJD_ERR_INVALID */
    "malformed input",      /* OJD_ERR_PARSE */
    "solved",               /* OJD_OK */
    "no solution",          /* OJD_UNSOLVABLE */
    "several solutions",    /* OJD_MULTIPLE */
    "search limit reached", /* OJD_LIMIT */
    "givens conflict",      /* OJD_CONFLICT */
    "end of input",         /* OJD_END */
};

const char *ojd_strerror(ojd_status status)
{
    int index = (int)status - (int)OJD_ERR_VERSION;
    if (index < 0 || index >= (int)(sizeof messages / sizeof messages[0]))
        return "unknown status";
    return messages[index];
}

void ojd_error_vset(ojd_error *err, ojd_status code, long line, long col, const char *fmt,
                    va_list ap)
{
    if (!err)
        return;
    err->code = code;
    err->line = line;
    err->col = col;
    vsnprintf(err->message, sizeof err->message, fmt, ap);
}

void ojd_error_set(ojd_error *err, ojd_status code, long line, long col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ojd_error_vset(err, code, line, col, fmt, ap);
    va_end(ap);
}

/* ---- kinds of case: the outcome classes by the names setters use --------------------------- */

static const char *const kind_names[OJD_OUTCOME_COUNT_] = {
    [OJD_OUTCOME_SOLVED] = "unique",
    [OJD_OUTCOME_MULTIPLE] = "multiple",
    [OJD_OUTCOME_UNSOLVABLE] = "unsolvable",
    [OJD_OUTCOME_CONFLICT] = "conflict",
};

const char *ojd_kind_name(ojd_outcome kind)
{
    return kind >= 0 && kind < OJD_OUTCOME_COUNT_ ? kind_names[kind] : "?";
}

const char *ojd_kind_list(unsigned kinds, char *buf, size_t size)
{
    size_t n = 0;
    if (size > 0)
        buf[0] = '\0';
    for (int k = 0; k < OJD_OUTCOME_COUNT_; k++)
        if (kinds & OJD_KIND_BIT(k))
            n += (size_t)snprintf(n < size ? buf + n : NULL, n < size ? size - n : 0, "%s%s",
                                  n ? ", " : "", kind_names[k]);
    return buf;
}

bool ojd_kind_find(const char *name, ojd_outcome *out)
{
    for (int k = 0; name && k < OJD_OUTCOME_COUNT_; k++)
        if (strcmp(name, kind_names[k]) == 0) {
            *out = (ojd_outcome)k;
            return true;
        }
    return false;
}
