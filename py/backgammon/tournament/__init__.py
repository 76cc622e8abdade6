"""Tournaments with no organiser's server (docs/tournaments.md): the draw no one party chooses, and each
format's pairings and standings, computed the same way on every participant's device from the same signed
events."""
