"""`dfv fuzz`: programs nobody wrote, run through every engine.

- `program`: the AST of a generated program (dataclasses), its structure helpers and `check`, the
  static contract every valid program meets;
- `gen`: the seeded, sized generator (`generate(seed, size)`);
- `printer`: AST -> MLIR text and inputs file (`--cf`: the control flow as `cf` blocks, `dfv.lowering.to_cf`);
- `execute`: one program on one engine, bounded in time, classified (`Verdict`);
- `shrink`: greedy reduction of a failing program that keeps the failure class;
- `campaign`: many programs on many engines, reproducer folders, the summary table;
- `command`: the `dfv fuzz` subcommand.
"""
