#!/usr/bin/env bash
# Reproduces docs/experiments/2026-11-28-tune-any.md#tune-any's speed-up (issue 63): one tune, its games spread
# by GNU parallel over SSH hosts, timed on one host and on two. The "hosts" are two SSH
# servers on loopback (Debian's openssh-server, run as root: each with its own host key
# and this run's authorized key, stopped when the script ends), one job at a time each
# (`1/` in the sshloginfile), so two hosts have two cores and one host one. The tune: the
# starter bot's --share against four sample AIs, one batch of BATCH iterations of PAIRS
# deal pairs a point (2 x BATCH jobs of 2 x PAIRS games each). Both runs must log the same
# θ line for line (the same seed, batch and iterations give the same tune anywhere).
# Usage: docs/runs/tune-hosts.sh [BATCH [PAIRS]]   (default 16, 8: a few minutes)
set -euo pipefail
cd "$(dirname "$0")/../.."
batch=${1:-16}
pairs=${2:-8}
cargo build --release -q -p harness
h=$PWD/target/release/harness
out=target/runs/tune-hosts
rm -rf "$out"
mkdir -p "$out" /run/sshd
keys=$(cd "$out" && pwd)
ssh-keygen -q -t ed25519 -N '' -f "$keys/user_key"
cp "$keys/user_key.pub" "$keys/authorized_keys"
servers=()
trap 'kill "${servers[@]}" 2>/dev/null || true' EXIT
logins=()
for name in first second; do
  ssh-keygen -q -t ed25519 -N '' -f "$keys/${name}_host_key"
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  printf '%s\n' "Port $port" "ListenAddress 127.0.0.1" "HostKey $keys/${name}_host_key" \
    "AuthorizedKeysFile $keys/authorized_keys" "PasswordAuthentication no" \
    "KbdInteractiveAuthentication no" "PermitRootLogin prohibit-password" "StrictModes no" \
    "UsePAM no" "PidFile none" > "$keys/${name}_sshd_config"
  /usr/sbin/sshd -D -f "$keys/${name}_sshd_config" -E "$keys/${name}_sshd.log" &
  servers+=($!)
  logins+=("1/ssh -i $keys/user_key -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -p $port $(id -un)@127.0.0.1")
done
sleep 1
printf '%s\n' "${logins[0]}" > "$out/one-host"
printf '%s\n' "${logins[@]}" > "$out/two-hosts"
for hosts in one-host two-hosts; do
  # Others' runs on the same cores slow both: the load says how much.
  echo "$hosts: load average $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 minutes) at the start"
  start=$(date +%s.%N)
  "$h" tune --base "cmd:python3 harness/examples/starter_bot.py --share {share}" \
    --param share=0.2:0:1:0.05 --opponent sample:2 --opponent sample:6 --opponent sample:7 \
    --opponent sample:9 --iterations "$batch" --batch "$batch" --pairs "$pairs" --r-end 0.1 \
    --seed 5 --log "$out/$hosts.jsonl" --sshloginfile "$out/$hosts" --no-progress \
    > /dev/null 2> "$out/$hosts.progress"
  end=$(date +%s.%N)
  seconds=$(python3 -c "print(f'{$end - $start:.1f}')")
  echo "$hosts: $((4 * batch * pairs)) games in $seconds s"
  echo "$seconds" > "$out/$hosts.seconds"
done
cmp "$out/one-host.jsonl" "$out/two-hosts.jsonl" && echo "the same log on one host and on two"
python3 -c "print(f'speed-up of two hosts over one: {$(cat "$out/one-host.seconds")} / {$(cat "$out/two-hosts.seconds")} = {$(cat "$out/one-host.seconds") / $(cat "$out/two-hosts.seconds"):.2f}')"
