/*
 * replay.c -- a plain main() for the fuzz targets: runs LLVMFuzzerTestOneInput over every file
 * named on the command line, or every regular file of every directory named, so that a gcc
 * (or any compiler without libFuzzer) build under ASan + UBSan replays the committed corpus.
 * Exit 0 when every input ran; a broken invariant or a sanitizer report aborts the process.
 */
#include "fuzz_common.h"

#include <dirent.h>
#include <string.h>
#include <sys/stat.h>

static unsigned long replayed;

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            uint8_t *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    int failed = ferror(f) || !buf;
    fclose(f);
    if (failed) {
        fprintf(stderr, "%s: cannot read\n", path);
        free(buf);
        return 1;
    }
    /* an exact-size copy, so that ASan sees any read past the input's end */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact) {
        free(buf);
        return 1;
    }
    memcpy(exact, buf, len);
    free(buf);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    replayed++;
    return 0;
}

static int replay_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return replay_file(path);
    DIR *dir = opendir(path);
    if (!dir) {
        perror(path);
        return 1;
    }
    int failures = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.')
            continue;
        size_t n = strlen(path) + strlen(entry->d_name) + 2;
        char *child = malloc(n);
        if (!child) {
            failures++;
            break;
        }
        snprintf(child, n, "%s/%s", path, entry->d_name);
        if (stat(child, &st) == 0 && S_ISREG(st.st_mode))
            failures += replay_file(child);
        free(child);
    }
    closedir(dir);
    return failures;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s CORPUS_DIR_OR_FILE...\n", argv[0]);
        return 2;
    }
    int failures = 0;
    for (int i = 1; i < argc; i++)
        failures += replay_path(argv[i]);
    printf("%s: replayed %lu inputs, %d unreadable\n", argv[0], replayed, failures);
    return failures ? 1 : 0;
}
