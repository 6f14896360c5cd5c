/* kslog_copy IN OUT: reads a .kslog as docs/kslog-format.md lays it out and writes it again
 * through include/killerscope_trace.h, one call per event. tests/c_writer.rs runs it on logs
 * killerscope wrote with every event kind and compares the bytes: the header writes exactly
 * what killerscope writes, and the document says enough to read a log. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "killerscope_trace.h"

static const unsigned char *at, *end;

static void fail(const char *what) {
    fprintf(stderr, "kslog_copy: %s at byte %ld\n", what, (long)(end - at));
    exit(1);
}

static uint64_t get(int bytes) {
    if (end - at < bytes)
        fail("file ends early");
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v |= (uint64_t)at[i] << (8 * i);
    at += bytes;
    return v;
}

static const char *string(void) {
    uint64_t len = get(4);
    if ((uint64_t)(end - at) < len)
        fail("string past the end");
    char *s = (char *)malloc(len + 1);
    memcpy(s, at, len);
    s[len] = 0;
    at += len;
    return s;
}

static ks_setting *settings(size_t *len) {
    *len = (size_t)get(2);
    ks_setting *s = (ks_setting *)calloc(*len + 1, sizeof *s);
    for (size_t i = 0; i < *len; i++) {
        s[i].key = string();
        s[i].value = string();
    }
    return s;
}

static int32_t i32(const unsigned char *r, int k) {
    return (int32_t)((uint32_t)r[k] | (uint32_t)r[k + 1] << 8 | (uint32_t)r[k + 2] << 16 |
                     (uint32_t)r[k + 3] << 24);
}

static uint16_t u16(const unsigned char *r, int k) {
    return (uint16_t)(r[k] | r[k + 1] << 8);
}

/* Replays one record through the header's call for its kind. */
static void copy(ks_trace *t, const unsigned char *r, const uint16_t **pv) {
    uint64_t nodes = 0;
    uint16_t slots[4];
    switch (r[0]) {
    case KS_TAG_NODE_ENTER:
        ks_node_enter(t, r[1], (int8_t)r[2], r[3], u16(r, 4), i32(r, 8), i32(r, 12));
        break;
    case KS_TAG_MOVE_TRIED: ks_move_tried(t, u16(r, 4), r[1], r[2]); break;
    case KS_TAG_CUTOFF: ks_cutoff(t, u16(r, 4), r[1], r[2], i32(r, 8), i32(r, 12)); break;
    case KS_TAG_KILLER_STORE:
        for (int i = 0; i < 4; i++)
            slots[i] = u16(r, 6 + 2 * i);
        ks_killer_store(t, r[1], u16(r, 4), slots, r[2]);
        break;
    case KS_TAG_TT_HIT: ks_tt_hit(t, u16(r, 4), (int8_t)r[1], i32(r, 8), r[2], r[3]); break;
    case KS_TAG_NODE_EXIT: ks_node_exit(t, i32(r, 8), r[1]); break;
    case KS_TAG_ITERATION:
        for (int i = 0; i < 8; i++)
            nodes |= (uint64_t)r[8 + i] << (8 * i);
        ks_iteration(t, r[1], i32(r, 4), nodes, *pv + 1, **pv);
        *pv += 1 + **pv;
        break;
    case KS_TAG_MATE_KILLER_STORE: ks_mate_killer_store(t, r[1], u16(r, 4)); break;
    case KS_TAG_COUNTER_STORE: ks_counter_store(t, u16(r, 2), u16(r, 4)); break;
    case KS_TAG_NULL_MOVE: ks_null_move(t, (int8_t)r[1], r[2], i32(r, 8), r[3]); break;
    case KS_TAG_REDUCTION: ks_reduction(t, u16(r, 4), r[1]); break;
    case KS_TAG_RE_SEARCH: ks_re_search(t, u16(r, 4), r[1]); break;
    case KS_TAG_PRUNED: ks_pruned(t, u16(r, 4), r[1], i32(r, 8)); break;
    case KS_TAG_ASPIRATION: ks_aspiration(t, r[1], i32(r, 4), i32(r, 8), r[2]); break;
    case KS_TAG_ILLEGAL: ks_illegal(t, u16(r, 4)); break;
    case KS_TAG_STATIC_SCORE: ks_static_score(t, r[1], i32(r, 8)); break;
    default: fail("unknown event tag");
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: kslog_copy IN.kslog OUT.kslog\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "rb");
    if (!in)
        fail("cannot open the input");
    static unsigned char data[64 << 20];
    size_t size = fread(data, 1, sizeof data, in);
    fclose(in);
    at = data;
    end = data + size;
    if (size < 12 || memcmp(data, "KSLOG\r\n\x1a", 8))
        fail("not a .kslog");
    at += 8;
    if (get(2) != 3)
        fail("not format version 3");
    get(2); /* flags */
    ks_header h = {0};
    h.fen = string();
    h.engine = string();
    h.filter = string();
    h.ordering = settings(&h.ordering_len);
    h.limits = settings(&h.limits_len);
    h.sources_len = (size_t)get(2);
    ks_source *sources = (ks_source *)calloc(h.sources_len + 1, sizeof *sources);
    for (size_t i = 0; i < h.sources_len; i++) {
        sources[i].code = (uint8_t)get(1);
        sources[i].killer_slot = (uint8_t)get(1);
        sources[i].role = (uint8_t)get(1);
        sources[i].label = string();
        sources[i].name = string();
        sources[i].colour = string();
    }
    h.sources = sources;
    uint64_t count = get(8);
    const unsigned char *events = at;
    if ((uint64_t)(end - at) / 16 < count)
        fail("file ends inside the events");
    at += count * 16;
    uint64_t pvs = get(4), words = 0;
    uint16_t *pv = (uint16_t *)malloc((size_t)(end - at));
    for (uint64_t k = 0; k < pvs; k++) {
        uint16_t len = (uint16_t)get(2);
        pv[words++] = len;
        for (uint16_t i = 0; i < len; i++)
            pv[words++] = (uint16_t)get(2);
    }
    char message[KS_MESSAGE_BYTES];
    ks_trace *t = ks_open(argv[2], &h, message);
    if (!t)
        fail(message);
    const uint16_t *next_pv = pv;
    for (uint64_t i = 0; i < count; i++)
        copy(t, events + 16 * i, &next_pv);
    ks_closed closed;
    if (ks_close(t, &closed))
        fail(closed.message);
    printf("copied %llu events\n", (unsigned long long)closed.events);
    return 0;
}
