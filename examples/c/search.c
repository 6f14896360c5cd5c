/* The example engine's search (see search.h). Each TRACE line is one event of the log: the
 * untraced search pays one predictable branch per event. */
#include "search.h"

#include <stdio.h>
#include <stdlib.h>

#define TRACE(call)       \
    do {                  \
        if (e->trace)     \
            call;         \
    } while (0)

#define INF KS_INFINITY
#define MATE KS_MATE
#define MATE_BOUND (KS_MATE - 1000)

const ks_source SOURCE_TABLE[SOURCE_COUNT] = {
    {SRC_TT, KS_NOT_A_SLOT, KS_ROLE_TT, "TT", "TT move", "cyan"},
    {SRC_CAPTURE, KS_NOT_A_SLOT, KS_ROLE_CAPTURE, "Cap", "capture (MVV-LVA)", "red"},
    {SRC_KILLER1, 0, KS_ROLE_KILLER, "K1", "killer 1", "yellow"},
    {SRC_KILLER2, 1, KS_ROLE_KILLER, "K2", "killer 2", "yellow"},
    {SRC_QUIET, KS_NOT_A_SLOT, KS_ROLE_QUIET, "Quiet", "quiet", "plain"},
};

static const int VALUE[7] = {0, 100, 320, 330, 500, 900, 0};

/* Material, and a bonus for knights and bishops near the centre and pawns moved up; from
 * the side to move. */
static int evaluate(const Board *b) {
    int score = 0;
    for (int s = 0; s < 128; s++) {
        if ((s & 0x88) || !b->sq[s])
            continue;
        int kind = KIND(b->sq[s]), rank = s >> 4, file = s & 7;
        int v = VALUE[kind];
        if (kind == KNIGHT || kind == BISHOP) {
            int df = file < 4 ? 3 - file : file - 4, dr = rank < 4 ? 3 - rank : rank - 4;
            v += 12 - 4 * (df > dr ? df : dr);
        } else if (kind == PAWN) {
            v += 5 * (COLOUR(b->sq[s]) == WHITE ? rank - 1 : 6 - rank);
        }
        score += COLOUR(b->sq[s]) == b->side ? v : -v;
    }
    return score;
}

static int bound_of(int score, int alpha, int beta) {
    return score >= beta ? KS_LOWER : score <= alpha ? KS_UPPER : KS_EXACT;
}

/* Mate scores in the table count from the entry's node, so they hold at any ply. */
static int to_tt(int score, int ply) {
    return score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score;
}

static int from_tt(int score, int ply) {
    return score >= MATE_BOUND ? score - ply : score <= -MATE_BOUND ? score + ply : score;
}

int engine_init(Engine *e, const Board *b, int use_tt) {
    *e = (Engine){0};
    e->board = *b;
    e->use_tt = use_tt;
    if (use_tt) {
        e->tt_mask = (1u << 18) - 1;
        e->tt = (TtEntry *)calloc(e->tt_mask + 1, sizeof *e->tt);
        if (!e->tt)
            return -1;
    }
    return 0;
}

void engine_free(Engine *e) {
    free(e->tt);
    e->tt = NULL;
}

/* How the position at `ply` is drawn (enum ks_static_kind), or -1: a repetition on the line
 * searched, the fifty-move rule, or material that cannot mate. */
static int draw_kind(Engine *e, int ply, int check) {
    const Board *b = &e->board;
    if (insufficient_material(b))
        return KS_INSUFFICIENT_MATERIAL;
    for (int back = 2; back <= ply && back <= b->halfmove; back += 2)
        if (e->keys[ply - back] == b->key)
            return KS_REPETITION;
    if (b->halfmove >= 100) {
        uint16_t moves[MAX_MOVES];
        if (!check || legal_moves(&e->board, moves) > 0)
            return KS_FIFTY_MOVES;
    }
    return -1;
}

/* The moves of a node with their sort keys and sources. */
typedef struct Ordered {
    uint16_t move[MAX_MOVES];
    int key[MAX_MOVES];
    uint8_t source[MAX_MOVES];
    int n;
} Ordered;

/* Orders `o`'s moves: the TT move, then captures and promotions by MVV-LVA, the killers of
 * `ply` (when `ply` >= 0), then the other quiet moves in generation order. */
static void order_moves(const Engine *e, Ordered *o, uint16_t tt_move, int ply) {
    const Board *b = &e->board;
    for (int i = 0; i < o->n; i++) {
        uint16_t m = o->move[i];
        if (m == tt_move) {
            o->key[i] = 1 << 30;
            o->source[i] = SRC_TT;
        } else if (IS_CAPTURE(m) || IS_PROMOTION(m)) {
            int victim = captured_kind(b, m), attacker = KIND(b->sq[MOVE_FROM(m)]);
            o->key[i] = (1 << 20) + 16 * victim - attacker + (IS_PROMOTION(m) ? 8 * (m >> 12 & 3) : 0);
            o->source[i] = SRC_CAPTURE;
        } else if (ply >= 0 && m == e->killers[ply][0]) {
            o->key[i] = (1 << 19) + 1;
            o->source[i] = SRC_KILLER1;
        } else if (ply >= 0 && m == e->killers[ply][1]) {
            o->key[i] = 1 << 19;
            o->source[i] = SRC_KILLER2;
        } else {
            o->key[i] = 0;
            o->source[i] = SRC_QUIET;
        }
    }
}

/* Moves the best of moves[i..] to i (the first of equals, so quiet moves keep their order). */
static void pick(Ordered *o, int i) {
    int best = i;
    for (int j = i + 1; j < o->n; j++)
        if (o->key[j] > o->key[best])
            best = j;
    uint16_t m = o->move[best];
    int k = o->key[best];
    uint8_t s = o->source[best];
    for (int j = best; j > i; j--) {
        o->move[j] = o->move[j - 1];
        o->key[j] = o->key[j - 1];
        o->source[j] = o->source[j - 1];
    }
    o->move[i] = m;
    o->key[i] = k;
    o->source[i] = s;
}

static void update_pv(Engine *e, int ply, uint16_t mv) {
    e->pv[ply][0] = mv;
    int len = ply + 1 < MAX_PLY ? e->pv_len[ply + 1] : 0;
    for (int i = 0; i < len && i + 1 < MAX_PLY; i++)
        e->pv[ply][i + 1] = e->pv[ply + 1][i];
    e->pv_len[ply] = len + 1 < MAX_PLY ? len + 1 : MAX_PLY;
}

static int quiesce(Engine *e, int alpha, int beta, int ply, uint16_t led_by);

/* Quiescence: stand pat, then captures and promotions (every evasion in check). */
static int q_node(Engine *e, int alpha, int beta, int ply, int *bound) {
    Board *b = &e->board;
    e->pv_len[ply] = 0;
    *bound = KS_EXACT;
    if (ply >= MAX_PLY - 1) {
        int eval = evaluate(b);
        TRACE(ks_static_score(e->trace, KS_PLY_LIMIT, eval));
        return eval;
    }
    int check = in_check(b), alpha0 = alpha, best = -INF;
    if (!check) {
        best = evaluate(b);
        if (best >= beta) {
            *bound = KS_LOWER; /* stood pat with no move searched: the tree tells */
            return best;
        }
        alpha = best > alpha ? best : alpha;
    }
    int stand_pat = best, tried = 0;
    Ordered o;
    uint16_t all[MAX_MOVES];
    int n = legal_moves(b, all);
    o.n = 0;
    for (int i = 0; i < n; i++)
        if (check || IS_CAPTURE(all[i]) || IS_PROMOTION(all[i]))
            o.move[o.n++] = all[i];
    order_moves(e, &o, 0, -1);
    for (int i = 0; i < o.n; i++, tried++) {
        pick(&o, i);
        uint16_t mv = o.move[i];
        TRACE(ks_move_tried(e->trace, mv, i, o.source[i]));
        Undo u;
        make_move(b, mv, &u);
        int score = -quiesce(e, -beta, -alpha, ply + 1, mv);
        unmake_move(b, mv, &u);
        if (score <= best)
            continue;
        best = score;
        if (score <= alpha)
            continue;
        alpha = score;
        update_pv(e, ply, mv);
        if (score >= beta) {
            TRACE(ks_cutoff(e->trace, mv, i, o.source[i], score, beta));
            tried++;
            break;
        }
    }
    if (check && tried == 0) {
        TRACE(ks_static_score(e->trace, KS_CHECKMATE, -(MATE - ply)));
        return -(MATE - ply);
    }
    /* Captures searched, none better than standing pat: the score was born here. */
    if (tried > 0 && !check && best == stand_pat)
        TRACE(ks_static_score(e->trace, KS_STAND_PAT, best));
    *bound = bound_of(best, alpha0, beta);
    return best;
}

static int quiesce(Engine *e, int alpha, int beta, int ply, uint16_t led_by) {
    e->nodes++;
    e->qnodes++;
    TRACE(ks_node_enter(e->trace, ply, 0, KS_QUIESCENCE, led_by, alpha, beta));
    int bound, score = q_node(e, alpha, beta, ply, &bound);
    TRACE(ks_node_exit(e->trace, score, bound));
    return score;
}

static int negamax(Engine *e, int depth, int alpha, int beta, int ply, uint16_t led_by);

/* The table's entry for the node, told to the trace: `*cut` when its bound settles the node
 * (never at the root or in a principal-variation node). */
static TtEntry *probe(Engine *e, int depth, int alpha, int beta, int ply, int *cut) {
    *cut = 0;
    TtEntry *entry = e->use_tt ? &e->tt[e->board.key & e->tt_mask] : NULL;
    if (!entry || entry->key != e->board.key)
        return NULL;
    int score = from_tt(entry->score, ply);
    *cut = ply > 0 && beta - alpha == 1 && entry->depth >= depth &&
           (entry->bound == KS_EXACT || (entry->bound == KS_LOWER && score >= beta) ||
            (entry->bound == KS_UPPER && score <= alpha));
    TRACE(ks_tt_hit(e->trace, entry->move, entry->depth, score, entry->bound, *cut));
    return entry;
}

static void store(Engine *e, int depth, int score, int bound, uint16_t mv, int ply) {
    if (!e->use_tt)
        return;
    TtEntry *entry = &e->tt[e->board.key & e->tt_mask];
    entry->key = e->board.key;
    entry->move = bound == KS_UPPER ? 0 : mv;
    entry->score = (int16_t)to_tt(score, ply);
    entry->depth = (int8_t)(depth > 127 ? 127 : depth);
    entry->bound = (uint8_t)bound;
}

/* A quiet move cut off at `ply`: it becomes killer 1, killer 1 moving to slot 2. */
static void store_killer(Engine *e, int ply, uint16_t mv) {
    uint16_t *row = e->killers[ply];
    if (row[0] == mv)
        return;
    row[1] = row[0];
    row[0] = mv;
    TRACE(ks_killer_store(e->trace, ply, mv, row, 2));
}

/* Searches the node's moves (PVS: the first with the full window, the others with a null
 * window first); returns the best score and sets `*best_move`. */
static int search_moves(Engine *e, Ordered *o, int depth, int alpha, int beta, int ply,
                        uint16_t *best_move) {
    Board *b = &e->board;
    int best = -INF;
    for (int i = 0; i < o->n; i++) {
        pick(o, i);
        uint16_t mv = o->move[i];
        TRACE(ks_move_tried(e->trace, mv, i, o->source[i]));
        Undo u;
        make_move(b, mv, &u);
        int child = depth - 1 + in_check(b); /* a check is searched a ply deeper */
        int score;
        if (i == 0) {
            score = -negamax(e, child, -beta, -alpha, ply + 1, mv);
        } else {
            score = -negamax(e, child, -alpha - 1, -alpha, ply + 1, mv);
            if (score > alpha && score < beta && beta - alpha > 1)
                score = -negamax(e, child, -beta, -alpha, ply + 1, mv);
        }
        unmake_move(b, mv, &u);
        if (score <= best)
            continue;
        best = score;
        *best_move = mv;
        if (score <= alpha)
            continue;
        alpha = score;
        update_pv(e, ply, mv);
        if (score >= beta) {
            TRACE(ks_cutoff(e->trace, mv, i, o->source[i], score, beta));
            if (!IS_CAPTURE(mv) && !IS_PROMOTION(mv))
                store_killer(e, ply, mv);
            break;
        }
    }
    return best;
}

static int main_node(Engine *e, int depth, int alpha, int beta, int ply, int *bound) {
    Board *b = &e->board;
    e->pv_len[ply] = 0;
    e->keys[ply] = b->key;
    *bound = KS_EXACT;
    int check = in_check(b);
    int draw = ply > 0 ? draw_kind(e, ply, check) : -1;
    if (draw >= 0) {
        TRACE(ks_static_score(e->trace, draw, 0));
        return 0;
    }
    if (ply >= MAX_PLY - 1) {
        int eval = evaluate(b);
        TRACE(ks_static_score(e->trace, KS_PLY_LIMIT, eval));
        return eval;
    }
    int cut;
    TtEntry *entry = probe(e, depth, alpha, beta, ply, &cut);
    if (cut) {
        int score = from_tt(entry->score, ply);
        *bound = bound_of(score, alpha, beta);
        return score;
    }
    Ordered o;
    o.n = legal_moves(b, o.move);
    if (o.n == 0) {
        int score = check ? -(MATE - ply) : 0;
        TRACE(ks_static_score(e->trace, check ? KS_CHECKMATE : KS_STALEMATE, score));
        return score;
    }
    order_moves(e, &o, entry ? entry->move : 0, ply);
    uint16_t best_move = 0;
    int best = search_moves(e, &o, depth, alpha, beta, ply, &best_move);
    *bound = bound_of(best, alpha, beta);
    store(e, depth, best, *bound, best_move, ply);
    return best;
}

static int negamax(Engine *e, int depth, int alpha, int beta, int ply, uint16_t led_by) {
    if (depth <= 0)
        return quiesce(e, alpha, beta, ply, led_by);
    e->nodes++;
    TRACE(ks_node_enter(e->trace, ply, depth, KS_MAIN, led_by, alpha, beta));
    int bound, score = main_node(e, depth, alpha, beta, ply, &bound);
    TRACE(ks_node_exit(e->trace, score, bound));
    return score;
}

int iterate(Engine *e, int depth) {
    int score = 0;
    for (int d = 1; d <= depth; d++) {
        score = negamax(e, d, -INF, INF, 0, 0);
        TRACE(ks_iteration(e->trace, d, score, e->nodes, e->pv[0], (size_t)e->pv_len[0]));
        printf("info depth %d score cp %d nodes %llu pv", d, score,
               (unsigned long long)e->nodes);
        for (int i = 0; i < e->pv_len[0]; i++) {
            char uci[6];
            move_uci(e->pv[0][i], uci);
            printf(" %s", uci);
        }
        printf("\n");
    }
    return score;
}
