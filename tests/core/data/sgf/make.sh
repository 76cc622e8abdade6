#!/bin/bash
# make.sh OUT LENGTH SEED [analyse]   (LENGTH 0 = a money session of three games)
# GNU Backgammon plays itself at 0 ply and saves the match with `save match OUT`, the evaluations its
# players kept of their own plays cleared first (`analyse clear match`);
# with "analyse" it first analyses the match (0 ply), so the file carries gnubg's analysis too.
out=$1; L=$2; S=$3; A=$4
{
cat <<'COMMANDS'
set rng mersenne
set player 0 gnubg
set player 1 gnubg
set player 0 chequerplay evaluation plies 0
set player 1 chequerplay evaluation plies 0
set player 0 cubedecision evaluation plies 0
set player 1 cubedecision evaluation plies 0
set analysis chequerplay evaluation plies 0
set analysis cubedecision evaluation plies 0
COMMANDS
echo "set seed $S"
if [ "$L" = 0 ]; then
  printf 'set automatic game off\nnew session\nnew game\nnew game\n'
else
  echo "new match $L"
fi
printf 'set player 0 name Alice\nset player 1 name Bob\n'
# the players' own evaluations of their plays are kept with each move: cleared so the file stays small
echo "analyse clear match"
if [ "$A" = analyse ]; then echo "analyse match"; fi
printf 'show score\nsave match %s\n' "$out"
} | nice /usr/games/gnubg -t -q 2>&1 | grep "The score" | tail -1
