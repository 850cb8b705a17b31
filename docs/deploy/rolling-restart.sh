#!/bin/sh
# Restarts the API processes one at a time without dropping a request (docs/deploy.md, Upgrading):
#   sudo /opt/stream/docs/deploy/rolling-restart.sh 8081 8082
# The cluster test (apps/api/test/system/cluster.test.ts) runs this file as it is, under load.
#
# For each port: restart its API (SIGTERM: its /readyz fails at once, it takes no new connection
# and finishes those in flight, so nginx sends everything to the others); wait until the new
# process's /readyz answers 200; then wait out nginx's fail_timeout (nginx-http.conf), during which
# nginx still leaves alone an API it saw refuse a connection. Restarting the next one sooner left
# nginx with no live upstream at all: ~5 s of 502s.
set -eu
# How to restart the API on a port (the port is appended): systemd's unit, or the test's own.
restart="${STREAM_API_RESTART:-systemctl restart stream-api@}"
# nginx-http.conf's fail_timeout, plus a second.
settle="${STREAM_NGINX_FAIL_TIMEOUT:-11}"
# The address the APIs listen on (HOST in stream.env); 127.0.0.1 reaches 127.0.0.1 and 0.0.0.0.
host="${STREAM_API_HOST:-127.0.0.1}"
# How long a restarted API may take to be ready.
deadline="${STREAM_READY_SECONDS:-120}"

for port in "$@"; do
  $restart"$port"
  waited=0
  # Refused connections are expected while it starts: the wait says nothing unless it gives up.
  until curl -fs -o /dev/null --max-time 2 "http://$host:$port/readyz"; do
    waited=$((waited + 1))
    if [ "$waited" -ge "$deadline" ]; then
      curl -fsS -o /dev/null --max-time 2 "http://$host:$port/readyz" || true # why, once
      echo "the API on port $port is not ready after $deadline s: stopping here, the others untouched" >&2
      exit 1
    fi
    sleep 1
  done
  sleep "$settle"
done
