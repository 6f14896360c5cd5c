/* The example engine's chess rules: a 0x88 board, FEN, legal moves, make and unmake. Moves
 * are kept in the 16-bit encoding the trace writes (include/killerscope_trace.h: from, to,
 * flag), so a move goes into the log as it is. */
#ifndef KSC_BOARD_H
#define KSC_BOARD_H

#include <stdint.h>

enum { WHITE = 0, BLACK = 1 };
enum { EMPTY = 0, PAWN = 1, KNIGHT = 2, BISHOP = 3, ROOK = 4, QUEEN = 5, KING = 6 };
/* A piece is its kind, plus 8 for black. */
#define PIECE(colour, kind) ((kind) | ((colour) << 3))
#define KIND(piece) ((piece) & 7)
#define COLOUR(piece) ((piece) >> 3)

#define MAX_MOVES 256

typedef struct Board {
    uint8_t sq[128];  /* 0x88 squares: a1 = 0x00, h1 = 0x07, a8 = 0x70 */
    int side;         /* WHITE or BLACK to move */
    int castle;       /* 1 white O-O, 2 white O-O-O, 4 black O-O, 8 black O-O-O */
    int ep;           /* the en-passant target square (0x88), or -1 */
    int halfmove;     /* plies since a capture or a pawn move */
    int fullmove;
    int king[2];      /* where each king stands (0x88) */
    uint64_t key;     /* Zobrist key */
} Board;

/* What make_move changed that unmake_move cannot work out. */
typedef struct Undo {
    int captured;
    int castle, ep, halfmove;
    uint64_t key;
} Undo;

/* Parses `fen` into `b`; returns 0, or -1 with the reason in `why`. */
int board_from_fen(Board *b, const char *fen, const char **why);
/* Whether square `s` (0x88) is attacked by `by`'s pieces. */
int attacked(const Board *b, int s, int by);
/* Whether the side to move is in check. */
int in_check(const Board *b);
/* The legal moves, in generation order; returns how many. */
int legal_moves(Board *b, uint16_t *moves);
void make_move(Board *b, uint16_t mv, Undo *u);
void unmake_move(Board *b, uint16_t mv, const Undo *u);
/* The kind of piece `mv` captures (a pawn for en passant), or EMPTY. */
int captured_kind(const Board *b, uint16_t mv);
/* Writes `mv` in UCI notation ("e2e4", "e7e8q") into `out` (6 bytes). */
void move_uci(uint16_t mv, char *out);
/* Neither side can mate: bare kings, or a lone minor piece. */
int insufficient_material(const Board *b);
/* Leaf nodes of the legal move tree to `depth`: checks the move generator. */
uint64_t perft(Board *b, int depth);

/* 0x88 square <-> 0..63 (a1 = 0, h8 = 63). */
#define SQ64(s) ((((s) >> 4) << 3) | ((s) & 7))
#define SQ88(i) ((((i) >> 3) << 4) | ((i) & 7))
#define MOVE_FROM(m) SQ88((m) & 63)
#define MOVE_TO(m) SQ88(((m) >> 6) & 63)
#define MOVE_FLAG(m) ((m) >> 12)
#define IS_CAPTURE(m) (MOVE_FLAG(m) & 4)
#define IS_PROMOTION(m) (MOVE_FLAG(m) & 8)

#endif
