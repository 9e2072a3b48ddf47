"""Rank entrants: pure calculation, tiebreak registry, read model of a round."""
