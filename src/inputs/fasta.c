/* fasta.c: the first record of a FASTA file (sequence.h). */
#include "inputs/sequence.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gs_fasta_read(const char *path, char **seq, unsigned int *len, char *err, size_t n)
{
    FILE *fp = fopen(path, "r");
    char line[4096];
    size_t cap = 1024, used = 0;
    unsigned long lineno = 0;
    int records = 0;
    char *s;
    *seq = NULL, *len = 0;
    if (!fp) {
        snprintf(err, n, "%s: %s", path, strerror(errno));
        return 2;
    }
    if (!(s = malloc(cap))) {
        fclose(fp);
        return 1;
    }
    while (fgets(line, sizeof line, fp)) {
        ++lineno;
        if (line[0] == '>' || line[0] == ';') {
            if (line[0] == '>' && ++records > 1)
                break; /* the first record only */
            continue;
        }
        for (const char *p = line; *p; ++p) {
            if (isspace((unsigned char)*p))
                continue;
            if (!isalpha((unsigned char)*p) && *p != '*' && *p != '-') {
                snprintf(err, n, "%s:%lu: '%c' (byte 0x%02x) is not a sequence letter", path, lineno,
                         isprint((unsigned char)*p) ? *p : '?', (unsigned char)*p);
                free(s);
                fclose(fp);
                return 2;
            }
            if (used + 1 >= cap) {
                char *t = used >= 0x7fffffffu ? NULL : realloc(s, cap *= 2);
                if (!t) {
                    free(s);
                    fclose(fp);
                    return 1;
                }
                s = t;
            }
            s[used++] = (char)toupper((unsigned char)*p);
        }
    }
    fclose(fp);
    if (used == 0) {
        snprintf(err, n, "%s: no sequence letters (%lu lines read)", path, lineno);
        free(s);
        return 2;
    }
    s[used] = 0;
    *seq = s, *len = (unsigned int)used;
    return 0;
}
