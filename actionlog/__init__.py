"""One action log: who changed what, when, and what it was before."""
