#!/usr/bin/env bash
# CI's check of the one-machine topology (scripts/cluster.sh, docs/deploy.md) from a fresh clone:
# start it, create a dealership and a key through its CLI, write a car through the balancer,
# read it back from every API process, see /ready name Redis and the bucket, stop it.
set -euo pipefail
cd "$(dirname "$0")/.."
# PostgreSQL below the ephemeral port range, as in .ci/run (a client's connection can hold a port
# in it; the default 54340 is for a developer's machine).
export CLUSTER_PGPORT="${CLUSTER_PGPORT:-25440}"
export CLUSTER_DIR="${CLUSTER_DIR:-$(mktemp -d /tmp/dealer-inventory-cluster-ci.XXXXXX)}"
API_PORT="${CLUSTER_API_PORT:-3101}"
LB="http://127.0.0.1:${CLUSTER_PORT:-3000}"
trap 'bash scripts/cluster.sh stop || true; rm -rf "$CLUSTER_DIR"' EXIT

bash scripts/cluster.sh start
bash scripts/cluster.sh cli dealers create --slug smoke --name "Smoke" --markets ar --city Rosario >/dev/null
KEY=$(bash scripts/cluster.sh cli keys create --dealer smoke --name ci | head -n 1)

ready=$(curl -fsS "$LB/ready")
echo "ready: $ready"
case "$ready" in *'"redis":"ok"'*'"storage":"ok"'* | *'"storage":"ok"'*'"redis":"ok"'*) ;; *) echo "GET /ready does not name Redis and the bucket as ok" >&2; exit 1 ;; esac

curl -fsS -X PUT "$LB/v1/vehicles/SMOKE-1" -H "authorization: Bearer $KEY" -H 'content-type: application/json' \
  -d '{"brand":"Toyota","model":"Corolla","year":2020,"price":15000000,"mileage":40000,"photos":["https://example.com/1.jpg","https://example.com/2.jpg","https://example.com/3.jpg"]}' >/dev/null
for i in 0 1 2; do
  got=$(curl -fsS "http://127.0.0.1:$((API_PORT + i))/v1/vehicles/SMOKE-1" -H "authorization: Bearer $KEY")
  case "$got" in *'"external_id":"SMOKE-1"'*) ;; *) echo "API process $i does not see the car: $got" >&2; exit 1 ;; esac
done
echo "cluster smoke: ok (3 API processes behind the balancer, 1 worker, PostgreSQL, Redis, S3)"
