/* ksc: a small chess engine that shows what include/killerscope_trace.h costs and records.
 *
 *   cc -O2 -Wall -Iinclude examples/c/main.c examples/c/search.c examples/c/board.c -o ksc
 *   ./ksc --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" \
 *         --depth 5 --trace kiwipete.kslog
 *   killerscope log stats kiwipete.kslog
 *
 * Options: --fen FEN (default: the start position), --depth N (default 5), --trace FILE
 * (record the search), --trace-cap EVENTS (stop recording after so many), --no-tt (order
 * without the transposition table), --perft N (count the legal move tree instead). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "search.h"

static const char *START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

typedef struct Options {
    const char *fen, *trace;
    int depth, use_tt, perft;
    unsigned long long cap;
} Options;

static int usage(const char *why) {
    fprintf(stderr,
            "ksc: %s\nusage: ksc [--fen FEN] [--depth N] [--trace FILE] [--trace-cap EVENTS] "
            "[--no-tt] [--perft N]\n",
            why);
    return 2;
}

/* A whole-number argument in [min, max], or -1. */
static long long number(const char *text, long long min, long long max) {
    char *end;
    long long n = strtoll(text, &end, 10);
    return *text && !*end && n >= min && n <= max ? n : -1;
}

static int parse(int argc, char **argv, Options *o) {
    *o = (Options){START, NULL, 5, 1, 0, 0};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(arg, "--no-tt")) {
            o->use_tt = 0;
            continue;
        }
        if (!value)
            return usage(strncmp(arg, "--", 2) ? "unknown argument" : "an option needs a value");
        long long n = 0;
        if (!strcmp(arg, "--fen"))
            o->fen = value;
        else if (!strcmp(arg, "--trace"))
            o->trace = value;
        else if (!strcmp(arg, "--depth") && (n = number(value, 1, MAX_PLY / 2)) > 0)
            o->depth = (int)n;
        else if (!strcmp(arg, "--perft") && (n = number(value, 1, 12)) > 0)
            o->perft = (int)n;
        else if (!strcmp(arg, "--trace-cap") && (n = number(value, 1, (long long)1 << 62)) > 0)
            o->cap = (unsigned long long)n;
        else
            return usage(n < 0 ? "a number out of range" : "unknown option");
        i++;
    }
    return 0;
}

/* Opens the trace: the header says what is searched, how, and what each source code means. */
static ks_trace *open_trace(const Options *o) {
    char depth[16], message[KS_MESSAGE_BYTES];
    snprintf(depth, sizeof depth, "%d", o->depth);
    const ks_setting ordering[] = {
        {"killers", "2"},   {"tt", o->use_tt ? "on" : "off"}, {"mvvlva", "on"},
        {"history", "off"}, {"killerindex", "ply"},          {"search", "pvs"},
    };
    const ks_setting limits[] = {{"depth", depth}};
    ks_header h = {o->fen, "ksc 1.0 (killerscope C example)", "",
                   ordering, sizeof ordering / sizeof *ordering,
                   limits, 1,
                   SOURCE_TABLE, SOURCE_COUNT,
                   o->cap};
    ks_trace *t = ks_open(o->trace, &h, message);
    if (!t)
        fprintf(stderr, "ksc: %s: %s\n", o->trace, message);
    return t;
}

int main(int argc, char **argv) {
    Options o;
    int bad = parse(argc, argv, &o);
    if (bad)
        return bad;
    Board b;
    const char *why;
    if (board_from_fen(&b, o.fen, &why)) {
        fprintf(stderr, "ksc: bad FEN \"%s\": %s\n", o.fen, why);
        return 2;
    }
    if (o.perft) {
        printf("perft %d: %llu\n", o.perft, (unsigned long long)perft(&b, o.perft));
        return 0;
    }
    Engine e;
    if (engine_init(&e, &b, o.use_tt)) {
        fprintf(stderr, "ksc: out of memory\n");
        return 1;
    }
    if (o.trace && !(e.trace = open_trace(&o))) {
        engine_free(&e);
        return 1;
    }
    iterate(&e, o.depth);
    printf("nodes %llu (main %llu, quiescence %llu)\n", (unsigned long long)e.nodes,
           (unsigned long long)(e.nodes - e.qnodes), (unsigned long long)e.qnodes);
    int status = 0;
    if (e.trace) {
        ks_closed closed;
        if (ks_close(e.trace, &closed)) {
            fprintf(stderr, "ksc: %s: %s\n", o.trace, closed.message);
            status = 1;
        } else {
            const char *why = closed.message[0] ? closed.message : "the event cap was reached";
            printf("trace %s: %llu events", o.trace, (unsigned long long)closed.events);
            printf(closed.truncated ? " (truncated: %s)\n" : "\n", why);
        }
    }
    engine_free(&e);
    return status;
}
