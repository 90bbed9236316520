/*
 * What Windows' C library (MinGW, which Polygon compiles with) lacks of the POSIX the
 * amalgamation uses: open_memstream (the checker renders the expected output into a memory
 * stream) and strerror_r.  Compiled only there, or where OJD_PORTABLE_STDIO is defined (the
 * tests build it so on Linux and run the validators).  The stream is a temporary file that
 * fflush copies into the caller's buffer, as open_memstream's fflush updates *buf and *len;
 * the emitted programs are single-threaded, so strerror serves for strerror_r.
 */
#if defined(_WIN32) || defined(OJD_PORTABLE_STDIO)
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#if defined(_WIN32) && !defined(__USE_MINGW_ANSI_STDIO)
#define __USE_MINGW_ANSI_STDIO 1 /* MinGW's own printf, which knows %zu (msvcrt's does not) */
#endif
#if defined(__MINGW32__) && defined(__GNUC__)
/* gcc checks format(printf) as msvcrt's printf there, though the calls reach MinGW's */
#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The stream emulation is for a program that opens a memory stream (a checker); `ojdoku
 * package` cuts this block from the others (package_trim.c's `#NAME`, cmd_package.c). */
#define OJD_PORTABLE_MEMSTREAM 1
#if OJD_PORTABLE_MEMSTREAM
/* The memory streams open: the FILE, the caller's buffer and size, the file's name when it is
 * not tmpfile()'s (removed at fclose: Windows removes no open file). */
static struct ojd_memstream {
    FILE *file;
    char **buf;
    size_t *len;
    char name[FILENAME_MAX];
} ojd_memstreams[4];

static FILE *ojd_open_memstream(char **buf, size_t *len)
{
    for (int i = 0; i < 4; i++) {
        struct ojd_memstream *m = &ojd_memstreams[i];
        if (m->file)
            continue;
        m->name[0] = '\0';
        m->file = tmpfile(); /* Windows' makes it in the drive's root, often not writable */
        if (!m->file) {
            const char *dir = getenv("TEMP") ? getenv("TEMP") : getenv("TMP");
            snprintf(m->name, sizeof m->name, "%s%sojdoku-%d-%p.tmp", dir ? dir : ".", "/", i,
                     (void *)m);
            m->file = fopen(m->name, "w+b");
        }
        if (!m->file)
            return NULL;
        m->buf = buf;
        m->len = len;
        *buf = NULL;
        *len = 0;
        return m->file;
    }
    errno = EMFILE;
    return NULL;
}

/* open_memstream's fflush: the bytes up to the position into *buf, NUL-terminated. */
static int ojd_memstream_fflush(FILE *file)
{
    if (fflush(file) != 0 || !file)
        return file ? EOF : 0;
    for (int i = 0; i < 4; i++) {
        struct ojd_memstream *m = &ojd_memstreams[i];
        if (m->file != file)
            continue;
        long end = ftell(file);
        char *grown = end >= 0 ? realloc(*m->buf, (size_t)end + 1) : NULL;
        if (!grown || fseek(file, 0, SEEK_SET) != 0)
            return EOF;
        *m->buf = grown;
        size_t got = fread(grown, 1, (size_t)end, file);
        grown[got] = '\0';
        *m->len = got;
        if (got != (size_t)end || fseek(file, end, SEEK_SET) != 0)
            return EOF;
    }
    return 0;
}

static int ojd_memstream_fclose(FILE *file)
{
    for (int i = 0; i < 4; i++) {
        struct ojd_memstream *m = &ojd_memstreams[i];
        if (m->file != file)
            continue;
        int flushed = ojd_memstream_fflush(file);
        int closed = fclose(file);
        m->file = NULL;
        if (m->name[0])
            remove(m->name);
        return flushed != 0 ? EOF : closed;
    }
    return fclose(file);
}

#define open_memstream(buf, len) ojd_open_memstream(buf, len)
#define fflush(file) ojd_memstream_fflush(file)
#define fclose(file) ojd_memstream_fclose(file)
#endif

static int ojd_strerror_r(int error_number, char *buf, size_t size)
{
    snprintf(buf, size, "%s", strerror(error_number));
    return 0;
}

#define strerror_r(error_number, buf, size) ojd_strerror_r(error_number, buf, size)
#endif
