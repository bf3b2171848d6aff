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
      0: result_data = eq;
      1: result_data = ~eq;
      2: result_data = slt;
      3: result_data = slt | eq;
      4: result_data = ~(slt | eq);
      5: result_data = ~slt;
      6: result_data = ult;
      7: result_data = ult | eq;
      8: result_data = ~(ult | eq);
      9: result_data = ~ult;
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
