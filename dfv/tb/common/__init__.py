"""Reusable testbench pieces: clocked loop, channel agent, traffic generators, operation environment."""
