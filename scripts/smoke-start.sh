#!/usr/bin/env bash
# Starts the app as a new user would (embedded PostgreSQL, demo data), signs in and opens /manage.
set -euo pipefail
cd "$(dirname "$0")/.."
unset DATABASE_URL REDIS_URL
data_dir=$(mktemp -d /tmp/flota-smoke-XXXXXX)
port=${SMOKE_PORT:-3987}
log=$(mktemp /tmp/flota-smoke-log-XXXXXX)
pid=""
cleanup() { [ -n "$pid" ] && { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }; rm -rf "$data_dir"; }
trap cleanup EXIT

start_app() {
  FLOTA_DATA_DIR="$data_dir" FLOTA_DB_PORT=$((port + 20000)) PORT=$port node_modules/.bin/tsx server/cli/start.ts >"$log" 2>&1 &
  pid=$!
  for _ in $(seq 1 180); do
    # ready = answering /readyz and the start banner printed (printed after the gateways and the simulator start)
    if curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && grep -q "Flota is running at" "$log"; then break; fi
    if ! kill -0 "$pid" 2>/dev/null; then cat "$log"; echo "smoke: the app exited"; exit 1; fi
    sleep 1
  done
  curl -fs "http://127.0.0.1:$port/readyz" >/dev/null || { cat "$log"; echo "smoke: not ready"; exit 1; }
  grep -q "Flota is running at" "$log" || { cat "$log"; echo "smoke: no start banner"; exit 1; }
}

stop_app() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }

start_app
grep -q "created the first organisation" "$log" || { cat "$log"; echo "smoke: first start did not create the organisation"; exit 1; }
stop_app
# A second start keeps the data: no new organisation, same sign-in.
start_app
if grep -q "created the first organisation" "$log"; then echo "smoke: second start created the organisation again"; exit 1; fi

jar=$(mktemp)
page=$(curl -fs -c "$jar" -b "$jar" "http://127.0.0.1:$port/login")
csrf=$(printf '%s' "$page" | grep -o 'name="_csrf" value="[^"]*"' | head -1 | sed 's/.*value="//;s/"$//')
status=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' -c "$jar" -b "$jar" -X POST "http://127.0.0.1:$port/login" \
  --data-urlencode "_csrf=$csrf" --data-urlencode "email=admin@flota.local" --data-urlencode "password=flota-admin")
echo "smoke: sign-in answered $status"
case "$status" in 302*/manage) ;; *) cat "$log"; echo "smoke: sign-in failed"; exit 1;; esac
manage=$(curl -fs -b "$jar" "http://127.0.0.1:$port/manage")
printf '%s' "$manage" | grep -q 'data-testid="fleet-table"' || { echo "smoke: /manage did not render the fleet"; exit 1; }
rows=$(printf '%s' "$manage" | grep -o '<tr' | wc -l)
echo "smoke: signed in as admin@flota.local and /manage lists the demo fleet ($((rows - 1)) rows on the first page)"
echo "smoke: 1 passed, 0 failed"
