#!/usr/bin/env bash
# Restarts the 拾念 processes one at a time, so nginx always has one to send requests to:
#   deploy/rolling-restart.sh            every active shinian@PORT unit
#   deploy/rolling-restart.sh 8801 8802  these ports
# Each restart returns once /api/health answers (the unit's ExecStartPost); the script checks it
# again, then waits SETTLE seconds (nginx's fail_timeout of 5 s, and one more) before the next:
# nginx may have marked the restarted process failed while it was down and sends it nothing until
# then; restarting the next one sooner leaves nginx no live process (502 for everyone).
# SYSTEMCTL names another systemctl (the deploy test runs the script against a stand-in).
set -euo pipefail
cd "$(dirname "$0")/.."
systemctl_cmd=${SYSTEMCTL:-systemctl}
settle=${SETTLE:-6}
node_bin=${NODE:-node_modules/.bin/node}

ports=("$@")
if [ ${#ports[@]} -eq 0 ]; then
  mapfile -t ports < <($systemctl_cmd list-units 'shinian@*.service' --state=active --plain --no-legend |
    sed -n 's/^shinian@\([0-9]*\)\.service.*/\1/p')
fi
if [ ${#ports[@]} -eq 0 ]; then
  echo "no active shinian@PORT units" >&2
  exit 1
fi

last=${ports[${#ports[@]}-1]}
for port in "${ports[@]}"; do
  echo "restarting shinian@${port} …"
  $systemctl_cmd restart "shinian@${port}.service"
  "$node_bin" deploy/wait-healthy.mjs "$port" 60
  echo "shinian@${port} healthy"
  if [ "$port" != "$last" ]; then sleep "$settle"; fi
done
echo "all ${#ports[@]} restarted"
