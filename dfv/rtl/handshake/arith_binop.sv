// arith_binop: one MLIR arith integer binary operation on a joined pair of tokens.
// Parameters: W (width, 1..64), OP (0 addi, 1 subi, 2 muli, 3 divsi, 4 divui, 5 remsi, 6 remui, 7 andi,
//   8 ori, 9 xori, 10 shli, 11 shrsi, 12 shrui).
// Ports: lhs (W), rhs (W) -> result (W); err_valid, err_code[15:0].
// Semantics: W-bit two's complement wrap-around. divsi truncates toward zero, INT_MIN / -1 = INT_MIN;
//   remsi has the sign of the dividend, INT_MIN % -1 = 0. Divisor 0: divsi/divui give all ones,
//   remsi/remui give lhs, and the sticky error RT_ARITH_DIV_BY_ZERO is raised when the token is
//   transferred. Shift amount rhs (unsigned) >= W: shli/shrui give 0, shrsi gives sign fill.
//   Division is done on guarded unsigned magnitudes: never X, never a C-level division fault.
// State: err_q only (no token state): at_init = 1.
// Latency 0: result_valid = lhs_valid & rhs_valid, result_data combinational; input readies = transfer.
// Throughput: one token per cycle.
module arith_binop #(
  parameter int W = 32,
  parameter int OP = 0
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [W-1:0] lhs_data,
  input  logic         lhs_valid,
  output logic         lhs_ready,
  input  logic [W-1:0] rhs_data,
  input  logic         rhs_valid,
  output logic         rhs_ready,
  output logic [W-1:0] result_data,
  output logic         result_valid,
  input  logic         result_ready,
  output logic         err_valid,
  output logic [15:0]  err_code
);
  localparam bit IS_DIV = (OP >= dfv_pkg::OP_DIVSI) && (OP <= dfv_pkg::OP_REMUI);

  logic [15:0] err_q;
  logic fire;
  logic b_zero;
  logic a_neg;
  logic b_neg;
  logic [W-1:0] a_mag;
  logic [W-1:0] b_mag;
  logic [W-1:0] u_div;
  logic [W-1:0] s_div;
  logic [W-1:0] uq;
  logic [W-1:0] ur;
  logic [W-1:0] sq;
  logic [W-1:0] sr;
  logic big_shift;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  assign a_neg = lhs_data[W-1];
  assign b_neg = rhs_data[W-1];

  always_comb begin
    a_mag = a_neg ? (~lhs_data + W'(1)) : lhs_data;
    b_mag = b_neg ? (~rhs_data + W'(1)) : rhs_data;
    b_zero = (rhs_data == '0);
    // guarded divisors: never 0
    u_div = b_zero ? W'(1) : rhs_data;
    s_div = b_zero ? W'(1) : b_mag;
    uq = lhs_data / u_div;
    ur = lhs_data % u_div;
    sq = a_mag / s_div;
    sr = a_mag % s_div;
    big_shift = (64'(rhs_data) >= 64'(W));
    case (OP)
      dfv_pkg::OP_ADDI:  result_data = lhs_data + rhs_data;
      dfv_pkg::OP_SUBI:  result_data = lhs_data - rhs_data;
      dfv_pkg::OP_MULI:  result_data = lhs_data * rhs_data;
      dfv_pkg::OP_DIVSI: result_data = b_zero ? '1 : ((a_neg ^ b_neg) ? (~sq + W'(1)) : sq);
      dfv_pkg::OP_DIVUI: result_data = b_zero ? '1 : uq;
      dfv_pkg::OP_REMSI: result_data = b_zero ? lhs_data : (a_neg ? (~sr + W'(1)) : sr);
      dfv_pkg::OP_REMUI: result_data = b_zero ? lhs_data : ur;
      dfv_pkg::OP_ANDI:  result_data = lhs_data & rhs_data;
      dfv_pkg::OP_ORI:   result_data = lhs_data | rhs_data;
      dfv_pkg::OP_XORI:  result_data = lhs_data ^ rhs_data;
      dfv_pkg::OP_SHLI:  result_data = big_shift ? '0 : (lhs_data << rhs_data);
      dfv_pkg::OP_SHRSI: result_data = big_shift ? {W{a_neg}} : W'($signed(lhs_data) >>> rhs_data);
      dfv_pkg::OP_SHRUI: result_data = big_shift ? '0 : (lhs_data >> rhs_data);
      default:  result_data = '0;
    endcase
    result_valid = lhs_valid & rhs_valid;
    fire = result_valid & result_ready;
    lhs_ready = fire;
    rhs_ready = fire;
    err_valid = (err_q != '0);
    err_code = err_q;
    at_init = 1'b1;
  end

  always_ff @(posedge clk) begin : p_err
    if (rst) begin
      err_q <= '0;
    end else if (IS_DIV && fire && b_zero) begin
      if (err_q == '0 || err_q > dfv_pkg::RT_ARITH_DIV_BY_ZERO) err_q <= dfv_pkg::RT_ARITH_DIV_BY_ZERO;
    end
  end

`ifdef DFV_FORMAL
  `include "arith_binop_props.svh"
`endif
endmodule
