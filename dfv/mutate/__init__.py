"""Mutation testing of the hand-written RTL (`make mutate`, `python -m dfv.mutate`).

Mutants are small, deliberate bugs made in the SystemVerilog text of one module (`generate`); each
is built in a private copy of dfv/rtl/ and run against the regression suites that build that module
(`runner`, `worker`); a suite that still passes leaves the mutant alive, which points at a hole in
the testbench unless the mutant is equivalent and waived in configs/mutation.yaml (`config`). The
scores per module are checked against the threshold there (`report`). docs/mutation.md.
"""
