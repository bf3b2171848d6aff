// fork_packed: a fork written the way Dynamatic and CIRCT name their ports, as another team's IP would
// be: `ins` / `ins_valid` / `ins_ready` in, packed `outs` / `outs_valid` / `outs_ready` out, an active-low
// reset `rstn` on clock `clock`, no idle flag. A test fixture of the kit's port maps (tests/ip/), not
// part of the kit's RTL.
// Parameters: DATA_WIDTH (>= 1), SIZE (outputs, >= 1), BUG (0: correct; 1: the planted bug the kit's fork
//   suite must catch: the fork forgets which outputs already took the current token, so an output that
//   took it early takes it again).
// Eager: each output takes its copy as soon as it is ready; `taken` remembers which did, and the input is
// released when every output has its copy. Latency 0 (outs_valid from ins_valid, ins_ready from outs_ready).
module fork_packed #(
  parameter int DATA_WIDTH = 8,
  parameter int SIZE = 2,
  parameter int BUG = 0
) (
  input  logic                       clock,
  input  logic                       rstn,
  input  logic [DATA_WIDTH-1:0]      ins,
  input  logic                       ins_valid,
  output logic                       ins_ready,
  output logic [SIZE*DATA_WIDTH-1:0] outs,
  output logic [SIZE-1:0]            outs_valid,
  input  logic [SIZE-1:0]            outs_ready
);
  logic [SIZE-1:0] taken;  // output i took the current token in an earlier cycle
  logic [SIZE-1:0] has_copy;  // output i took it earlier or takes it now

  assign outs = {SIZE{ins}};
  assign outs_valid = {SIZE{ins_valid}} & ~taken;
  assign has_copy = taken | (outs_valid & outs_ready);
  assign ins_ready = &has_copy;

  always_ff @(posedge clock) begin : taken_reg
    if (!rstn || (ins_valid && ins_ready)) begin
      taken <= '0;
    end else if (BUG == 0) begin
      taken <= has_copy;
    end
  end
endmodule
