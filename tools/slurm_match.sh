#!/bin/bash
# One shard of a kurier match per task of a Slurm job array, in the folder sbatch runs from
# (one that every node shares):
#   sbatch --array=1-16 tools/slurm_match.sh --variant courier --engine ... --sprt elo0=0 elo1=5
# Task K plays --shard K/N and keeps shard-K.pgn, shard-K.state.json and shard-K.log. A task
# started again (requeued, or the same sbatch once more) continues its state file; with --sprt
# every task stops once the SPRT of all the state files pooled decides. The tables afterwards:
#   kurier match --merge-state shard-*.state.json
#SBATCH --job-name=kurier-match
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=shard-%a.log
#SBATCH --signal=INT@300
k=$SLURM_ARRAY_TASK_ID n=$SLURM_ARRAY_TASK_COUNT
srun kurier match "$@" --shard "$k/$n" --pgn "shard-$k.pgn"
status=$?
# The time limit is near (SIGINT, 300 s before it): the games in progress ended; play the rest
# in a requeued task.
if [ "$status" = 130 ]; then scontrol requeue "${SLURM_ARRAY_JOB_ID}_$k"; fi
exit "$status"
