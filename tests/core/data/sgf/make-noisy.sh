#!/bin/bash
# make-noisy.sh OUT LENGTH SEED NOISE0 NOISE1 CUBENOISE0 CUBENOISE1   (LENGTH 0 = a money session of three games)
# GNU Backgammon plays itself at 0 ply, each player with its own evaluation noise for checker play and for
# cube decisions (so that there are errors to find), analyses the match at 2 ply (checker play and cube;
# luck at its default 0 ply) and saves it with `save match OUT`; what `show statistics match` prints goes to
# OUT with .stats.txt in place of .sgf.
out=$1; L=$2; S=$3
{
echo "set threads 1"
echo "set display off"
echo "set rng mersenne"
echo "set seed $S"
for p in 0 1; do
  noise=$4; cube=$6
  if [ $p = 1 ]; then noise=$5; cube=$7; fi
  echo "set player $p gnubg"
  echo "set player $p chequerplay evaluation plies 0"
  echo "set player $p chequerplay evaluation noise $noise"
  echo "set player $p cubedecision evaluation plies 0"
  echo "set player $p cubedecision evaluation noise $cube"
done
echo "set analysis chequerplay evaluation plies 2"
echo "set analysis cubedecision evaluation plies 2"
if [ "$L" = 0 ]; then
  # one beaver at the most, as our rules have it (gnubg's default allows a raccoon and more)
  printf 'set beavers 1\nset automatic game off\nnew session\nnew game\nnew game\n'
else
  echo "new match $L"
fi
printf 'set player 0 name Alice\nset player 1 name Bob\n'
echo "analyse clear match"
echo "analyse match"
echo "set confirm save off"
printf 'save match %s\nshow statistics match\n' "$out"
} | nice /usr/games/gnubg -t -q 2>&1 | sed -n '/^Player   /,$p' > "${out%.sgf}.stats.txt"
