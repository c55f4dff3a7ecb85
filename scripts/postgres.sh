#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server of its own (initdb + pg_ctl, trust auth on loopback)
# for the tests and benchmarks, installing Debian's package first when it is missing.
#   scripts/postgres.sh start   -> prints the DATABASE_URL to use
#   scripts/postgres.sh stop
# PG_KEEP_DATA=1 starts an existing PGDATA_DIR again instead of making a new one (scripts/cluster.sh).
set -euo pipefail
PGPORT="${PGPORT:-54329}"
PGDATA_DIR="${PGDATA_DIR:-/tmp/dealer-inventory-pg-$PGPORT}"

find_bin() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/pg_ctl" ] && { echo "$d"; return 0; }
  done
  return 1
}

install_pg() {
  if ! find_bin >/dev/null; then
    echo "installing PostgreSQL from Debian's packages…" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
  fi
}

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-start}" in
  start)
    install_pg
    BIN=$(find_bin)
    if ! as_postgres "$BIN/pg_ctl" -D "$PGDATA_DIR" status >/dev/null 2>&1; then
      if [ "${PG_KEEP_DATA:-0}" != 1 ] || [ ! -f "$PGDATA_DIR/PG_VERSION" ]; then
        rm -rf "$PGDATA_DIR"
        mkdir -p "$PGDATA_DIR"
        [ "$(id -u)" = 0 ] && chown postgres:postgres "$PGDATA_DIR"
        as_postgres "$BIN/initdb" -D "$PGDATA_DIR" -U postgres -A trust -E UTF8 >/dev/null
      fi
      # Tests throw their data away: durability settings off for speed.
      # A server that does not come up says why: the end of its log goes to stderr (the log may
      # live in a folder its caller deletes on exit, as CI's does).
      if ! as_postgres "$BIN/pg_ctl" -D "$PGDATA_DIR" -l "$PGDATA_DIR/server.log" -w \
        -o "-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
        start >/dev/null; then
        echo "postgres.sh: the server on port $PGPORT did not start; the end of $PGDATA_DIR/server.log:" >&2
        tail -n 30 "$PGDATA_DIR/server.log" >&2 || true
        exit 1
      fi
    fi
    echo "postgres://postgres@127.0.0.1:$PGPORT/postgres"
    ;;
  stop)
    BIN=$(find_bin) || exit 0
    as_postgres "$BIN/pg_ctl" -D "$PGDATA_DIR" -m fast stop >/dev/null 2>&1 || true
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
