"""The networks' training (numpy, not shipped): run from the repository root as `python -m training.<module>`
(training/README.md)."""
