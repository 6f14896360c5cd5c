/* The example engine's search: iterative deepening over a fail-soft alpha-beta (principal
 * variation search, check extension, quiescence over captures), its moves ordered by the
 * transposition-table move, MVV-LVA captures, two killer slots per ply, then the other quiet
 * moves. With a trace open, every node, move, cutoff, killer store and TT hit is recorded. */
#ifndef KSC_SEARCH_H
#define KSC_SEARCH_H

#include <stdint.h>

#include "board.h"
#include "killerscope_trace.h"

#define MAX_PLY 96

/* The move-ordering sources, as the trace's source table declares them (source_table). */
enum { SRC_TT, SRC_CAPTURE, SRC_KILLER1, SRC_KILLER2, SRC_QUIET, SOURCE_COUNT };

typedef struct TtEntry {
    uint64_t key;
    uint16_t move;
    int16_t score; /* mates counted from the entry's node, not the root */
    int8_t depth;
    uint8_t bound;
} TtEntry;

typedef struct Engine {
    Board board;
    ks_trace *trace;      /* NULL: not recording */
    int use_tt;
    uint64_t nodes;       /* every node: main search and quiescence */
    uint64_t qnodes;
    uint16_t killers[MAX_PLY][2];
    uint64_t keys[MAX_PLY]; /* the key of each position on the current line */
    uint16_t pv[MAX_PLY][MAX_PLY];
    int pv_len[MAX_PLY];
    TtEntry *tt;
    uint64_t tt_mask;
} Engine;

/* The source table the trace header carries: what each SRC_ code means. */
extern const ks_source SOURCE_TABLE[SOURCE_COUNT];

/* Sets up `e` to search from `b` (with a transposition table when `use_tt`); 0, or -1 when
 * out of memory. */
int engine_init(Engine *e, const Board *b, int use_tt);
void engine_free(Engine *e);
/* Searches the root to `depth`, one iteration per depth from 1, printing a line per
 * iteration; returns the last iteration's score. */
int iterate(Engine *e, int depth);

#endif
