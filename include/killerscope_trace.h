/*
 * killerscope_trace.h: write killerscope's binary search log (.kslog) straight from a C or
 * C++ chess engine.
 *
 * One header, C99, nothing beyond the C library (and, where there is one, POSIX's ftruncate
 * or Windows' _chsize_s to finish a log on a full disk). It compiles as C++ too. Include it in
 * any number of files: every function is `static inline`, so there is nothing to link. The bytes are the ones
 * killerscope's own recorder writes (format version 3, docs/kslog-format.md): a header with
 * the root FEN, the engine's name, its settings and its table of move-ordering sources, then
 * one 16-byte record per event, then the principal variations and a trailer with a CRC-32.
 *
 *     ks_trace *t = ks_open("search.kslog", &header, message); // NULL: `message` says why
 *     ks_node_enter(t, ply, depth, KS_MAIN, led_by, alpha, beta);
 *     ks_move_tried(t, mv, index, SRC_KILLER1);
 *     ...
 *     ks_node_exit(t, score, KS_EXACT);
 *     ks_iteration(t, depth, score, nodes, pv, pv_len);
 *     ks_close(t, &closed);                              // 0: a valid, finished log
 *
 * Then `killerscope log stats search.kslog`, or `killerscope tui --log search.kslog`.
 *
 * Cost: an event is two 64-bit words put into a buffer of KS_BUFFER_EVENTS records; a full
 * buffer is checksummed (CRC-32, slicing by 8, four quarters at once) and handed to fwrite.
 * No formatting, no allocation while the search runs, 16 bytes and about 7 ns per event (the
 * writes into the page cache come on top). examples/c/README.md measures a whole engine.
 *
 * What the values mean (killerscope reads every move of the log against the header's FEN,
 * replaying the tree, and refuses a log whose moves do not fit):
 *  - moves are 16-bit: bits 0-5 from-square, 6-11 to-square (a1 = 0, b1 = 1, ..., h8 = 63),
 *    12-15 a flag (KS_FLAG_*); 0 is "no move". ks_move() builds one. The flag must be the one
 *    the position gives the move (a pawn's two-square advance is KS_FLAG_DOUBLE_PUSH, castling
 *    is the king's move with KS_FLAG_KING_CASTLE or KS_FLAG_QUEEN_CASTLE, and so on);
 *  - scores are centipawns from the side to move at the node, on killerscope's scale: a mate
 *    p plies from the root is +-(KS_MATE - p), KS_INFINITY is the widest window bound. An
 *    engine with another mate score converts (ks_mate_score() helps);
 *  - source codes are any byte the header's source table names: the table says which code is
 *    the TT move, a capture, killer slot 0, ...: killerscope's killer panel, cut-off tables
 *    and hit rates are built from the roles and killer slots declared there.
 *
 * Recording stops early, the search going on, when the event cap set in the header is reached
 * or a write fails; the log is then finished valid up to the last event kept and marked
 * truncated. A process killed before ks_close (or a crash) leaves a log that still opens: once
 * the first buffer is written the file is marked *unfinished* (flag bit 1), which killerscope
 * reads as a log cut short after the last whole record written, marked truncated, its
 * iterations without PVs. ks_close then writes the count, the PVs, the trailer and the
 * checksum, and clears the bit last. (Killed before its first 65,536 events were written, the
 * file is still the valid, empty, truncated log ks_open wrote.)
 */
#ifndef KILLERSCOPE_TRACE_H
#define KILLERSCOPE_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Cutting a file short, to finish a log after a failed write (where the platform has it). */
#if defined(_WIN32)
#include <io.h>
#define KS__CUT(f, len) (fflush(f) == 0 && _chsize_s(_fileno(f), (long long)(len)) == 0)
#elif (defined(__unix__) || defined(__APPLE__)) && !defined(__STRICT_ANSI__)
#include <unistd.h>
#define KS__CUT(f, len) (fflush(f) == 0 && ftruncate(fileno(f), (off_t)(len)) == 0)
#else
#define KS__CUT(f, len) ((void)(f), (void)(len), 0)
#endif

#if defined(__GNUC__) || defined(__clang__)
/* Kept out of the event functions, which stay a few stores each. */
#define KS__COLD static __attribute__((noinline, cold, unused))
#define KS__UNLIKELY(x) __builtin_expect(!!(x), 0)
#define KS__ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define KS__ALWAYS_INLINE static inline
#define KS__COLD static inline
#define KS__UNLIKELY(x) (x)
#endif

/* ---- The scale, the move encoding and the codes the records carry ---------------------- */

enum {
    KS_FORMAT_VERSION = 3,  /* the .kslog version written */
    KS_MATE = 32000,        /* a mate at ply p scores +-(KS_MATE - p) */
    KS_INFINITY = 32001,    /* the widest window bound */
    KS_MAX_KILLER_SLOTS = 4,/* the most slots a killer_store record carries */
    KS_NOT_A_SLOT = 255,    /* the killer_slot of a source that is not a killer slot */
    KS_BUFFER_EVENTS = 65536,/* records buffered between writes (1 MiB) */
    KS_MESSAGE_BYTES = 160  /* room for an error message */
};

/* The flag in bits 12-15 of a move. */
enum ks_move_flag {
    KS_FLAG_QUIET = 0,
    KS_FLAG_DOUBLE_PUSH = 1,
    KS_FLAG_KING_CASTLE = 2,
    KS_FLAG_QUEEN_CASTLE = 3,
    KS_FLAG_CAPTURE = 4,
    KS_FLAG_EN_PASSANT = 5,
    KS_FLAG_PROMO_KNIGHT = 8, /* + 1 bishop, + 2 rook, + 3 queen */
    KS_FLAG_PROMO_CAPTURE_KNIGHT = 12 /* + 1 bishop, + 2 rook, + 3 queen */
};

/* Which search routine a node belongs to. */
enum ks_node_kind { KS_MAIN = 0, KS_QUIESCENCE = 1 };

/* What a score says about the true value (node exits and TT entries). */
enum ks_bound { KS_EXACT = 0, KS_LOWER = 1 /* failed high */, KS_UPPER = 2 /* failed low */ };

/* What kind of heuristic a source is (the role byte of a source row). */
enum ks_role {
    KS_ROLE_TT = 0,
    KS_ROLE_CAPTURE = 1,
    KS_ROLE_KILLER = 2,
    KS_ROLE_MATE_KILLER = 3,
    KS_ROLE_COUNTERMOVE = 4,
    KS_ROLE_HISTORY = 5,
    KS_ROLE_QUIET = 6,
    KS_ROLE_OTHER = 7
};

/* How a static_score settled its node. */
enum ks_static_kind {
    KS_STAND_PAT = 0,
    KS_PLY_LIMIT = 1,
    KS_CHECKMATE = 2,
    KS_STALEMATE = 3,
    KS_REPETITION = 4,
    KS_FIFTY_MOVES = 5,
    KS_INSUFFICIENT_MATERIAL = 6
};

/* The rule of a pruned record. */
enum ks_prune_rule { KS_FUTILITY = 0, KS_REVERSE_FUTILITY = 1, KS_MATE_DISTANCE = 2 };

/* How a root aspiration window came back. */
enum ks_window_outcome { KS_INSIDE = 0, KS_FAIL_LOW = 1, KS_FAIL_HIGH = 2 };

/* Why a move is searched again. */
enum ks_re_search_reason { KS_RESEARCH_REDUCTION = 0 };

/* The tag in byte 0 of every record. */
enum ks_tag {
    KS_TAG_NODE_ENTER = 1,
    KS_TAG_MOVE_TRIED = 2,
    KS_TAG_CUTOFF = 3,
    KS_TAG_KILLER_STORE = 4,
    KS_TAG_TT_HIT = 5,
    KS_TAG_NODE_EXIT = 6,
    KS_TAG_ITERATION = 7,
    KS_TAG_MATE_KILLER_STORE = 8,
    KS_TAG_COUNTER_STORE = 9,
    KS_TAG_NULL_MOVE = 10,
    KS_TAG_REDUCTION = 11,
    KS_TAG_RE_SEARCH = 12,
    KS_TAG_PRUNED = 13,
    KS_TAG_ASPIRATION = 14,
    KS_TAG_ILLEGAL = 15,
    KS_TAG_STATIC_SCORE = 16
};

/* A move from square `from` to square `to` (a1 = 0 ... h8 = 63) with flag `flag`. */
static inline uint16_t ks_move(int from, int to, int flag) {
    return (uint16_t)((from & 63) | (to & 63) << 6 | (flag & 15) << 12);
}

/* The score of a mate `plies_from_root` plies from the root: positive for the side that
 * mates, as `ks_mate_score(p)` and `-ks_mate_score(p)`. */
static inline int32_t ks_mate_score(int plies_from_root) {
    return KS_MATE - plies_from_root;
}

/* ---- The header ------------------------------------------------------------------------- */

/* One (key, value) setting: "killers" = "2", "depth" = "6". */
typedef struct ks_setting {
    const char *key;
    const char *value;
} ks_setting;

/* One row of the source table: what the code a move_tried or cutoff carries means. */
typedef struct ks_source {
    uint8_t code;        /* the byte the records carry */
    uint8_t killer_slot; /* 0-based killer slot, or KS_NOT_A_SLOT */
    uint8_t role;        /* enum ks_role */
    const char *label;   /* short, for tree markers: "K1", "TT" */
    const char *name;    /* for sentences: "killer 1" */
    const char *colour;  /* "cyan", "red", "yellow", "magenta", "green", "blue" or "plain" */
} ks_source;

/* What was searched and how. NULL strings are written empty. */
typedef struct ks_header {
    const char *fen;            /* the root position: every move is replayed from it */
    const char *engine;         /* name and version */
    const char *filter;         /* a recording filter, if the engine has one: "" */
    const ks_setting *ordering; /* move-ordering (and other) settings */
    size_t ordering_len;
    const ks_setting *limits;   /* "depth" = "6", times in milliseconds */
    size_t limits_len;
    const ks_source *sources;   /* every source code the events use */
    size_t sources_len;
    uint64_t max_events;        /* stop recording after this many events; 0: no cap */
} ks_header;

/* ---- The writer ------------------------------------------------------------------------- */

typedef struct ks_trace {
    unsigned char *buf;         /* KS_BUFFER_EVENTS records */
    size_t used;                /* bytes of buf in use */
    FILE *f;
    uint64_t emitted;           /* events handed over so far, the buffered ones included */
    uint64_t kept;              /* events in the file */
    uint64_t cap;               /* most events to keep (UINT64_MAX: no cap) */
    int stopped;                /* recording stopped: cap reached or a write failed */
    int truncated;
    int error;                  /* a write failed */
    int unfinished;             /* the file's flags say "unfinished" (after the first write) */
    unsigned char *head;        /* magic .. end of header (flags bytes written as truncated) */
    size_t head_len;
    uint32_t events_crc;        /* CRC-32 of the kept events */
    uint64_t file_end;          /* how many bytes the file is known to hold */
    uint16_t *pvs;              /* per iteration: length, then the moves */
    size_t pvs_len, pvs_cap;
    uint64_t *pv_at;            /* per iteration: its event number */
    size_t iterations, pv_at_cap;
    uint32_t crc[8][256];       /* CRC-32 tables, slicing by 8 */
    char message[KS_MESSAGE_BYTES]; /* the last error, for ks_error */
} ks_trace;

#define KS__POLY 0xEDB88320u
#define KS__MAX_STRING (1u << 20)
#define KS__MAX_LIST 1024u

/* The last error of a writer, or "" if none. */
static inline const char *ks_error(const ks_trace *t) {
    return t ? t->message : "no trace";
}

static inline void ks__put_le(unsigned char *p, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static inline void ks__crc_tables(ks_trace *t) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? (c >> 1) ^ KS__POLY : c >> 1;
        t->crc[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; i++)
        for (int k = 1; k < 8; k++)
            t->crc[k][i] = (t->crc[k - 1][i] >> 8) ^ t->crc[0][t->crc[k - 1][i] & 0xff];
}

/* The CRC register `c` (not inverted) after the 8 bytes at `p`: slicing by 8. */
KS__ALWAYS_INLINE uint32_t ks__crc8(const ks_trace *t, uint32_t c, const unsigned char *p) {
    uint32_t a = c ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                      (uint32_t)p[3] << 24);
    uint32_t b = (uint32_t)p[4] | (uint32_t)p[5] << 8 | (uint32_t)p[6] << 16 | (uint32_t)p[7] << 24;
    return t->crc[7][a & 0xff] ^ t->crc[6][(a >> 8) & 0xff] ^ t->crc[5][(a >> 16) & 0xff] ^
           t->crc[4][a >> 24] ^ t->crc[3][b & 0xff] ^ t->crc[2][(b >> 8) & 0xff] ^
           t->crc[1][(b >> 16) & 0xff] ^ t->crc[0][b >> 24];
}

/* CRC-32 (IEEE, as zlib's crc32) of `n` bytes continued from `crc` (0 to start). */
static inline uint32_t ks__crc(const ks_trace *t, uint32_t crc, const unsigned char *p, size_t n) {
    uint32_t c = ~crc;
    for (; n >= 8; p += 8, n -= 8)
        c = ks__crc8(t, c, p);
    while (n--)
        c = (c >> 8) ^ t->crc[0][(c ^ *p++) & 0xff];
    return ~c;
}

/* a * b modulo the CRC polynomial, bit-reflected (bit 31 is x^0). */
static inline uint32_t ks__gf2_mul(uint32_t a, uint32_t b) {
    uint32_t p = 0;
    for (uint32_t m = 1u << 31; m; m >>= 1) {
        if (a & m)
            p ^= b;
        b = b & 1 ? (b >> 1) ^ KS__POLY : b >> 1;
    }
    return p;
}

/* The CRC-32 of A followed by B, from crc(A), crc(B) and B's length: the head (whose flags
 * and count are known only at the end) is checksummed after the events. */
static inline uint32_t ks__crc_combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b) {
    uint32_t power = 1u << 31, x = 1u << 30; /* x^0, x^1 */
    for (uint64_t e = len_b * 8; e; e >>= 1) {
        if (e & 1)
            power = ks__gf2_mul(power, x);
        x = ks__gf2_mul(x, x);
    }
    return ks__gf2_mul(power, crc_a) ^ crc_b;
}

/* ks__crc of a large buffer, computed as four quarters side by side (four independent
 * chains keep the processor's loads busy: about twice as fast) and combined. */
static inline uint32_t ks__crc_wide(const ks_trace *t, uint32_t crc, const unsigned char *p,
                                    size_t n) {
    size_t q = (n / 4) & ~(size_t)7;
    if (q < 1024)
        return ks__crc(t, crc, p, n);
    uint32_t c0 = ~crc, c1 = ~0u, c2 = ~0u, c3 = ~0u;
    for (size_t i = 0; i < q; i += 8) {
        c0 = ks__crc8(t, c0, p + i);
        c1 = ks__crc8(t, c1, p + q + i);
        c2 = ks__crc8(t, c2, p + 2 * q + i);
        c3 = ks__crc8(t, c3, p + 3 * q + i);
    }
    uint32_t last = ks__crc(t, ~c3, p + 4 * q, n - 4 * q);
    uint32_t sum = ks__crc_combine(~c0, ~c1, q);
    sum = ks__crc_combine(sum, ~c2, q);
    return ks__crc_combine(sum, last, n - 3 * q);
}

static inline int ks__fail(ks_trace *t, const char *what) {
    snprintf(t->message, sizeof t->message, "%s", what);
    return -1;
}

/* Appends `n` bytes to a growing byte array (the encoded header). */
static inline int ks__bytes(unsigned char **out, size_t *len, size_t *cap, const void *p,
                            size_t n) {
    if (*len + n > *cap) {
        size_t want = (*cap ? *cap : 256);
        while (want < *len + n)
            want *= 2;
        unsigned char *grown = (unsigned char *)realloc(*out, want);
        if (!grown)
            return -1;
        *out = grown;
        *cap = want;
    }
    memcpy(*out + *len, p, n);
    *len += n;
    return 0;
}

static inline int ks__uint(unsigned char **o, size_t *l, size_t *c, uint64_t v, int bytes) {
    unsigned char b[8];
    ks__put_le(b, v, bytes);
    return ks__bytes(o, l, c, b, (size_t)bytes);
}

static inline int ks__string(unsigned char **o, size_t *l, size_t *c, const char *s) {
    size_t n = s ? strlen(s) : 0;
    if (n > KS__MAX_STRING)
        return -2;
    if (ks__uint(o, l, c, n, 4) || ks__bytes(o, l, c, s ? s : "", n))
        return -1;
    return 0;
}

static inline int ks__settings(unsigned char **o, size_t *l, size_t *c, const ks_setting *s,
                               size_t n) {
    if (n > KS__MAX_LIST || (n && !s))
        return -2;
    if (ks__uint(o, l, c, n, 2))
        return -1;
    for (size_t i = 0; i < n; i++) {
        int e = ks__string(o, l, c, s[i].key);
        if (e || (e = ks__string(o, l, c, s[i].value)))
            return e;
    }
    return 0;
}

/* The file's first bytes: magic, version, flags (truncated until finished), the header and
 * an event count of 0. */
static inline int ks__encode_head(ks_trace *t, const ks_header *h) {
    unsigned char *o = NULL;
    size_t l = 0, c = 0;
    int e = ks__bytes(&o, &l, &c, "KSLOG\r\n\x1a", 8);
    e = e ? e : ks__uint(&o, &l, &c, KS_FORMAT_VERSION, 2);
    e = e ? e : ks__uint(&o, &l, &c, 1, 2);
    e = e ? e : ks__string(&o, &l, &c, h->fen);
    e = e ? e : ks__string(&o, &l, &c, h->engine);
    e = e ? e : ks__string(&o, &l, &c, h->filter);
    e = e ? e : ks__settings(&o, &l, &c, h->ordering, h->ordering_len);
    e = e ? e : ks__settings(&o, &l, &c, h->limits, h->limits_len);
    if (!e && (h->sources_len > KS__MAX_LIST || (h->sources_len && !h->sources)))
        e = -2;
    e = e ? e : ks__uint(&o, &l, &c, h->sources_len, 2);
    for (size_t i = 0; !e && i < h->sources_len; i++) {
        const ks_source *s = &h->sources[i];
        unsigned char row[3] = {s->code, s->killer_slot, s->role};
        if (s->role > KS_ROLE_OTHER)
            e = -3;
        e = e ? e : ks__bytes(&o, &l, &c, row, 3);
        e = e ? e : ks__string(&o, &l, &c, s->label);
        e = e ? e : ks__string(&o, &l, &c, s->name);
        e = e ? e : ks__string(&o, &l, &c, s->colour ? s->colour : "plain");
    }
    e = e ? e : ks__uint(&o, &l, &c, 0, 8);
    if (e) {
        free(o);
        return ks__fail(t, e == -2   ? "header: a string over 1 MiB or a list over 1024 items"
                           : e == -3 ? "header: a source role above 7 (KS_ROLE_OTHER)"
                                     : "out of memory");
    }
    t->head = o;
    t->head_len = l;
    return 0;
}

/* The tail of a log of `events` events: PV count, the PVs of the iterations among them, the
 * trailer marker and the count again (the checksum is added by the caller). Returns its
 * length, or 0 when out of memory. */
static inline size_t ks__encode_tail(const ks_trace *t, uint64_t events, unsigned char **out) {
    size_t pvs = 0, words = 0;
    while (pvs < t->iterations && t->pv_at[pvs] < events) {
        words += 1 + (size_t)t->pvs[words];
        pvs++;
    }
    size_t len = 4 + 2 * words + 4 + 8;
    unsigned char *p = (unsigned char *)malloc(len + 4);
    if (!p)
        return 0;
    ks__put_le(p, pvs, 4);
    for (size_t i = 0; i < words; i++)
        ks__put_le(p + 4 + 2 * i, t->pvs[i], 2);
    memcpy(p + 4 + 2 * words, "KEND", 4);
    ks__put_le(p + 8 + 2 * words, events, 8);
    *out = p;
    return len;
}

static inline void ks__free(ks_trace *t) {
    free(t->buf);
    free(t->head);
    free(t->pvs);
    free(t->pv_at);
    free(t);
}

/* The array `p` of `*cap` items of `size` bytes, grown to hold `need`; NULL (and `p` left
 * as it was) when out of memory. */
static inline void *ks__grow(void *p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap)
        return p;
    size_t want = *cap ? *cap : 64;
    while (want < need)
        want *= 2;
    void *grown = realloc(p, want * size);
    if (grown)
        *cap = want;
    return grown;
}

/* Sets the flags to truncated + unfinished, the count left 0: from now on the file reads as
 * every whole record written so far, for a reader opening it while the search runs or after
 * the process was killed. The file was created anew, so nothing stale follows the records. */
static inline int ks__mark_unfinished(ks_trace *t) {
    static const unsigned char flags[2] = {3, 0};
    long back = (long)(t->head_len + t->kept * 16);
    if (fseek(t->f, 10, SEEK_SET) != 0 || fwrite(flags, 1, 2, t->f) != 2 ||
        fseek(t->f, back, SEEK_SET) != 0)
        return -1;
    t->unfinished = 1;
    return 0;
}

/* Writes `n` bytes; on a failure the whole records accepted are kept and recording stops. */
static inline void ks__write_events(ks_trace *t, const unsigned char *p, size_t n) {
    size_t done = fwrite(p, 1, n, t->f);
    uint64_t reached = t->head_len + t->kept * 16 + done;
    t->file_end = reached > t->file_end ? reached : t->file_end;
    size_t whole = done - done % 16;
    t->events_crc = ks__crc_wide(t, t->events_crc, p, whole);
    t->kept += whole / 16;
    if (done == n && !t->unfinished && ks__mark_unfinished(t) != 0)
        done = 0; /* stop as after a failed write: the file is finished at close */
    if (done < n) {
        t->error = t->stopped = t->truncated = 1;
        ks__fail(t, "a write failed: recording stopped, the log is cut there (truncated)");
    }
}

/* Writes the full buffer (or what the cap leaves of it) and empties it. */
KS__COLD void ks__flush(ks_trace *t) {
    if (!t->stopped && t->used) {
        uint64_t room = t->cap - t->kept, n = t->used / 16;
        if (n >= room) {
            n = room;
            t->stopped = t->truncated = 1;
        }
        ks__write_events(t, t->buf, (size_t)n * 16);
    }
    t->emitted += t->used / 16;
    t->used = 0;
}

/* Writes the empty log's bytes (head, no events, tail) and places the file at the events. */
static inline int ks__start_file(ks_trace *t) {
    unsigned char *tail = NULL;
    size_t tail_len = ks__encode_tail(t, 0, &tail);
    if (!tail_len)
        return ks__fail(t, "out of memory");
    uint32_t crc = ks__crc(t, ks__crc(t, 0, t->head, t->head_len), tail, tail_len);
    ks__put_le(tail + tail_len, crc, 4);
    int ok = fwrite(t->head, 1, t->head_len, t->f) == t->head_len &&
             fwrite(tail, 1, tail_len + 4, t->f) == tail_len + 4 &&
             fseek(t->f, (long)t->head_len, SEEK_SET) == 0;
    free(tail);
    t->file_end = t->head_len + tail_len + 4;
    return ok ? 0 : ks__fail(t, "cannot write the log file");
}

/* Creates (or replaces) the log at `path` and writes its header; NULL on failure, with the
 * reason in `message` (KS_MESSAGE_BYTES) when it is not NULL. Until the first events are
 * written over its tail, the file is a valid, empty log marked truncated. */
static inline ks_trace *ks_open(const char *path, const ks_header *h, char *message) {
    ks_trace *t = (ks_trace *)calloc(1, sizeof *t);
    int ok = t && (t->buf = (unsigned char *)malloc((size_t)KS_BUFFER_EVENTS * 16)) != NULL;
    if (!ok && t)
        ks__fail(t, "out of memory");
    if (ok) {
        ks__crc_tables(t);
        t->cap = h->max_events ? h->max_events : UINT64_MAX;
        ok = ks__encode_head(t, h) == 0;
    }
    if (ok && !(t->f = fopen(path, "wb+"))) /* read back only after a failed write */
        ok = ks__fail(t, "cannot create the log file") == 0;
    if (ok) {
        setvbuf(t->f, NULL, _IONBF, 0); /* the records are buffered here already */
        ok = ks__start_file(t) == 0;
    }
    if (ok)
        return t;
    if (message)
        snprintf(message, KS_MESSAGE_BYTES, "%s", t ? t->message : "out of memory");
    if (t) {
        if (t->f)
            fclose(t->f);
        ks__free(t);
    }
    return NULL;
}

/* `v` as 8 little-endian bytes at `p`: written out byte by byte, which compilers turn into
 * one 64-bit store on a little-endian machine (a loop would stay a loop at -O2). */
static inline void ks__put64(unsigned char *p, uint64_t v) {
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
    p[4] = (unsigned char)(v >> 32);
    p[5] = (unsigned char)(v >> 40);
    p[6] = (unsigned char)(v >> 48);
    p[7] = (unsigned char)(v >> 56);
}

/* One record, as its two little-endian 64-bit halves (byte k of a half is bits 8k..8k+7). */
static inline void ks__record(ks_trace *t, uint64_t lo, uint64_t hi) {
    unsigned char *p = t->buf + t->used;
    ks__put64(p, lo);
    ks__put64(p + 8, hi);
    t->used += 16;
    if (KS__UNLIKELY(t->used == (size_t)KS_BUFFER_EVENTS * 16))
        ks__flush(t);
}

/* A count (ply, index, depth, plies) capped to a byte, as killerscope's writers cap it. */
static inline int ks__u8(int v) {
    return v < 0 ? 0 : v > 255 ? 255 : v;
}

/* A remaining depth clamped to a signed byte. */
static inline int ks__i8(int v) {
    return v < -128 ? -128 : v > 127 ? 127 : v;
}

#define KS__B(v, at) ((uint64_t)(uint8_t)(v) << (8 * (at)))
#define KS__W(v, at) ((uint64_t)(uint16_t)(v) << (8 * (at)))
#define KS__I(v, at) ((uint64_t)(uint32_t)(int32_t)(v) << (8 * (at)))

/* ---- Events: call them where the search does the thing ---------------------------------- */

/* A node was entered (every call of the main search and of quiescence is one node): its
 * distance from the root, remaining depth (after any extension; 0 or below in quiescence),
 * the move that led to it (0 at the root, 0 below it for a null move), its window. */
static inline void ks_node_enter(ks_trace *t, int ply, int depth, int kind, uint16_t led_by,
                                 int32_t alpha, int32_t beta) {
    ks__record(t,
               KS_TAG_NODE_ENTER | KS__B(ks__u8(ply), 1) | KS__B((int8_t)ks__i8(depth), 2) |
                   KS__B(kind, 3) | KS__W(led_by, 4),
               KS__I(alpha, 0) | KS__I(beta, 4));
}

/* The innermost node returned `score`; `bound` says what the score is. */
static inline void ks_node_exit(ks_trace *t, int32_t score, int bound) {
    ks__record(t, KS_TAG_NODE_EXIT | KS__B(bound, 1), KS__I(score, 0));
}

/* The node is about to search `mv`, the `index`-th (0-based) of its ordered list, placed
 * there by `source`. */
static inline void ks_move_tried(ks_trace *t, uint16_t mv, int index, int source) {
    ks__record(t, KS_TAG_MOVE_TRIED | KS__B(ks__u8(index), 1) | KS__B(source, 2) |
                      KS__W(mv, 4),
               0);
}

/* `mv` failed high: `score` >= `beta`. */
static inline void ks_cutoff(ks_trace *t, uint16_t mv, int index, int source, int32_t score,
                             int32_t beta) {
    ks__record(t, KS_TAG_CUTOFF | KS__B(ks__u8(index), 1) | KS__B(source, 2) |
                      KS__W(mv, 4),
               KS__I(score, 0) | KS__I(beta, 4));
}

/* `mv` was stored as a killer in row `ply`; `slots` is the whole row after the store, slot 0
 * first (`slots_len` of them, at most KS_MAX_KILLER_SLOTS; 0 for an empty slot). */
static inline void ks_killer_store(ks_trace *t, int ply, uint16_t mv, const uint16_t *slots,
                                   int slots_len) {
    uint16_t s[KS_MAX_KILLER_SLOTS] = {0, 0, 0, 0};
    int n = slots_len < 0 ? 0 : slots_len > KS_MAX_KILLER_SLOTS ? KS_MAX_KILLER_SLOTS : slots_len;
    for (int i = 0; i < n; i++)
        s[i] = slots[i];
    ks__record(t, KS_TAG_KILLER_STORE | KS__B(ks__u8(ply), 1) | KS__B(n, 2) | KS__W(mv, 4) |
                      KS__W(s[0], 6),
               KS__W(s[1], 0) | KS__W(s[2], 2) | KS__W(s[3], 4));
}

/* The transposition table had an entry for the node: its move (0: none), depth, score (as
 * the node uses it: mates relative to the root), bound, and whether it ended the node. */
static inline void ks_tt_hit(ks_trace *t, uint16_t mv, int depth, int32_t score, int bound,
                             int cutoff) {
    ks__record(t, KS_TAG_TT_HIT | KS__B((int8_t)ks__i8(depth), 1) | KS__B(bound, 2) |
                      KS__B(cutoff ? 1 : 0, 3) | KS__W(mv, 4),
               KS__I(score, 0));
}

/* The node's score was settled without a move (enum ks_static_kind), just before its exit. */
static inline void ks_static_score(ks_trace *t, int kind, int32_t score) {
    ks__record(t, KS_TAG_STATIC_SCORE | KS__B(kind, 1), KS__I(score, 0));
}

/* Iterative deepening finished `depth` (after the exit of its root node): the root score,
 * the nodes searched so far, and the principal variation (legal from the root). */
static inline void ks_iteration(ks_trace *t, int depth, int32_t score, uint64_t nodes,
                                const uint16_t *pv, size_t pv_len) {
    uint64_t at = t->emitted + t->used / 16;
    if (pv_len > 65535)
        pv_len = 65535;
    if (!t->stopped) {
        uint64_t *at_grown = (uint64_t *)ks__grow(t->pv_at, &t->pv_at_cap, t->iterations + 1,
                                                  sizeof *t->pv_at);
        if (at_grown)
            t->pv_at = at_grown;
        uint16_t *pvs_grown = at_grown ? (uint16_t *)ks__grow(t->pvs, &t->pvs_cap,
                                                              t->pvs_len + 1 + pv_len,
                                                              sizeof *t->pvs)
                                       : NULL;
        if (pvs_grown) {
            t->pvs = pvs_grown;
            t->pvs[t->pvs_len++] = (uint16_t)pv_len;
            for (size_t i = 0; i < pv_len; i++)
                t->pvs[t->pvs_len++] = pv[i];
            t->pv_at[t->iterations++] = at;
        } else {
            /* No room for the PV: recording stops before this iteration (the events not yet
             * written are dropped), so every iteration kept has its PV. */
            t->stopped = t->truncated = 1;
            ks__fail(t, "out of memory for a PV: recording stopped (truncated)");
        }
    }
    ks__record(t, KS_TAG_ITERATION | KS__B(ks__u8(depth), 1) | KS__I(score, 4),
               nodes);
}

/* `mv` found a mate and became the mate killer of row `ply`. */
static inline void ks_mate_killer_store(ks_trace *t, int ply, uint16_t mv) {
    ks__record(t, KS_TAG_MATE_KILLER_STORE | KS__B(ks__u8(ply), 1) | KS__W(mv, 4), 0);
}

/* `mv` became the countermove of the opponent move keyed `key` = piece * 64 + to-square
 * (piece 0-5 white P N B R Q K, 6-11 black; below 768). */
static inline void ks_counter_store(ks_trace *t, int key, uint16_t mv) {
    ks__record(t, KS_TAG_COUNTER_STORE | KS__W(key, 2) | KS__W(mv, 4), 0);
}

/* The node searched a null move to `depth`, `reduction` plies shallower; its node (entered
 * with move 0, one ply down) precedes this record; `score` from the node's side. */
static inline void ks_null_move(ks_trace *t, int depth, int reduction, int32_t score, int cutoff) {
    ks__record(t, KS_TAG_NULL_MOVE | KS__B((int8_t)ks__i8(depth), 1) |
                      KS__B(ks__u8(reduction), 2) |
                      KS__B(cutoff ? 1 : 0, 3),
               KS__I(score, 0));
}

/* The next search of `mv` (just tried) is `by` plies shallower (a late move reduction). */
static inline void ks_reduction(ks_trace *t, uint16_t mv, int by) {
    ks__record(t, KS_TAG_REDUCTION | KS__B(ks__u8(by), 1) | KS__W(mv, 4), 0);
}

/* `mv` is searched again at full depth: its reduced search failed high. */
static inline void ks_re_search(ks_trace *t, uint16_t mv, int reason) {
    ks__record(t, KS_TAG_RE_SEARCH | KS__B(reason, 1) | KS__W(mv, 4), 0);
}

/* `mv` (0: the whole node) was pruned by `rule` without a search; `score` is the estimate
 * the rule judged. */
static inline void ks_pruned(ks_trace *t, uint16_t mv, int rule, int32_t score) {
    ks__record(t, KS_TAG_PRUNED | KS__B(rule, 1) | KS__W(mv, 4), KS__I(score, 0));
}

/* A root aspiration window (alpha, beta) of iteration `depth` came back `outcome`; after the
 * root node it judged. */
static inline void ks_aspiration(ks_trace *t, int depth, int32_t alpha, int32_t beta,
                                 int outcome) {
    ks__record(t, KS_TAG_ASPIRATION | KS__B(ks__u8(depth), 1) | KS__B(outcome, 2) |
                      KS__I(alpha, 4),
               KS__I(beta, 0));
}

/* The next try, `mv`, leaves the mover's king attacked (a pseudo-legal engine's move); 0: the
 * null-move node that follows is made in check. Before the move_tried it announces. */
static inline void ks_illegal(ks_trace *t, uint16_t mv) {
    ks__record(t, KS_TAG_ILLEGAL | KS__W(mv, 4), 0);
}

/* Events handed to the writer so far (recorded or not). */
static inline uint64_t ks_events(const ks_trace *t) {
    return t->emitted + t->used / 16;
}

/* Finishes the file as a log of its first `events` events, whose CRC-32 is `events_crc`: the
 * count patched, the tail written right after the events, the file cut there when `cut`, and
 * the flags written last. While the flags say "unfinished", each step leaves a file that
 * reads: the count never names more events than the file holds. */
static inline int ks__finish(ks_trace *t, uint64_t events, uint32_t events_crc, int cut) {
    unsigned char *tail = NULL;
    size_t tail_len = ks__encode_tail(t, events, &tail);
    if (!tail_len)
        return -1;
    ks__put_le(t->head + 10, t->truncated ? 1 : 0, 2);
    ks__put_le(t->head + t->head_len - 8, events, 8);
    uint32_t crc = ks__crc(t, 0, t->head, t->head_len);
    crc = ks__crc_combine(crc, events_crc, events * 16);
    crc = ks__crc(t, crc, tail, tail_len);
    ks__put_le(tail + tail_len, crc, 4);
    uint64_t at = t->head_len + events * 16;
    int ok = fseek(t->f, (long)t->head_len - 8, SEEK_SET) == 0 &&
             fwrite(t->head + t->head_len - 8, 1, 8, t->f) == 8;
    size_t done = ok && fseek(t->f, (long)at, SEEK_SET) == 0 ? fwrite(tail, 1, tail_len + 4, t->f)
                                                             : 0;
    t->file_end = at + done > t->file_end ? at + done : t->file_end;
    ok = ok && done == tail_len + 4 && (!cut || KS__CUT(t->f, at + tail_len + 4)) &&
         fseek(t->f, 10, SEEK_SET) == 0 && fwrite(t->head + 10, 1, 2, t->f) == 2;
    free(tail);
    return ok ? 0 : -1;
}

/* After a failed write: the log is finished with the most events whose tail fits in the bytes
 * the file already holds (the disk may be full), their CRC-32 read back from the file, and the
 * file cut after it. */
static inline int ks__roll_back(ks_trace *t) {
    uint64_t k = t->kept;
    unsigned char *tail = NULL;
    size_t tail_len = 0;
    while (k > 0) {
        tail_len = ks__encode_tail(t, k, &tail);
        free(tail);
        if (!tail_len || t->head_len + 16 * k + tail_len + 4 <= t->file_end)
            break;
        k--;
    }
    uint32_t crc = 0;
    int ok = tail_len != 0 || k == 0;
    ok = ok && fseek(t->f, (long)t->head_len, SEEK_SET) == 0;
    for (uint64_t left = k * 16; ok && left > 0;) {
        size_t n = left < (uint64_t)KS_BUFFER_EVENTS * 16 ? (size_t)left : KS_BUFFER_EVENTS * 16;
        ok = fread(t->buf, 1, n, t->f) == n;
        crc = ok ? ks__crc_wide(t, crc, t->buf, n) : crc;
        left -= n;
    }
    t->truncated = 1;
    if (!ok || ks__finish(t, k, crc, 1))
        return -1;
    t->kept = k;
    return 0;
}

/* What ks_close left. */
typedef struct ks_closed {
    uint64_t events;       /* events in the file */
    int truncated;         /* recording stopped early: the cap, a failed write, no memory */
    char message[KS_MESSAGE_BYTES]; /* why the file is not a valid log, or why it is cut */
} ks_closed;

/* Finishes the log: the last events, the PVs, the trailer and the CRC-32, then the flags and
 * the event count at the front. After a failed write the tail goes where the file has room,
 * over the last events if need be. Frees the writer. Returns 0 when the file is a valid log
 * (marked truncated when recording stopped early), -1 when it is not; `out`, when not NULL,
 * says what was written. */
static inline int ks_close(ks_trace *t, ks_closed *out) {
    if (!t)
        return -1;
    ks__flush(t);
    int ok = ks__finish(t, t->kept, t->events_crc, 0) == 0;
    if (!ok && (t->error || ferror(t->f))) {
        clearerr(t->f);
        ok = ks__roll_back(t) == 0;
    }
    if (fclose(t->f) != 0)
        ok = 0;
    if (!ok)
        ks__fail(t, "cannot finish the log (a full disk?): the file is not a valid .kslog");
    else if (t->error)
        ks__fail(t, "a write failed: the log is cut short there, marked truncated");
    if (out) {
        out->events = t->kept;
        out->truncated = t->truncated;
        snprintf(out->message, sizeof out->message, "%s", t->message);
    }
    ks__free(t);
    return ok ? 0 : -1;
}

#undef KS__B
#undef KS__W
#undef KS__I

#endif /* KILLERSCOPE_TRACE_H */
