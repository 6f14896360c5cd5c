/* The example engine's chess rules on a 0x88 board: pseudo-legal generation, then a move is
 * legal when making it leaves the mover's king unattacked. */
#include "board.h"

#include <ctype.h>
#include <string.h>

#include "killerscope_trace.h"

static const int KNIGHT_STEPS[8] = {33, 31, 18, 14, -33, -31, -18, -14};
static const int KING_STEPS[8] = {1, -1, 16, -16, 17, 15, -17, -15};
static const int BISHOP_STEPS[4] = {17, 15, -17, -15};
static const int ROOK_STEPS[4] = {1, -1, 16, -16};

#define ON_BOARD(s) (!((s) & 0x88))

/* Zobrist keys: per piece code and square, the side, castling rights, en-passant file. */
static uint64_t Z_PIECE[16][128], Z_SIDE, Z_CASTLE[16], Z_EP[8];

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void init_keys(void) {
    static int done;
    if (done)
        return;
    uint64_t state = 20240607;
    for (int p = 0; p < 16; p++)
        for (int s = 0; s < 128; s++)
            Z_PIECE[p][s] = splitmix(&state);
    Z_SIDE = splitmix(&state);
    for (int c = 0; c < 16; c++)
        Z_CASTLE[c] = splitmix(&state);
    for (int f = 0; f < 8; f++)
        Z_EP[f] = splitmix(&state);
    done = 1;
}

static uint64_t full_key(const Board *b) {
    uint64_t k = 0;
    for (int s = 0; s < 128; s++)
        if (ON_BOARD(s) && b->sq[s])
            k ^= Z_PIECE[b->sq[s]][s];
    if (b->side == BLACK)
        k ^= Z_SIDE;
    k ^= Z_CASTLE[b->castle];
    if (b->ep >= 0)
        k ^= Z_EP[b->ep & 7];
    return k;
}

static int piece_of(char c) {
    const char *kinds = "pnbrqk";
    const char *at = strchr(kinds, tolower((unsigned char)c));
    if (!at || !c)
        return -1;
    return PIECE(isupper((unsigned char)c) ? WHITE : BLACK, (int)(at - kinds) + 1);
}

static const char *fen_board(Board *b, const char *p) {
    int rank = 7, file = 0;
    for (; *p && *p != ' '; p++) {
        if (*p == '/') {
            if (file != 8 || rank == 0)
                return NULL;
            rank--;
            file = 0;
        } else if (*p >= '1' && *p <= '8') {
            file += *p - '0';
        } else {
            int piece = piece_of(*p);
            if (piece < 0 || file > 7)
                return NULL;
            b->sq[rank * 16 + file++] = (uint8_t)piece;
            if (KIND(piece) == KING)
                b->king[COLOUR(piece)] = rank * 16 + file - 1;
        }
        if (file > 8)
            return NULL;
    }
    return rank == 0 && file == 8 ? p : NULL;
}

int board_from_fen(Board *b, const char *fen, const char **why) {
    init_keys();
    memset(b, 0, sizeof *b);
    b->king[WHITE] = b->king[BLACK] = -1;
    b->ep = -1;
    const char *p = fen_board(b, fen);
    *why = "the board field is not 8 ranks of 8 squares";
    if (!p)
        return -1;
    *why = "each side needs one king";
    int kings = 0;
    for (int s = 0; s < 128; s++)
        kings += ON_BOARD(s) && KIND(b->sq[s]) == KING;
    if (kings != 2 || b->king[WHITE] < 0 || b->king[BLACK] < 0)
        return -1;
    *why = "the side to move is not w or b";
    while (*p == ' ')
        p++;
    if (*p != 'w' && *p != 'b')
        return -1;
    b->side = *p++ == 'w' ? WHITE : BLACK;
    while (*p == ' ')
        p++;
    for (; *p && *p != ' '; p++) {
        const char *rights = "KQkq";
        const char *at = strchr(rights, *p);
        if (at)
            b->castle |= 1 << (at - rights);
    }
    while (*p == ' ')
        p++;
    if (p[0] >= 'a' && p[0] <= 'h' && (p[1] == '3' || p[1] == '6'))
        b->ep = (p[1] - '1') * 16 + (p[0] - 'a');
    while (*p && *p != ' ')
        p++;
    b->halfmove = 0;
    b->fullmove = 1;
    if (*p) {
        char *end;
        long h = strtol(p, &end, 10);
        if (end != p && h >= 0 && h < 1000)
            b->halfmove = (int)h;
    }
    *why = "the side not to move is in check";
    if (attacked(b, b->king[b->side ^ 1], b->side))
        return -1;
    b->key = full_key(b);
    return 0;
}

int attacked(const Board *b, int s, int by) {
    int pawn = PIECE(by, PAWN);
    int behind = by == WHITE ? -16 : 16;
    for (int side = -1; side <= 1; side += 2) {
        int from = s + behind + side;
        if (ON_BOARD(from) && b->sq[from] == pawn)
            return 1;
    }
    for (int i = 0; i < 8; i++) {
        int n = s + KNIGHT_STEPS[i], k = s + KING_STEPS[i];
        if (ON_BOARD(n) && b->sq[n] == PIECE(by, KNIGHT))
            return 1;
        if (ON_BOARD(k) && b->sq[k] == PIECE(by, KING))
            return 1;
    }
    for (int i = 0; i < 8; i++) {
        int step = i < 4 ? BISHOP_STEPS[i] : ROOK_STEPS[i - 4];
        int slider = i < 4 ? BISHOP : ROOK;
        for (int t = s + step; ON_BOARD(t); t += step) {
            int p = b->sq[t];
            if (!p)
                continue;
            if (COLOUR(p) == by && (KIND(p) == slider || KIND(p) == QUEEN))
                return 1;
            break;
        }
    }
    return 0;
}

int in_check(const Board *b) {
    return attacked(b, b->king[b->side], b->side ^ 1);
}

static int add(uint16_t *moves, int n, int from, int to, int flag) {
    moves[n] = ks_move(SQ64(from), SQ64(to), flag);
    return n + 1;
}

/* A pawn's move to `to`, as the four promotions when it reaches the last rank. */
static int pawn_move(const Board *b, uint16_t *moves, int n, int from, int to, int capture) {
    int last_rank = b->side == WHITE ? 7 : 0;
    if ((to >> 4) != last_rank)
        return add(moves, n, from, to, capture ? KS_FLAG_CAPTURE : KS_FLAG_QUIET);
    int base = capture ? KS_FLAG_PROMO_CAPTURE_KNIGHT : KS_FLAG_PROMO_KNIGHT;
    for (int k = 3; k >= 0; k--) /* queen first */
        n = add(moves, n, from, to, base + k);
    return n;
}

static int pawn_moves(const Board *b, int from, uint16_t *moves, int n) {
    int up = b->side == WHITE ? 16 : -16;
    int start_rank = b->side == WHITE ? 1 : 6;
    for (int side = -1; side <= 1; side += 2) {
        int t = from + up + side;
        if (!ON_BOARD(t))
            continue;
        if (b->sq[t] && COLOUR(b->sq[t]) != b->side)
            n = pawn_move(b, moves, n, from, t, 1);
        else if (t == b->ep)
            n = add(moves, n, from, t, KS_FLAG_EN_PASSANT);
    }
    if (b->sq[from + up])
        return n;
    n = pawn_move(b, moves, n, from, from + up, 0);
    if ((from >> 4) == start_rank && !b->sq[from + 2 * up])
        n = add(moves, n, from, from + 2 * up, KS_FLAG_DOUBLE_PUSH);
    return n;
}

static int castling(const Board *b, uint16_t *moves, int n) {
    int us = b->side, them = us ^ 1, base = us == WHITE ? 0x00 : 0x70;
    int king_side = us == WHITE ? 1 : 4, queen_side = us == WHITE ? 2 : 8;
    if (b->sq[base + 4] != PIECE(us, KING) || attacked(b, base + 4, them))
        return n;
    if ((b->castle & king_side) && b->sq[base + 7] == PIECE(us, ROOK) && !b->sq[base + 5] &&
        !b->sq[base + 6] && !attacked(b, base + 5, them))
        n = add(moves, n, base + 4, base + 6, KS_FLAG_KING_CASTLE);
    if ((b->castle & queen_side) && b->sq[base] == PIECE(us, ROOK) && !b->sq[base + 1] &&
        !b->sq[base + 2] && !b->sq[base + 3] && !attacked(b, base + 3, them))
        n = add(moves, n, base + 4, base + 2, KS_FLAG_QUEEN_CASTLE);
    return n;
}

static int piece_moves(const Board *b, int from, int kind, uint16_t *moves, int n) {
    const int *steps = kind == KNIGHT ? KNIGHT_STEPS
                       : kind == BISHOP ? BISHOP_STEPS
                       : kind == ROOK   ? ROOK_STEPS
                                        : KING_STEPS;
    int count = kind == BISHOP || kind == ROOK ? 4 : 8;
    int slides = kind == BISHOP || kind == ROOK || kind == QUEEN;
    for (int i = 0; i < count; i++) {
        for (int t = from + steps[i]; ON_BOARD(t); t += steps[i]) {
            int victim = b->sq[t];
            if (victim && COLOUR(victim) == b->side)
                break;
            n = add(moves, n, from, t, victim ? KS_FLAG_CAPTURE : KS_FLAG_QUIET);
            if (victim || !slides)
                break;
        }
    }
    return n;
}

static int pseudo_moves(const Board *b, uint16_t *moves) {
    int n = 0;
    for (int s = 0; s < 128; s++) {
        if (!ON_BOARD(s) || !b->sq[s] || COLOUR(b->sq[s]) != b->side)
            continue;
        int kind = KIND(b->sq[s]);
        n = kind == PAWN ? pawn_moves(b, s, moves, n) : piece_moves(b, s, kind, moves, n);
    }
    return castling(b, moves, n);
}

int legal_moves(Board *b, uint16_t *moves) {
    uint16_t pseudo[MAX_MOVES];
    int n = pseudo_moves(b, pseudo), legal = 0;
    for (int i = 0; i < n; i++) {
        Undo u;
        make_move(b, pseudo[i], &u);
        if (!attacked(b, b->king[b->side ^ 1], b->side))
            moves[legal++] = pseudo[i];
        unmake_move(b, pseudo[i], &u);
    }
    return legal;
}

/* The castling rights a move from or to square `s` takes away. */
static int rights_lost(int s) {
    switch (s) {
    case 0x00: return 2;
    case 0x07: return 1;
    case 0x04: return 3;
    case 0x70: return 8;
    case 0x77: return 4;
    case 0x74: return 12;
    default: return 0;
    }
}

static void put(Board *b, int s, int piece) {
    if (b->sq[s])
        b->key ^= Z_PIECE[b->sq[s]][s];
    b->sq[s] = (uint8_t)piece;
    if (piece)
        b->key ^= Z_PIECE[piece][s];
}

void make_move(Board *b, uint16_t mv, Undo *u) {
    int from = MOVE_FROM(mv), to = MOVE_TO(mv), flag = MOVE_FLAG(mv);
    int piece = b->sq[from], us = b->side;
    u->captured = b->sq[to];
    u->castle = b->castle;
    u->ep = b->ep;
    u->halfmove = b->halfmove;
    u->key = b->key;
    if (b->ep >= 0)
        b->key ^= Z_EP[b->ep & 7];
    b->key ^= Z_CASTLE[b->castle];
    b->ep = -1;
    b->halfmove = KIND(piece) == PAWN || u->captured ? 0 : b->halfmove + 1;
    put(b, from, EMPTY);
    put(b, to, flag & 8 ? PIECE(us, KNIGHT + (flag & 3)) : piece);
    if (flag == KS_FLAG_EN_PASSANT) {
        u->captured = PIECE(us ^ 1, PAWN);
        put(b, to + (us == WHITE ? -16 : 16), EMPTY);
        b->halfmove = 0;
    } else if (flag == KS_FLAG_DOUBLE_PUSH) {
        b->ep = (from + to) / 2;
        b->key ^= Z_EP[b->ep & 7];
    } else if (flag == KS_FLAG_KING_CASTLE) {
        put(b, to - 1, b->sq[to + 1]);
        put(b, to + 1, EMPTY);
    } else if (flag == KS_FLAG_QUEEN_CASTLE) {
        put(b, to + 1, b->sq[to - 2]);
        put(b, to - 2, EMPTY);
    }
    if (KIND(piece) == KING)
        b->king[us] = to;
    b->castle &= ~(rights_lost(from) | rights_lost(to));
    b->key ^= Z_CASTLE[b->castle] ^ Z_SIDE;
    b->side ^= 1;
    if (us == BLACK)
        b->fullmove++;
}

void unmake_move(Board *b, uint16_t mv, const Undo *u) {
    int from = MOVE_FROM(mv), to = MOVE_TO(mv), flag = MOVE_FLAG(mv);
    b->side ^= 1;
    int us = b->side;
    if (us == BLACK)
        b->fullmove--;
    int piece = flag & 8 ? PIECE(us, PAWN) : b->sq[to];
    b->sq[from] = (uint8_t)piece;
    b->sq[to] = flag == KS_FLAG_EN_PASSANT ? EMPTY : (uint8_t)u->captured;
    if (flag == KS_FLAG_EN_PASSANT) {
        b->sq[to + (us == WHITE ? -16 : 16)] = (uint8_t)u->captured;
    } else if (flag == KS_FLAG_KING_CASTLE) {
        b->sq[to + 1] = b->sq[to - 1];
        b->sq[to - 1] = EMPTY;
    } else if (flag == KS_FLAG_QUEEN_CASTLE) {
        b->sq[to - 2] = b->sq[to + 1];
        b->sq[to + 1] = EMPTY;
    }
    if (KIND(piece) == KING)
        b->king[us] = from;
    b->castle = u->castle;
    b->ep = u->ep;
    b->halfmove = u->halfmove;
    b->key = u->key;
}

int captured_kind(const Board *b, uint16_t mv) {
    if (MOVE_FLAG(mv) == KS_FLAG_EN_PASSANT)
        return PAWN;
    return IS_CAPTURE(mv) ? KIND(b->sq[MOVE_TO(mv)]) : EMPTY;
}

void move_uci(uint16_t mv, char *out) {
    int from = mv & 63, to = (mv >> 6) & 63, flag = MOVE_FLAG(mv);
    out[0] = (char)('a' + (from & 7));
    out[1] = (char)('1' + (from >> 3));
    out[2] = (char)('a' + (to & 7));
    out[3] = (char)('1' + (to >> 3));
    out[4] = flag & 8 ? "nbrq"[flag & 3] : '\0';
    out[5] = '\0';
}

int insufficient_material(const Board *b) {
    int minors = 0;
    for (int s = 0; s < 128; s++) {
        if (!ON_BOARD(s) || !b->sq[s])
            continue;
        int kind = KIND(b->sq[s]);
        if (kind == PAWN || kind == ROOK || kind == QUEEN)
            return 0;
        minors += kind == KNIGHT || kind == BISHOP;
    }
    return minors <= 1;
}

uint64_t perft(Board *b, int depth) {
    uint16_t moves[MAX_MOVES];
    int n = legal_moves(b, moves);
    if (depth <= 1)
        return depth == 1 ? (uint64_t)n : 1;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        Undo u;
        make_move(b, moves[i], &u);
        total += perft(b, depth - 1);
        unmake_move(b, moves[i], &u);
    }
    return total;
}
