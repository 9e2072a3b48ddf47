"""Draw rounds: pure generators per method, the draw workflow and advancement."""
