#!/usr/bin/env bash
# A scripted UCI engine, so the tests of `tui --uci` and `uci-trace` need no Stockfish:
#
#   bash tests/data/fake_uci.sh MODE [PIDFILE]
#
# With PIDFILE it first writes its process id there (so a test can check that the engine was
# killed and reaped) and appends every command it receives to PIDFILE.in. MODE:
#   search   answers the handshake, then on `go` prints a depth 1-3 search of the start
#            position (root moves by currmove, an aspiration fail-low at depth 2, an info
#            string) and its bestmove
#   endless  answers the handshake, then on `go` prints an info line every 20 ms forever,
#            ignoring `stop` and `quit`: only a kill ends it
#   silent   reads its input and never answers
#   junk     answers `uci` with junk and exits
#   stderr   complains on its standard error and exits before answering
#   badpv    searches, but its depth 2 PV holds an illegal move
#   quits    exits in the middle of its search, without a bestmove
# It is bash and uses only builtins (`read -t` to wait), so the process a test started is the
# whole engine: no child of its own can outlive it.

mode=$1
log=/dev/null
if [ -n "$2" ]; then
    echo $$ > "$2"
    log="$2.in"
fi

pause() {
    # Waits 20 ms; at the end of its input (read fails at once) it waits anyway.
    read -r -t 0.02 _ || true
}

depth1() {
    echo "info depth 1 seldepth 1 multipv 1 score cp 20 nodes 20 nps 20000 time 1 pv e2e4"
}

depth2() {
    echo "info depth 2 currmove e2e4 currmovenumber 1"
    echo "info depth 2 currmove d2d4 currmovenumber 2"
    echo "info depth 2 seldepth 2 multipv 1 score cp 5 upperbound nodes 60 nps 30000 time 2 pv e2e4 e7e5"
    echo "info depth 2 currmove e2e4 currmovenumber 1"
    echo "info depth 2 seldepth 2 multipv 1 score cp 10 nodes 90 nps 45000 time 2 pv e2e4 ${1:-e7e5}"
}

depth3() {
    echo "info string fake engine: hello"
    echo "info depth 3 currmove d2d4 currmovenumber 1"
    echo "info depth 3 currmove e2e4 currmovenumber 2"
    echo "info depth 3 currmove g1f3 currmovenumber 3"
    echo "info depth 3 seldepth 4 multipv 2 score cp 15 nodes 280 pv e2e4 e7e5 g1f3"
    echo "info depth 3 seldepth 4 multipv 1 score cp 25 nodes 300 nps 100000 time 3 pv d2d4 d7d5 c2c4"
}

go() {
    case $mode in
        search) depth1; depth2; depth3; echo "bestmove d2d4 ponder d7d5" ;;
        badpv) depth1; depth2 e7e4; depth3; echo "bestmove d2d4" ;;
        quits) depth1; exit 3 ;;
        endless)
            n=0
            while true; do
                n=$((n + 1))
                echo "info depth 1 seldepth 1 multipv 1 score cp $n nodes $n time $n pv e2e4"
                pause
            done
            ;;
    esac
}

case $mode in
    stderr) echo "fake engine: no network file found" >&2; exit 1 ;;
esac

while read -r command; do
    echo "$command" >> "$log"
    [ "$mode" = silent ] && continue
    case $command in
        uci)
            if [ "$mode" = junk ]; then
                echo "hello, I am not a chess engine"
                printf '\x01\x02 junk\n'
                exit 0
            fi
            echo "id name Fake 1.0"
            echo "id author the killerscope tests"
            echo "option name Hash type spin default 16 min 1 max 1024"
            echo "uciok"
            ;;
        isready) echo "readyok" ;;
        go*) go ;;
        quit) exit 0 ;;
    esac
done
