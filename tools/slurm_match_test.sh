#!/usr/bin/env bash
# The README's Slurm recipe run for real: tools/slurm_match.sh, as written, on a one-node Slurm
# started here (as root; Debian's slurm-wlm and munge), as a job array of 4 shards.
#
# 1. The match at fixed nodes, unsharded, twice: the same tables (the premise of the rest).
# 2. The same match in 4 shards (sbatch --array=1-4); shard 2 is requeued (scontrol requeue:
#    SIGTERM, then the task starts again) after it finished 2 games. Every task must end
#    COMPLETED, shard 2 with one restart, and the merged state files and PGN files must print
#    the unsharded run's tables.
# 3. A match whose SPRT decides early, in 4 shards: every shard stops once the pooled SPRT of
#    the state files decides (each log says so), far before the schedule's end.
#
# When Slurm cannot start (no root, no slurm-wlm, a container without the daemons) the same
# shards run with GNU parallel instead (the requeue as a SIGTERM and the same command again),
# and the script says so; with KURIER_SLURM_TEST=require it fails instead.
#
# Usage: tools/slurm_match_test.sh [KURIER]   (default: target/release/kurier)
# Slurm's daemons and files live in a temporary folder; daemons started here are stopped at the
# end (by their process ids). Takes a few minutes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
kurier=$(realpath "${1:-$root/target/release/kurier}")
[ -x "$kurier" ] || { echo "no kurier at $kurier (cargo build --release)" >&2; exit 1; }
export PATH="$(dirname "$kurier"):$PATH"
work=$(mktemp -d /tmp/kurier-slurm.XXXXXX)
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT
say() { echo "== $*"; }
fail() { echo "FAILED: $*" >&2; exit 1; }

# The match: Kurier at fixed nodes against itself at more nodes, 16 colour-reversed pairs.
openings="$root/openings/schachdame-500.epd"
match=(--variant schachdame
  --engine "cmd=$kurier name=Small nodes=1000" --engine "cmd=$kurier name=Big nodes=3000"
  --games 2 --rounds 16 --openings "file=$openings" order=random --seed 3)
# Decided early by the SPRT (the stronger engine first: H1), 200 pairs if it were not.
sprt_match=(--variant schachdame
  --engine "cmd=$kurier name=Big nodes=5000" --engine "cmd=$kurier name=Small nodes=300"
  --games 2 --rounds 200 --openings "file=$openings" order=random --seed 5
  --sprt elo0=0 elo1=20 alpha=0.05 beta=0.05)
# A pause between games, so that a shard is caught between its first and last game; it is no
# part of the schedule.
slow=(--wait 300)

# The tables of a run's or a merge's stdout: all but the first line (its time, its file list).
tables() { tail -n +2 "$1"; }
finished() {  # finished STATE: the games the state file holds (0 before it exists)
  local n
  n=$(grep -c '"game":' "$1" 2>/dev/null) || true
  echo "${n:-0}"
}

say "the unsharded match, twice (kurier at fixed nodes plays the same games)"
for run in a b; do
  mkdir -p "$work/whole-$run"
  (cd "$work/whole-$run" && kurier match "${match[@]}" --pgn games.pgn >out.txt 2>err.txt)
done
cmp <(tables "$work/whole-a/out.txt") <(tables "$work/whole-b/out.txt") \
  || fail "two unsharded runs differ: the comparison below would prove nothing"
tables "$work/whole-a/out.txt" | head -n 3

# Slurm: a configuration of one node (this host, 2 CPUs, each shared by 2 tasks so that the 4
# shards run at once), munge, slurmctld and slurmd. Returns 1 when anything fails.
start_slurm() {
  command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v munged >/dev/null \
    || { echo "slurm-wlm or munge is not installed"; return 1; }
  [ "$(id -u)" = 0 ] || { echo "not root: the Slurm daemons cannot be started here"; return 1; }
  local host conf=$work/slurm
  host=$(hostname -s)
  mkdir -p "$conf/state" "$conf/spool" "$conf/log"
  cat >"$conf/slurm.conf" <<EOF
ClusterName=kurier
SlurmctldHost=$host
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$conf/state
SlurmdSpoolDir=$conf/spool
SlurmctldPidFile=$conf/slurmctld.pid
SlurmdPidFile=$conf/slurmd.pid
SlurmctldLogFile=$conf/log/slurmctld.log
SlurmdLogFile=$conf/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
MinJobAge=3600
NodeName=$host CPUs=2 State=UNKNOWN
PartitionName=kurier Nodes=$host Default=YES MaxTime=INFINITE OverSubscribe=FORCE:2 State=UP
EOF
  export SLURM_CONF=$conf/slurm.conf
  if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    if [ ! -s /etc/munge/munge.key ]; then
      mkdir -p /etc/munge
      mungekey --create --keyfile=/etc/munge/munge.key 2>/dev/null \
        || dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 2>/dev/null
      chown munge:munge /etc/munge/munge.key 2>/dev/null || true
      chmod 400 /etc/munge/munge.key
    fi
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    chown munge:munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null || true
    runuser -u munge -- munged || munged --force || { echo "munged does not start"; return 1; }
    sleep 1
    pids+=("$(cat /run/munge/munged.pid)")
    munge -n | unmunge >/dev/null || { echo "munge does not work"; return 1; }
  fi
  slurmctld -i -f "$SLURM_CONF" || { echo "slurmctld does not start"; return 1; }
  sleep 2
  pids+=("$(cat "$conf/slurmctld.pid")")
  slurmd -f "$SLURM_CONF" || { echo "slurmd does not start"; return 1; }
  sleep 2
  pids+=("$(cat "$conf/slurmd.pid")")
  local i
  for i in $(seq 30); do
    sinfo -h -o %t 2>/dev/null | grep -q idle && return 0
    sleep 1
  done
  echo "the node does not come up: $(sinfo 2>&1 | tail -n 1)"
  return 1
}

# The tasks of job array $1 still queued or running.
queued() { squeue -h -j "$1" -o %i 2>/dev/null | wc -l; }
wait_job() {  # wait_job JOB SECONDS
  local i
  for i in $(seq "$2"); do
    [ "$(queued "$1")" = 0 ] && return 0
    sleep 1
  done
  squeue -j "$1" >&2
  fail "job $1 did not end within $2 s"
}
# JobState, Restarts and ExitCode of task $1 (JOB_TASK), from slurmctld (no accounting).
task_state() {
  scontrol show job "$1" | tr ' ' '\n' | grep -E '^(JobId|ArrayTaskId|JobState|Restarts|ExitCode)=' \
    | tr '\n' ' '
}
wait_games() {  # wait_games STATE N SECONDS
  local i
  for i in $(seq $(($3 * 5))); do
    [ "$(finished "$1")" -ge "$2" ] && return 0
    sleep 0.2
  done
  fail "$1 has not $2 finished games after $3 s"
}

# The sharded match under Slurm: the job array, shard 2 requeued after 2 games.
sharded_slurm() {
  local dir=$1 job
  job=$(cd "$dir" && sbatch --parsable --array=1-4 "$root/tools/slurm_match.sh" "${match[@]}" "${slow[@]}")
  echo "job array $job"
  wait_games "$dir/shard-2.state.json" 2 240
  scontrol requeue "${job}_2"
  echo "requeued ${job}_2 after $(finished "$dir/shard-2.state.json") games"
  # A requeued task is held 2 minutes (its begin time); once it is pending again, now will do.
  local i
  for i in $(seq 120); do
    [ "$(squeue -h -j "${job}_2" -o %T 2>/dev/null)" = PENDING ] && break
    sleep 0.5
  done
  scontrol update JobId="${job}_2" StartTime=now
  wait_job "$job" 600
  for k in 1 2 3 4; do
    local s
    s=$(task_state "${job}_$k")
    echo "  $s"
    case $s in *JobState=COMPLETED*ExitCode=0:0*) ;; *) fail "task $k: $s" ;; esac
    if [ "$k" = 2 ]; then
      case $s in *Restarts=1*) ;; *) fail "task 2 was not requeued: $s" ;; esac
    fi
  done
  grep -q "Interrupted by SIGTERM" "$dir/shard-2.log" || fail "shard 2 was not stopped by SIGTERM"
  grep -q "resuming" "$dir/shard-2.log" || fail "shard 2 did not continue its state file"
}

# The same with GNU parallel: shard 2 stopped by SIGTERM and started again by hand.
sharded_parallel() {
  local dir=$1 pid
  (cd "$dir" && parallel -j3 "kurier match $(printf '%q ' "${match[@]}" "${slow[@]}") \
    --shard {}/4 --pgn shard-{}.pgn >shard-{}.log 2>&1" ::: 1 3 4) &
  local all=$!
  (cd "$dir" && exec kurier match "${match[@]}" "${slow[@]}" --shard 2/4 --pgn shard-2.pgn \
    >>shard-2.log 2>&1) &
  pid=$!
  wait_games "$dir/shard-2.state.json" 2 240
  kill -TERM "$pid"
  wait "$pid" && fail "shard 2 was not stopped" || true
  echo "stopped shard 2 after $(finished "$dir/shard-2.state.json") games; starting it again"
  (cd "$dir" && kurier match "${match[@]}" "${slow[@]}" --shard 2/4 --pgn shard-2.pgn \
    >>shard-2.log 2>&1) || fail "shard 2 again"
  wait "$all" || fail "shards 1, 3, 4"
  grep -q "Interrupted by SIGTERM" "$dir/shard-2.log" || fail "shard 2 was not stopped by SIGTERM"
  grep -q "resuming" "$dir/shard-2.log" || fail "shard 2 did not continue its state file"
}

sprt_slurm() {
  local dir=$1 job
  job=$(cd "$dir" && sbatch --parsable --array=1-4 "$root/tools/slurm_match.sh" "${sprt_match[@]}")
  echo "job array $job"
  wait_job "$job" 600
  for k in 1 2 3 4; do
    local s
    s=$(task_state "${job}_$k")
    echo "  $s"
    case $s in *JobState=COMPLETED*ExitCode=0:0*) ;; *) fail "task $k: $s" ;; esac
  done
}

sprt_parallel() {
  local dir=$1
  (cd "$dir" && parallel -j4 "kurier match $(printf '%q ' "${sprt_match[@]}") \
    --shard {}/4 --pgn shard-{}.pgn >shard-{}.log 2>&1" ::: 1 2 3 4) || fail "the SPRT shards"
}

# In this shell (not $(...)): SLURM_CONF and the daemons' ids must stay.
if start_slurm >"$work/slurm-start.txt" 2>&1; then
  how=slurm
  say "Slurm is up: $(sinfo -h -o '%P %D %c %t' | head -n 1) ($(sinfo --version))"
else
  reason=$(tail -n 1 "$work/slurm-start.txt")
  [ "${KURIER_SLURM_TEST:-}" = require ] && fail "Slurm cannot start: $reason"
  how=parallel
  say "Slurm cannot start ($reason): the same shards with GNU parallel instead"
  command -v parallel >/dev/null || fail "GNU parallel is not installed either"
fi

say "4 shards, shard 2 stopped by SIGTERM and started again ($how)"
mkdir -p "$work/shards"
"sharded_$how" "$work/shards"
(cd "$work/shards" && kurier match --merge-state shard-*.state.json >merged-state.txt)
(cd "$work/shards" && kurier match --merge shard-*.pgn >merged-pgn.txt)
head -n 1 "$work/shards/merged-state.txt"
head -n 1 "$work/shards/merged-pgn.txt"
cmp <(tables "$work/whole-a/out.txt") <(tables "$work/shards/merged-state.txt") \
  || fail "the merged state files differ from the unsharded run"
cmp <(tables "$work/whole-a/out.txt") <(tables "$work/shards/merged-pgn.txt") \
  || fail "the merged PGN files differ from the unsharded run"
echo "merged tables (state files and PGN files) = the unsharded run's"

say "an SPRT in 4 shards stops every shard once the pooled SPRT decides ($how)"
mkdir -p "$work/sprt"
"sprt_$how" "$work/sprt"
total=0
for k in 1 2 3 4; do
  log=$work/sprt/shard-$k.log
  line=$(grep -E "the pooled SPRT .*(H0|H1) accepted" "$log" | tail -n 1) \
    || fail "shard $k did not stop on the pooled SPRT: $(tail -n 3 "$log")"
  grep -q '"complete": true' "$work/sprt/shard-$k.state.json" || fail "shard $k is not complete"
  n=$(finished "$work/sprt/shard-$k.state.json")
  total=$((total + n))
  echo "  shard $k: $n games; $line"
done
(cd "$work/sprt" && kurier match --merge-state shard-*.state.json >merged.txt)
head -n 1 "$work/sprt/merged.txt"
grep "^SPRT (pentanomial)" "$work/sprt/merged.txt"
[ "$total" -lt 300 ] || fail "the shards played $total of 400 games: they did not stop"
grep -q "H1 accepted" "$work/sprt/merged.txt" || fail "the merged SPRT did not accept H1"

say "passed ($how); files in $work"
