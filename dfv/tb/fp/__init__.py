"""Testbenches of the floating-point units (dfv/rtl/fp/)."""
