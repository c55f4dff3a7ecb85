#!/usr/bin/env bash
# Starts a throw-away Redis server of its own (no persistence) for the tests, benchmarks and the
# one-machine cluster, installing Debian's redis-server first when it is missing.
#   scripts/redis.sh install   -> installs redis-server only
#   scripts/redis.sh start     -> prints the REDIS_URL to use
#   scripts/redis.sh stop
set -euo pipefail
REDIS_PORT="${REDIS_PORT:-63790}"
REDIS_DIR="${REDIS_DIR:-/tmp/dealer-inventory-redis-$REDIS_PORT}"

install_redis() {
  if ! command -v redis-server >/dev/null; then
    echo "installing Redis from Debian's packages…" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq redis-server >&2
  fi
}

case "${1:-start}" in
  install)
    install_redis
    ;;
  start)
    install_redis
    if ! redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
      mkdir -p "$REDIS_DIR"
      redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$REDIS_DIR" \
        --daemonize yes --pidfile "$REDIS_DIR/redis.pid" --logfile "$REDIS_DIR/redis.log" >/dev/null
      for _ in $(seq 1 50); do
        redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break
        sleep 0.1
      done
    fi
    echo "redis://127.0.0.1:$REDIS_PORT"
    ;;
  stop)
    redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
    ;;
  *)
    echo "usage: $0 install|start|stop" >&2
    exit 2
    ;;
esac
