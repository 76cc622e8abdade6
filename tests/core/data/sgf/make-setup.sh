#!/bin/bash
# make-setup.sh CASE OUT   (CASE: board-7pt, xgid-5pt, money, unfinished)
# GNU Backgammon sets up a position the way a user does (set board / set xgid, set cube, set dice, set turn),
# then plays on against itself at 0 ply and saves the match with `save match OUT`.
case=$1; out=$2
{
cat <<'COMMANDS'
set rng mersenne
set player 0 human
set player 1 human
set player 0 chequerplay evaluation plies 0
set player 1 chequerplay evaluation plies 0
set player 0 cubedecision evaluation plies 0
set player 1 cubedecision evaluation plies 0
COMMANDS
case $case in
board-7pt)  # a board and a cube set by hand, then the other player put on roll; gnubg plays out the match
  printf 'set seed 12\nnew match 7\nset player 0 name Alice\nset player 1 name Bob\nset score 2 4\n'
  printf 'set board bBtiAMR2mwAAAg\nset cube value 2\nset cube owner 1\nset turn 0\n'
  play=all ;;
xgid-5pt)   # an XGID with the dice rolled, the Crawford game; gnubg plays out the match
  printf 'set seed 31\nnew match 5\nset player 0 name Alice\nset player 1 name Bob\n'
  printf 'set xgid XGID=--AAB-BbAA--aD-aa-Af-Aca-A:0:0:1:63:4:2:1:5:10\n'
  play=all ;;
money)      # a money game set up with the cube at 2 on Black's side and Jacoby; gnubg plays it out
  printf 'set seed 7\nset automatic game off\nset jacoby on\nnew session\nset player 0 name Alice\nset player 1 name Bob\n'
  printf 'set board 4PPgAyDgc/ABMA\nset cube value 2\nset cube owner 1\n'
  play=all ;;
unfinished) # a board and dice set, three turns played, then the next player rolls and the match is saved
  printf 'set seed 4\nnew match 3\nset player 0 name Alice\nset player 1 name Bob\n'
  printf 'set board 29YAAHB3CwAAAA\nset dice 4 2\n'
  for player in 0 1 0; do printf 'set player %s gnubg\nplay\nset player %s human\n' $player $player; done
  printf 'roll\n'
  play=none ;;
esac
if [ "$play" = all ]; then printf 'set player 0 gnubg\nset player 1 gnubg\nplay\n'; fi
printf 'analyse clear match\nshow score\nsave match %s\n' "$out"
} | nice /usr/games/gnubg -t -q 2>&1 | grep "The score\|Illegal\|Unknown\|rror" | tail -3
