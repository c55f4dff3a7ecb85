#!/usr/bin/env bash
# The reference scale-out topology (docs/deploy.md) on one machine, for trying it from a fresh
# clone (`npm ci` done): PostgreSQL, Redis, an S3-protocol server, N API processes
# (JOB_CONCURRENCY=0) behind a round-robin balancer, and one worker process — all on loopback.
#
#   scripts/cluster.sh start     starts what is not running yet (idempotent); prints the URLs
#   scripts/cluster.sh stop      SIGTERM to the service processes (they finish their work), then the servers
#   scripts/cluster.sh status    what runs, where
#   scripts/cluster.sh cli …     the operator CLI (dist/cli.js) on the cluster's database and settings
#   scripts/cluster.sh env       the variables every service process gets (shell syntax)
#
# State (logs, pid files, data) under CLUSTER_DIR (default /tmp/dealer-inventory-cluster); the
# data stays across stop/start and is gone with `rm -rf "$CLUSTER_DIR"`. Ports (loopback only):
#   CLUSTER_PORT=3000 (the balancer; PUBLIC_BASE_URL)  CLUSTER_API_PORT=3101 (first API; the
#   others follow)  CLUSTER_APIS=3  CLUSTER_WORKER_PORT=3109 (only when the worker is a server
#   process, see below)  CLUSTER_S3_PORT=4568  CLUSTER_PGPORT=54340  CLUSTER_REDIS_PORT=63791
#   CLUSTER_SMTP_PORT=2601 (first API's INBOUND_SMTP_PORT; the others follow)
#
# Buyers' answers by e-mail (D40, P201): each API process (dist/server.js) listens for them by
# SMTP on its own port (a relay's MX points at any of them); the worker does not listen. They
# are also taken by POST $PUBLIC_BASE_URL/inbound/mail with the INBOUND_MAIL_SECRET of cluster.env.
#
# The worker is `node dist/worker.js` (no HTTP listener) when the build has one; otherwise
# `node dist/server.js` with JOB_CONCURRENCY=8 on CLUSTER_WORKER_PORT, a server whose port
# nobody is sent to (P40).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${CLUSTER_DIR:-/tmp/dealer-inventory-cluster}"
LB_PORT="${CLUSTER_PORT:-3000}"
API_PORT="${CLUSTER_API_PORT:-3101}"
APIS="${CLUSTER_APIS:-3}"
WORKER_PORT="${CLUSTER_WORKER_PORT:-3109}"
S3_PORT="${CLUSTER_S3_PORT:-4568}"
PG_PORT="${CLUSTER_PGPORT:-54340}"
REDIS_PORT="${CLUSTER_REDIS_PORT:-63791}"
SMTP_PORT="${CLUSTER_SMTP_PORT:-2601}"
BASE_URL="http://127.0.0.1:$LB_PORT"
NODE="${NODE:-node}"
# Service processes get this long to finish their requests and jobs (the server's own grace is 30 s).
STOP_GRACE_S=35

log() { printf '%s\n' "$*" >&2; }
die() {
  log "cluster: $*"
  exit 1
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_http() { # url what logfile
  local i
  for i in $(seq 1 150); do
    curl -fsS -o /dev/null --max-time 2 "$1" 2>/dev/null && return 0
    sleep 0.2
  done
  log "cluster: $2 did not answer $1 within 30 s; last lines of $3:"
  tail -n 20 "$3" >&2 || true
  return 1
}

# A pid file names a running process only if that process is still the one we started (its
# command line holds the marker), not another one that got the same number later.
running_pid() { # name marker -> prints pid
  local f="$DIR/run/$1.pid" pid
  [ -f "$f" ] || return 1
  pid=$(cat "$f")
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$2" && {
    echo "$pid"
    return 0
  }
  rm -f "$f"
  return 1
}

# Starts `cmd…` detached (own session, no stdin), logs to $DIR/logs/<name>.log, pid to $DIR/run/<name>.pid.
spawn() { # name env-file cmd…
  local name=$1 envfile=$2
  shift 2
  (
    set -a
    # shellcheck disable=SC1090
    . "$envfile"
    set +a
    cd "$ROOT"
    exec setsid "$@" </dev/null >>"$DIR/logs/$name.log" 2>&1
  ) &
  echo $! >"$DIR/run/$name.pid"
}

# A build from a checkout with src/worker.ts has dist/worker.js (checked after the build: an older
# dist/ may hold a stale one).
worker_kind() { [ -f "$ROOT/src/worker.ts" ] && [ -f "$ROOT/dist/worker.js" ] && echo worker || echo server; }

# POST /inbound/mail's Bearer secret (D40): another random value, kept like the key.
inbound_secret() {
  local f="$DIR/inbound-secret"
  if [ ! -s "$f" ]; then
    (umask 077 && "$NODE" -e 'process.stdout.write(require("crypto").randomBytes(24).toString("hex"))' >"$f")
  fi
  cat "$f"
}

secret_key() {
  local f="$DIR/secret-key"
  if [ ! -s "$f" ]; then
    (umask 077 && "$NODE" -e 'process.stdout.write(require("crypto").randomBytes(32).toString("hex"))' >"$f")
  fi
  cat "$f"
}

# The settings every service process shares (docs/deploy.md lists them all).
write_env() {
  local pg_url redis_url
  pg_url="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  redis_url="redis://127.0.0.1:$REDIS_PORT"
  cat >"$DIR/cluster.env" <<EOF
NODE_ENV=production
DATABASE_URL=$pg_url
REDIS_URL=$redis_url
REDIS_PREFIX=di:
PHOTO_STORAGE=s3://photos/cluster
S3_ENDPOINT=http://127.0.0.1:$S3_PORT
S3_REGION=us-east-1
AWS_ACCESS_KEY_ID=S3RVER
AWS_SECRET_ACCESS_KEY=S3RVER
SECRET_KEY=$(secret_key)
INBOUND_MAIL_SECRET=$(inbound_secret)
DATA_DIR=$DIR/data
PUBLIC_BASE_URL=$BASE_URL
TRUST_PROXY=loopback
HOST=127.0.0.1
LOG_LEVEL=${LOG_LEVEL:-info}
OUTBOUND_ALLOW_PRIVATE_NETWORKS=${OUTBOUND_ALLOW_PRIVATE_NETWORKS:-true}
EOF
  # The SECRET_KEY is in there: readable by this user only.
  chmod 600 "$DIR/cluster.env"
}

start() {
  [ -d "$ROOT/node_modules" ] || die "no node_modules in $ROOT: run npm ci first"
  mkdir -p "$DIR/run" "$DIR/logs" "$DIR/data" "$DIR/s3"
  chmod 755 "$DIR" # PostgreSQL runs as its own user when started as root, and needs to reach its folder

  log "postgresql on $PG_PORT…"
  PGPORT=$PG_PORT PGDATA_DIR="$DIR/pg" PG_KEEP_DATA=1 bash "$ROOT/scripts/postgres.sh" start >/dev/null
  log "redis on $REDIS_PORT…"
  REDIS_PORT=$REDIS_PORT REDIS_DIR="$DIR/redis" bash "$ROOT/scripts/redis.sh" start >/dev/null

  if ! running_pid s3 scripts/s3-server.mjs >/dev/null; then
    port_open "$S3_PORT" && die "port $S3_PORT is taken by another program (set CLUSTER_S3_PORT)"
    log "s3 (s3rver) on $S3_PORT…"
    printf 'S3_PORT=%s\nS3_DIR=%s\nS3_BUCKETS=photos\nHOST=127.0.0.1\n' "$S3_PORT" "$DIR/s3" >"$DIR/s3.env"
    spawn s3 "$DIR/s3.env" "$NODE" scripts/s3-server.mjs
  fi
  write_env

  log "build…"
  (cd "$ROOT" && npm run --silent build)
  # The schema is brought up to date once, before the servers start (they would also do it).
  (set -a && . "$DIR/cluster.env" && set +a && cd "$ROOT" && "$NODE" dist/cli.js dealers list --json >/dev/null) ||
    die "could not migrate the database (see above)"

  local i port name
  for i in $(seq 1 "$APIS"); do
    name="api$i"
    port=$((API_PORT + i - 1))
    running_pid "$name" dist/server.js >/dev/null && continue
    port_open "$port" && die "port $port is taken by another program (set CLUSTER_API_PORT)"
    log "$name on $port…"
    printf 'PORT=%s\nJOB_CONCURRENCY=0\nMETRICS_PORT=%s\nINBOUND_SMTP_PORT=%s\n' "$port" $((9400 + i)) $((SMTP_PORT + i - 1)) >"$DIR/$name.env"
    cat "$DIR/cluster.env" >>"$DIR/$name.env"
    chmod 600 "$DIR/$name.env"
    spawn "$name" "$DIR/$name.env" "$NODE" --max-semi-space-size=4 --initial-old-space-size=64 dist/server.js
  done

  if ! running_pid worker "dist/$(worker_kind).js" >/dev/null; then
    printf 'JOB_CONCURRENCY=%s\nMETRICS_PORT=9409\n' "${CLUSTER_JOB_CONCURRENCY:-8}" >"$DIR/worker.env"
    if [ "$(worker_kind)" = server ]; then
      port_open "$WORKER_PORT" && die "port $WORKER_PORT is taken by another program (set CLUSTER_WORKER_PORT)"
      printf 'PORT=%s\n' "$WORKER_PORT" >>"$DIR/worker.env"
    fi
    cat "$DIR/cluster.env" >>"$DIR/worker.env"
    chmod 600 "$DIR/worker.env"
    log "worker (dist/$(worker_kind).js)…"
    spawn worker "$DIR/worker.env" "$NODE" --max-semi-space-size=4 --initial-old-space-size=64 "dist/$(worker_kind).js"
  fi

  local upstreams=""
  for i in $(seq 1 "$APIS"); do upstreams="$upstreams${upstreams:+,}127.0.0.1:$((API_PORT + i - 1))"; done
  if ! running_pid balancer scripts/balancer.mjs >/dev/null; then
    port_open "$LB_PORT" && die "port $LB_PORT is taken by another program (set CLUSTER_PORT)"
    log "balancer on $LB_PORT…"
    printf 'BALANCER_PORT=%s\nBALANCER_HOST=127.0.0.1\nUPSTREAMS=%s\n' "$LB_PORT" "$upstreams" >"$DIR/balancer.env"
    spawn balancer "$DIR/balancer.env" "$NODE" scripts/balancer.mjs
  fi

  wait_http "http://127.0.0.1:$S3_PORT/photos" "s3" "$DIR/logs/s3.log"
  for i in $(seq 1 "$APIS"); do wait_http "http://127.0.0.1:$((API_PORT + i - 1))/health" "api$i" "$DIR/logs/api$i.log"; done
  if [ "$(worker_kind)" = server ]; then
    wait_http "http://127.0.0.1:$WORKER_PORT/health" worker "$DIR/logs/worker.log"
  else
    sleep 1 # no HTTP listener to ask: alive after a second is taken as started
    running_pid worker dist/worker.js >/dev/null || {
      tail -n 20 "$DIR/logs/worker.log" >&2
      die "the worker exited"
    }
  fi
  wait_http "$BASE_URL/health" balancer "$DIR/logs/balancer.log"

  cat <<EOF

Dealer Inventory cluster is up (state in $DIR):
  API (balancer)  $BASE_URL   → $upstreams
  inbound SMTP    127.0.0.1:$SMTP_PORT… (one port per API process; D40)
  worker          dist/$(worker_kind).js$([ "$(worker_kind)" = server ] && echo " (a server process on 127.0.0.1:$WORKER_PORT, JOB_CONCURRENCY=8)")
  PostgreSQL      postgres://postgres@127.0.0.1:$PG_PORT/postgres
  Redis           redis://127.0.0.1:$REDIS_PORT
  S3 (s3rver)     http://127.0.0.1:$S3_PORT, bucket photos (key S3RVER / S3RVER)
  logs            $DIR/logs/

A dealership and a key (the CLI on the same DATABASE_URL and SECRET_KEY):
  scripts/cluster.sh cli dealers create --slug autos-sur --name "Autos del Sur" --markets ar
  KEY=\$(scripts/cluster.sh cli keys create --dealer autos-sur | head -n 1)
  curl -s $BASE_URL/v1/me -H "Authorization: Bearer \$KEY"

Stop everything: scripts/cluster.sh stop
EOF
}

stop_pid() { # name marker
  local pid i
  pid=$(running_pid "$1" "$2") || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 1 $((STOP_GRACE_S * 10))); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "cluster: $1 ($pid) did not stop within $STOP_GRACE_S s: SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$DIR/run/$1.pid"
  log "stopped $1"
}

stop() {
  [ -d "$DIR/run" ] || {
    log "cluster: nothing started in $DIR"
    return 0
  }
  local i names=()
  # The balancer first (no new requests), then the service processes together, then what they use.
  stop_pid balancer scripts/balancer.mjs
  for f in "$DIR"/run/api*.pid; do [ -e "$f" ] && names+=("$(basename "$f" .pid)"); done
  for i in "${names[@]}"; do stop_pid "$i" dist/server.js & done
  stop_pid worker dist/ &
  wait
  stop_pid s3 scripts/s3-server.mjs
  REDIS_PORT=$REDIS_PORT REDIS_DIR="$DIR/redis" bash "$ROOT/scripts/redis.sh" stop
  log "stopped redis"
  PGPORT=$PG_PORT PGDATA_DIR="$DIR/pg" bash "$ROOT/scripts/postgres.sh" stop
  log "stopped postgresql (data kept in $DIR/pg)"
}

status() {
  local name pid any=1
  printf '%-9s %-8s %s\n' component state where
  for f in "$DIR"/run/*.pid; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .pid)
    if pid=$(running_pid "$name" "$(case $name in s3) echo s3-server ;; balancer) echo balancer ;; *) echo dist/ ;; esac)"); then
      any=0
      printf '%-9s %-8s pid %s, log %s\n' "$name" running "$pid" "$DIR/logs/$name.log"
    else
      printf '%-9s %-8s\n' "$name" stopped
    fi
  done
  if redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then printf '%-9s %-8s %s\n' redis running "redis://127.0.0.1:$REDIS_PORT"; else printf '%-9s %-8s\n' redis stopped; fi
  if port_open "$PG_PORT"; then printf '%-9s %-8s %s\n' postgres running "postgres://postgres@127.0.0.1:$PG_PORT/postgres"; else printf '%-9s %-8s\n' postgres stopped; fi
  [ $any = 0 ] && curl -fsS -o /dev/null --max-time 2 "$BASE_URL/health" && echo "API: $BASE_URL (health ok)"
  return 0
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  env)
    [ -f "$DIR/cluster.env" ] || die "not started yet"
    cat "$DIR/cluster.env"
    ;;
  cli)
    shift
    [ -f "$DIR/cluster.env" ] || die "not started yet: scripts/cluster.sh start"
    set -a
    # shellcheck disable=SC1091
    . "$DIR/cluster.env"
    set +a
    cd "$ROOT"
    exec "$NODE" dist/cli.js "$@"
    ;;
  *)
    log "usage: $0 start|stop|status|env|cli …"
    exit 2
    ;;
esac
