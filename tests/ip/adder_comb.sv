// adder_comb: a combinational handshake adder in CIRCT's `hw` naming (`in0`, `in1`, `out0`, each with
// `_valid` / `_ready`), with no idle flag and no error ports: another flow's arith unit, a test fixture of
// the kit's port maps (tests/ip/), not part of the kit's RTL.
// Parameters: WIDTH (>= 2), BUG (0: correct; 1: the planted bug the kit's arith suite must catch: the
//   carry into the top bit is lost).
// Join semantics: out0 is valid when both operands are, and both are taken in the cycle out0 is. Latency 0,
// no state (clk and rst are unused, as in CIRCT's combinational units).
module adder_comb #(
  parameter int WIDTH = 8,
  parameter int BUG = 0
) (
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic             clk,
  input  logic             rst,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [WIDTH-1:0] in0,
  input  logic             in0_valid,
  output logic             in0_ready,
  input  logic [WIDTH-1:0] in1,
  input  logic             in1_valid,
  output logic             in1_ready,
  output logic [WIDTH-1:0] out0,
  output logic             out0_valid,
  input  logic             out0_ready
);
  localparam logic [WIDTH-1:0] TOP = {1'b1, {(WIDTH - 1){1'b0}}};
  logic [WIDTH-1:0] low_sum;  // the sum of the bits below the top one (its top bit: their carry)

  assign low_sum = (in0 & ~TOP) + (in1 & ~TOP);
  assign out0 = BUG == 1 ? (low_sum & ~TOP) | ((in0 ^ in1) & TOP) : in0 + in1;
  assign out0_valid = in0_valid && in1_valid;
  assign in0_ready = out0_valid && out0_ready;
  assign in1_ready = out0_valid && out0_ready;
endmodule
