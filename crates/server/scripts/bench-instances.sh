#!/usr/bin/env bash
# The load benchmark against two `patience serve` instances on PostgreSQL
# behind nginx (the deployment docs/DEPLOY.md describes and the tests run):
# a throwaway cluster, two instances, nginx with deploy/nginx-site.conf, and
# examples/load.rs with --url at nginx. Prints the load example's figures
# and the CPU the instances, PostgreSQL and nginx used per accepted move.
#
#   crates/server/scripts/bench-instances.sh --players 500 --rate 2250 --seconds 30
#
# Arguments go to the load example. Run it alone on the machine.
set -euo pipefail
cd "$(dirname "$0")/../../.."
cargo build --release --quiet -p patience-cli --bin patience
cargo build --release --quiet -p patience-server --example load
HERE=crates/server/scripts
PG="$($HERE/start-postgres.sh)"
URL="$(echo "$PG" | sed -n 1p)"
PG_DIR="$(echo "$PG" | sed -n 2p)"
WORK="$(mktemp -d /tmp/patience-bench.XXXXXX)"
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    $HERE/stop-postgres.sh "$PG_DIR"
    rm -rf "$WORK"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
A="$(free_port)"; B="$(free_port)"; N="$(free_port)"
for port in "$A" "$B"; do
    target/release/patience serve --port "$port" --db "$URL" --no-rate-limits --shared-address-seats \
        --trusted-proxy-header X-Forwarded-For --log off --library-target 0 --daily-candidates 0 &
    PIDS+=($!)
done
USER_LINE=""
if [ "$(id -u)" = 0 ]; then USER_LINE="user root;"; fi
SITE="$(sed -e "/server 127.0.0.1:8082/d" \
    -e "s/server 127.0.0.1:8081 max_fails=1 fail_timeout=5s;/server 127.0.0.1:$A max_fails=1 fail_timeout=5s;\n    server 127.0.0.1:$B max_fails=1 fail_timeout=5s;/" \
    -e "s/listen 127.0.0.1:8080;/listen 127.0.0.1:$N;/" crates/server/deploy/nginx-site.conf)"
cat >"$WORK/nginx.conf" <<CONF
$USER_LINE
worker_processes 1;
daemon off;
pid $WORK/nginx.pid;
error_log $WORK/error.log;
events { worker_connections 4096; }
http {
 access_log off;
 client_body_temp_path $WORK/body; proxy_temp_path $WORK/proxy; fastcgi_temp_path $WORK/fastcgi;
 uwsgi_temp_path $WORK/uwsgi; scgi_temp_path $WORK/scgi;
$SITE
}
CONF
nginx -p "$WORK" -c "$WORK/nginx.conf" -e "$WORK/error.log" &
PIDS+=($!)
for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$N/readyz" >/dev/null 2>&1 && break
    sleep 0.2
done
# CPU seconds (user + system) of the instances, nginx and every postgres
# process, from /proc.
cpu() {
    python3 - "$@" <<'PY'
import os, sys
ticks = os.sysconf("SC_CLK_TCK")
used = {"patience": 0.0, "nginx": 0.0, "postgres": 0.0}
for pid in os.listdir("/proc"):
    if not pid.isdigit():
        continue
    try:
        cmd = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")[0].decode()
        stat = open(f"/proc/{pid}/stat").read()
    except OSError:
        continue
    kind = "patience" if cmd.endswith("/patience") else "nginx" if "nginx" in cmd else "postgres" if ("postgres" in stat.split()[1] or "postgres" in cmd) else None
    if kind:
        fields = stat[stat.rfind(")") + 2:].split()
        used[kind] += (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / ticks
print(used["patience"], used["nginx"], used["postgres"])
PY
}
BEFORE="$(cpu)"
START="$(date +%s.%N)"
target/release/examples/load --url "http://127.0.0.1:$N" "$@" | tee "$WORK/load.txt"
END="$(date +%s.%N)"
AFTER="$(cpu)"
python3 - "$BEFORE" "$AFTER" "$START" "$END" "$WORK/load.txt" <<'PY'
import re, sys
before = list(map(float, sys.argv[1].split()))
after = list(map(float, sys.argv[2].split()))
start, end = float(sys.argv[3]), float(sys.argv[4])
text = open(sys.argv[5]).read()
moves = int(re.search(r"accepted (\d+) moves", text).group(1))
measured = float(re.search(r"(\d+) s measured after (\d+) s", text).group(1))
warmup = float(re.search(r"measured after (\d+) s", text).group(1))
parts = [a - b for a, b in zip(after, before)]
used = sum(parts)
# Moves made during the warm-up are not counted: scale as the load example does.
counted = moves * (measured + warmup) / measured
print(f"CPU: instances, nginx and PostgreSQL {100 * used / (end - start):.0f}% of one core; "
      f"{used / counted * 1e6:.0f} µs per accepted move (instances {parts[0] / counted * 1e6:.0f}, "
      f"nginx {parts[1] / counted * 1e6:.0f}, PostgreSQL {parts[2] / counted * 1e6:.0f})")
PY
