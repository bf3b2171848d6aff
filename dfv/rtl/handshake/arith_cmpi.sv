// arith_cmpi: MLIR arith.cmpi on a joined pair of tokens.
// Parameters: W (width, 1..64), PRED (MLIR numbering: 0 eq, 1 ne, 2 slt, 3 sle, 4 sgt, 5 sge, 6 ult,
//   7 ule, 8 ugt, 9 uge).
// Ports: lhs (W), rhs (W) -> result (1 bit).
// Stateless (at_init = 1). Latency 0. Throughput: one token per cycle.
// Ordering predicates are one comparison each, one carry chain on the ECP5 (signed x < b as the sign of
//   x - b in W + 1 bits, which cannot overflow); `a <= b` is `!(b < a)`, not `<` or `==` (the equality
//   is a LUT tree several levels deep). Only eq / ne use the equality.
module arith_cmpi #(
  parameter int W = 32,
  parameter int PRED = 0
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [W-1:0] lhs_data,
  input  logic         lhs_valid,
  output logic         lhs_ready,
  input  logic [W-1:0] rhs_data,
  input  logic         rhs_valid,
  output logic         rhs_ready,
  output logic [0:0]   result_data,
  output logic         result_valid,
  input  logic         result_ready
);
  localparam logic SIGNED = (PRED >= dfv_pkg::PRED_SLT && PRED <= dfv_pkg::PRED_SGE);

  logic fire;
  logic lt_lr;  // lhs < rhs (signed for the s predicates, else unsigned)
  logic lt_rl;  // rhs < lhs
  logic eq;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  // x < b. Signed: the sign bit of the (W + 1)-bit difference of the sign-extended operands (a signed `<`
  // maps to two chains); unsigned: `<`, which Yosys maps to one chain already.
  function automatic logic less(input logic [W-1:0] x, input logic [W-1:0] b);
    logic [W:0] diff;
    diff = {x[W-1], x} - {b[W-1], b};
    less = SIGNED ? diff[W] : (x < b);
  endfunction

  // Outside the always_comb: Icarus 11 does not support the function's constant bit select there.
  assign lt_lr = less(lhs_data, rhs_data);
  assign lt_rl = less(rhs_data, lhs_data);
  assign eq    = (lhs_data == rhs_data);

  always_comb begin
    case (PRED)
      dfv_pkg::PRED_EQ: result_data = eq;
      dfv_pkg::PRED_NE: result_data = ~eq;
      dfv_pkg::PRED_SLT, dfv_pkg::PRED_ULT: result_data = lt_lr;
      dfv_pkg::PRED_SLE, dfv_pkg::PRED_ULE: result_data = ~lt_rl;
      dfv_pkg::PRED_SGT, dfv_pkg::PRED_UGT: result_data = lt_rl;
      dfv_pkg::PRED_SGE, dfv_pkg::PRED_UGE: result_data = ~lt_lr;
      default: result_data = 1'b0;
    endcase
    result_valid = lhs_valid & rhs_valid;
    fire = result_valid & result_ready;
    lhs_ready = fire;
    rhs_ready = fire;
    at_init = 1'b1;
  end
  logic unused;
  assign unused = clk ^ rst;

`ifdef DFV_FORMAL
  `include "arith_cmpi_props.svh"
`endif
endmodule
