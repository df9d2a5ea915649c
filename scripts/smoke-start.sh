#!/usr/bin/env bash
# Starts the app as a new user would (embedded PostgreSQL, demo data), signs in and opens /manage; starts it
# a second time to check that the data is kept.
#
#   scripts/smoke-start.sh [--readme] [CHECKOUT]
#
# CHECKOUT is the checkout to start (default: the one holding this script).
# --readme starts it exactly with the README's command, `npm start` in CHECKOUT with its default ./data, and
#   removes that data afterwards, including a database kept elsewhere (CHECKOUT/data/postgres-location.json,
#   written when the checkout is out of the postgres user's reach) and a copy of the PostgreSQL programs made
#   for this run. Without it: a temporary data folder (FLOTA_DATA_DIR).
set -euo pipefail
readme=false
if [ "${1:-}" = "--readme" ]; then readme=true; shift; fi
checkout=$(cd "${1:-$(dirname "$0")/..}" && pwd)
cd "$checkout"
unset DATABASE_URL REDIS_URL FLOTA_DATA_DIR
port=${SMOKE_PORT:-3987}
db_port=$((port + 20000))
relocate_root=/var/lib/flota
log=$(mktemp /tmp/flota-smoke-log-XXXXXX)
jar=$(mktemp /tmp/flota-smoke-jar-XXXXXX)
if $readme; then
  data_dir="$checkout/data"
  if [ -e "$data_dir" ]; then echo "smoke: $data_dir exists already; --readme needs a checkout that was never started"; exit 1; fi
  # what under /var/lib/flota predates this run (kept)
  before=$(ls -A "$relocate_root" 2>/dev/null || true)
  had_root=$([ -d "$relocate_root" ] && echo yes || echo no)
else
  data_dir=$(mktemp -d /tmp/flota-smoke-XXXXXX)
fi
pid=""

stop_app() {
  [ -n "$pid" ] || return 0
  # the whole process group: npm, tsx, node and the PostgreSQL server it runs
  kill -TERM -- "-$pid" 2>/dev/null || true
  for _ in $(seq 1 600); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  pid=""
}

cleanup() {
  stop_app
  if $readme; then
    if [ -f "$data_dir/postgres-location.json" ]; then
      cluster=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).cluster)' "$data_dir/postgres-location.json")
      case "$cluster" in "$relocate_root"/*/postgres) rm -rf "$cluster"; rmdir "$(dirname "$cluster")" 2>/dev/null || true;; esac
    fi
    for entry in $(ls -A "$relocate_root" 2>/dev/null || true); do
      grep -qxF "$entry" <<<"$before" || rm -rf "${relocate_root:?}/$entry"
    done
    [ "$had_root" = yes ] || rmdir "$relocate_root" 2>/dev/null || true
  fi
  rm -rf "$data_dir" "$log" "$jar"
}
trap cleanup EXIT

start_app() {
  # its own process group (setsid), so that stop_app reaches every process it starts
  if $readme; then
    PORT=$port FLOTA_DB_PORT=$db_port setsid npm start >"$log" 2>&1 &
  else
    FLOTA_DATA_DIR="$data_dir" FLOTA_DB_PORT=$db_port PORT=$port setsid node_modules/.bin/tsx server/cli/start.ts >"$log" 2>&1 &
  fi
  pid=$!
  # the first start of a fresh checkout builds the web app first
  for _ in $(seq 1 600); do
    # ready = answering /readyz and the start banner printed (printed after the gateways and the simulator start)
    if curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && grep -q "Flota is running at" "$log"; then break; fi
    if ! kill -0 "$pid" 2>/dev/null; then cat "$log"; echo "smoke: the app exited"; exit 1; fi
    sleep 1
  done
  curl -fs "http://127.0.0.1:$port/readyz" >/dev/null || { cat "$log"; echo "smoke: not ready"; exit 1; }
  grep -q "Flota is running at" "$log" || { cat "$log"; echo "smoke: no start banner"; exit 1; }
}

start_app
grep -q "created the first organisation" "$log" || { cat "$log"; echo "smoke: first start did not create the organisation"; exit 1; }
grep -E "embedded database|PostgreSQL programs|Database:" "$log" | sed 's/^/smoke: app said: /' | cut -c1-400 || true
stop_app
# A second start keeps the data: no new organisation, same sign-in.
start_app
if grep -q "created the first organisation" "$log"; then echo "smoke: second start created the organisation again"; exit 1; fi

page=$(curl -fs -c "$jar" -b "$jar" "http://127.0.0.1:$port/login")
csrf=$(printf '%s' "$page" | grep -o 'name="_csrf" value="[^"]*"' | head -1 | sed 's/.*value="//;s/"$//')
status=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' -c "$jar" -b "$jar" -X POST "http://127.0.0.1:$port/login" \
  --data-urlencode "_csrf=$csrf" --data-urlencode "email=admin@flota.local" --data-urlencode "password=flota-admin")
echo "smoke: sign-in answered $status"
case "$status" in 302*/manage) ;; *) cat "$log"; echo "smoke: sign-in failed"; exit 1;; esac
manage=$(curl -fs -b "$jar" "http://127.0.0.1:$port/manage")
grep -q 'data-testid="fleet-table"' <<<"$manage" || { echo "smoke: /manage did not render the fleet"; exit 1; }
rows=$(printf '%s' "$manage" | grep -o '<tr' | wc -l)
echo "smoke: signed in as admin@flota.local and /manage lists the demo fleet ($((rows - 1)) rows on the first page)"
echo "smoke: 1 passed, 0 failed"
