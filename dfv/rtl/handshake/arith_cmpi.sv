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
      dfv_pkg::PRED_EQ: result_data = eq;
      dfv_pkg::PRED_NE: result_data = ~eq;
      dfv_pkg::PRED_SLT: result_data = slt;
      dfv_pkg::PRED_SLE: result_data = slt | eq;
      dfv_pkg::PRED_SGT: result_data = ~(slt | eq);
      dfv_pkg::PRED_SGE: result_data = ~slt;
      dfv_pkg::PRED_ULT: result_data = ult;
      dfv_pkg::PRED_ULE: result_data = ult | eq;
      dfv_pkg::PRED_UGT: result_data = ~(ult | eq);
      dfv_pkg::PRED_UGE: result_data = ~ult;
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
