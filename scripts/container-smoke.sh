#!/usr/bin/env bash
# Builds the image with the classic builder (DOCKER_BUILDKIT=0) from a checkout, starts it on the embedded default
# with its data in a named volume, waits for the image's own health check, checks it runs as a non-root user;
# then removes the container, starts a new one on the same volume (as `docker compose up` after a change does),
# checks that the database and a media file were kept, signs in and opens /manage. Removes its containers and
# volume at the end (the image stays, tagged flota:smoke, so the next build reuses its layers).
#
#   scripts/container-smoke.sh [CHECKOUT]
#
# Needs a running Docker daemon and the base image (BASE_IMAGE, default node:20-bookworm-slim) present or pullable;
# where no registry is reachable, build it first with local-base-image.sh (see .ci/run).
set -euo pipefail
checkout=$(cd "${1:-$(dirname "$0")/..}" && pwd)
base=${BASE_IMAGE:-node:20-bookworm-slim}
image=flota:smoke
port=${SMOKE_CONTAINER_PORT:-3989}
volume=flota-smoke-data-$$
jar=$(mktemp /tmp/flota-csmoke-jar-XXXXXX)
cid=""

cleanup() {
  [ -z "$cid" ] || docker rm -f "$cid" >/dev/null 2>&1 || true
  docker volume rm -f "$volume" >/dev/null 2>&1 || true
  rm -f "$jar"
}
trap cleanup EXIT

t0=$(date +%s)
echo "container-smoke: DOCKER_BUILDKIT=0 docker build --build-arg BASE_IMAGE=$base $checkout"
DOCKER_BUILDKIT=0 docker build -q --build-arg "BASE_IMAGE=$base" -t "$image" "$checkout" >/dev/null
t1=$(date +%s)
echo "container-smoke: image built in $((t1 - t0)) s ($(docker image inspect -f '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}'))"

start_container() {
  # the image's health check command, probed every 2 s instead of 30 s so that the wait is short
  cid=$(docker run -d --health-interval=2s -p "127.0.0.1:$port:3000" -v "$volume:/data" "$image")
  local started status
  started=$(date +%s)
  for _ in $(seq 1 300); do
    status=$(docker inspect -f '{{.State.Health.Status}}' "$cid" 2>/dev/null || echo gone)
    [ "$status" = healthy ] && break
    if [ "$(docker inspect -f '{{.State.Running}}' "$cid" 2>/dev/null)" != true ]; then
      docker logs "$cid" 2>&1 | tail -40
      echo "container-smoke: the container exited"
      exit 1
    fi
    sleep 1
  done
  if [ "$status" != healthy ]; then docker logs "$cid" 2>&1 | tail -40; echo "container-smoke: not healthy ($status)"; exit 1; fi
  echo "container-smoke: healthy $(($(date +%s) - started)) s after docker run"
}

stop_container() {
  docker stop -t 30 "$cid" >/dev/null
  docker rm "$cid" >/dev/null
  cid=""
}

start_container
uid=$(docker exec "$cid" id -u)
[ "$uid" != 0 ] || { echo "container-smoke: the app runs as root"; exit 1; }
echo "container-smoke: runs as $(docker exec "$cid" id -un) (uid $uid)"
logs=$(docker logs "$cid" 2>&1)
grep -q "created the first organisation" <<<"$logs" || { docker logs "$cid" | tail -40; echo "container-smoke: no first organisation"; exit 1; }
docker exec "$cid" sh -c 'mkdir -p /data/storage/media/smoke && echo kept > /data/storage/media/smoke/check.txt'
stop_container

# a new container on the same volume: the database and the media are still there
start_container
logs=$(docker logs "$cid" 2>&1)
if grep -q "created the first organisation" <<<"$logs"; then
  echo "container-smoke: the new container created the organisation again (data not kept)"
  exit 1
fi
[ "$(docker exec "$cid" cat /data/storage/media/smoke/check.txt)" = kept ] || { echo "container-smoke: media file lost"; exit 1; }
echo "container-smoke: a new container on the same volume kept the database and the media"

page=$(curl -fs -c "$jar" -b "$jar" "http://127.0.0.1:$port/login")
csrf=$(printf '%s' "$page" | grep -o 'name="_csrf" value="[^"]*"' | head -1 | sed 's/.*value="//;s/"$//')
status=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' -c "$jar" -b "$jar" -X POST "http://127.0.0.1:$port/login" \
  --data-urlencode "_csrf=$csrf" --data-urlencode "email=admin@flota.local" --data-urlencode "password=flota-admin")
echo "container-smoke: sign-in answered $status"
case "$status" in 302*/manage) ;; *) docker logs "$cid" 2>&1 | tail -40; echo "container-smoke: sign-in failed"; exit 1;; esac
# the page is read whole before it is searched: with pipefail, `curl | grep -q` fails whenever grep stops
# reading early and curl is cut off by SIGPIPE
manage=$(curl -fs -b "$jar" "http://127.0.0.1:$port/manage") || { echo "container-smoke: /manage answered an error"; exit 1; }
grep -q 'data-testid="fleet-table"' <<<"$manage" ||
  { printf '%s' "$manage" | head -c 2000; echo; echo "container-smoke: /manage did not render the fleet"; exit 1; }
echo "container-smoke: signed in as admin@flota.local and /manage lists the demo fleet"
stop_container
echo "container-smoke: done in $(($(date +%s) - t0)) s"
echo "container-smoke: 1 passed, 0 failed"
