#!/bin/bash
# make.sh OUT LENGTH SEED  (LENGTH 0 = a money session of three games)
out=$1; L=$2; S=$3
{
cat <<'COMMANDS'
set rng mersenne
set player 0 gnubg
set player 1 gnubg
set player 0 chequerplay evaluation plies 0
set player 1 chequerplay evaluation plies 0
set player 0 cubedecision evaluation plies 0
set player 1 cubedecision evaluation plies 0
COMMANDS
echo "set seed $S"
if [ "$L" = 0 ]; then
  printf 'set automatic game off\nnew session\nnew game\nnew game\n'
else
  echo "new match $L"
fi
printf 'set player 0 name Alice\nset player 1 name Bob\nshow score\nexport match mat %s\n' "$out"
} | /usr/games/gnubg -t -q 2>&1 | grep "The score" | tail -1
