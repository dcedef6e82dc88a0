/* graph_util.h: what the graph readers, generators and cache share (graph.h is
 * their interface). */
#ifndef GSYNC_INPUTS_GRAPH_UTIL_H
#define GSYNC_INPUTS_GRAPH_UTIL_H

#include "inputs/graph.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COUNT 4294967295ull /* vertices and arcs fit in unsigned int */

/* Copies len bytes of s into out as printable ASCII, any other byte as
 * \xNN, cut short with "..." when out is too small. */
static inline const char *esc(const char *s, size_t len, char *out, size_t n)
{
    size_t i, k = 0;
    for (i = 0; i < len && k + 8 < n; ++i) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f)
            out[k++] = (char)c;
        else
            k += (size_t)snprintf(out + k, n - k, "\\x%02x", c);
    }
    if (i < len)
        k += (size_t)snprintf(out + k, n - k, "...");
    out[k] = 0;
    return out;
}

/* A token echoed in a message: escaped and at most about 40 characters. */
static inline const char *quote(const char *s, char buf[48])
{
    return esc(s, strlen(s), buf, 48);
}

/* The finalizer of splitmix64: a bijection that mixes every bit. */
static inline unsigned long long mix64(unsigned long long x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* splitmix64: the next number of the stream whose state is *s. */
static inline unsigned long long next64(unsigned long long *s)
{
    *s += 0x9e3779b97f4a7c15ull;
    return mix64(*s);
}

/* A random number that depends on (seed, a, b) alone. */
static inline unsigned long long hash3(unsigned long long seed, unsigned long long a, unsigned long long b)
{
    return mix64(mix64(seed ^ (a * 0x9e3779b97f4a7c15ull)) ^ (b + 0x632be59bd9b4e019ull));
}

/* malloc for arrays that may be empty: never asks for 0 bytes. */
static inline unsigned int *alloc_words(size_t count)
{
    return malloc((count ? count : 1) * sizeof(unsigned int));
}

static inline int oom(char *err, size_t n, const char *what)
{
    snprintf(err, n, "out of host memory for %s", what);
    return 1;
}

/* 0: s is decimal digits and *v their value; 1: not a number; 2: too large. */
static inline int to_u64(const char *s, unsigned long long *v)
{
    unsigned long long x = 0;
    if (!*s)
        return 1;
    for (; *s; ++s) {
        unsigned int d = (unsigned int)(*s - '0');
        if (d > 9)
            return 1;
        if (x > (ULLONG_MAX - d) / 10)
            return 2;
        x = x * 10 + d;
    }
    *v = x;
    return 0;
}

/* to_u64 with an optional minus sign; |value| <= LLONG_MAX. */
static inline int to_i64(const char *s, long long *v)
{
    unsigned long long x;
    int neg = *s == '-', rc = to_u64(s + neg, &x);
    if (rc)
        return rc;
    if (x > (unsigned long long)LLONG_MAX)
        return 2;
    *v = neg ? -(long long)x : (long long)x;
    return 0;
}

/* row[u] is the end of u's arcs after a fill that advanced it: make it the start again. */
static inline void rows_back(unsigned int *row, unsigned int nv)
{
    for (unsigned int u = nv; u > 0; --u)
        row[u] = row[u - 1];
    row[0] = 0;
}

/* The road-like grid (graph_gen.c) of `nodes` vertices: its columns (a
 * near-square) and its edges. */
static inline unsigned int grid_cols(unsigned int nodes)
{
    unsigned int c = (unsigned int)sqrt((double)nodes);
    while ((unsigned long long)c * c < nodes)
        ++c;
    return c;
}

static inline unsigned long long grid_edges(unsigned int nodes, unsigned int cols)
{
    unsigned long long e = 0;
    for (unsigned int v = 0; v < nodes; v += cols) /* each row of the grid */
        e += (nodes - v < cols ? nodes - v : cols) - 1;
    return e + (nodes > cols ? nodes - cols : 0);
}

#endif
