// arith_cmpi: MLIR arith.cmpi on a joined pair of tokens.
// Parameters: W (width, 1..64), PRED (MLIR numbering: 0 eq, 1 ne, 2 slt, 3 sle, 4 sgt, 5 sge, 6 ult,
//   7 ule, 8 ugt, 9 uge).
// Ports: lhs (W), rhs (W) -> result (1 bit).
// Stateless (at_init = 1). Latency 0. Throughput: one token per cycle.
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
  import dfv_pkg::*;  // PRED_* (the PRED encoding)
  logic fire;
  logic slt;
  logic ult;
  logic eq;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  always_comb begin
    eq = (lhs_data == rhs_data);
    ult = (lhs_data < rhs_data);
    slt = ($signed(lhs_data) < $signed(rhs_data));
    case (PRED)
      PRED_EQ: result_data = eq;
      PRED_NE: result_data = ~eq;
      PRED_SLT: result_data = slt;
      PRED_SLE: result_data = slt | eq;
      PRED_SGT: result_data = ~(slt | eq);
      PRED_SGE: result_data = ~slt;
      PRED_ULT: result_data = ult;
      PRED_ULE: result_data = ult | eq;
      PRED_UGT: result_data = ~(ult | eq);
      PRED_UGE: result_data = ~ult;
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
endmodule
