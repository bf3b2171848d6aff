// arith_binop: one MLIR arith integer binary operation of one logic level or one carry chain on a joined
//   pair of tokens: addi, subi, andi, ori, xori and the shifts. muli is arith_muli (a pipeline) and the
//   divisions and remainders are arith_divi (an iterative unit): a combinational `*`, `/` or `%` of up to
//   64 bits is no stage of a circuit meant to run at a clock period (docs/timing.md).
// Parameters: W (width, 1..64), OP (dfv_pkg: 0 addi, 1 subi, 7 andi, 8 ori, 9 xori, 10 shli, 11 shrsi,
//   12 shrui; 2..6 are refused).
// Ports: lhs (W), rhs (W) -> result (W).
// Semantics: W-bit two's complement wrap-around. Shift amount rhs (unsigned) >= W: shli/shrui give 0,
//   shrsi gives sign fill.
// State: none: at_init = 1.
// Latency 0: result_valid = lhs_valid & rhs_valid, result_data combinational; input readies = transfer.
// Throughput: one token per cycle.
// Combinational paths: lhs/rhs data -> result_data (one W-bit addition or a barrel shift); lhs_valid,
//   rhs_valid -> result_valid; result_ready, lhs_valid, rhs_valid -> lhs_ready, rhs_ready.
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
  input  logic         result_ready
);
  initial begin : p_param_check
    if (W < 1 || W > 64) begin
      $fatal(1, "arith_binop: W must be 1..64 (got %0d)", W);
    end
    if (OP < dfv_pkg::OP_ADDI || OP > dfv_pkg::OP_SHRUI || (OP >= dfv_pkg::OP_MULI && OP <= dfv_pkg::OP_REMUI)) begin
      $fatal(1, "arith_binop: OP must be 0, 1 or 7..12 (muli is arith_muli, div/rem arith_divi; got %0d)", OP);
    end
  end

  // the shift amount's bits that select a distance below W; any higher bit set means >= W
  localparam int SA = (W > 1) ? $clog2(W) : 1;

  logic fire;
  logic big_shift;  // a bit of rhs_data above the SA distance bits is set: rhs_data >= 2^SA >= W
  logic [SA-1:0] amount;  // rhs_data's low bits: the distance when rhs_data < W
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  logic unused;  // no state: clk and rst are there for the uniform interface of the operation modules
  /* verilator lint_on UNUSEDSIGNAL */

  // The barrel shifters take SA amount bits, not W (a W-bit amount made Yosys build W stages, most of
  // them shifting everything out: 122 MHz at W = 32 on the ECP5); every amount of 2^SA or more is big_shift.
  // big_shift is an OR of the high bits (a LUT tree beside the shifter), not `rhs_data >= W`: Yosys made
  // that a carry chain in front of the result's select (28 levels, 158 MHz at W = 32). A distance of W or
  // more within the SA bits (W no power of two) shifts every bit out by itself (formal: binop_w5_*).
  assign amount = SA'(rhs_data);
  assign big_shift = |(rhs_data >> SA);

  always_comb begin : comb_binop
    case (OP)
      dfv_pkg::OP_ADDI:  result_data = lhs_data + rhs_data;
      dfv_pkg::OP_SUBI:  result_data = lhs_data - rhs_data;
      dfv_pkg::OP_ANDI:  result_data = lhs_data & rhs_data;
      dfv_pkg::OP_ORI:   result_data = lhs_data | rhs_data;
      dfv_pkg::OP_XORI:  result_data = lhs_data ^ rhs_data;
      dfv_pkg::OP_SHLI:  result_data = big_shift ? '0 : (lhs_data << amount);
      dfv_pkg::OP_SHRSI: result_data = big_shift ? {W{lhs_data[W-1]}} : W'($signed(lhs_data) >>> amount);
      dfv_pkg::OP_SHRUI: result_data = big_shift ? '0 : (lhs_data >> amount);
      default:           result_data = '0;
    endcase
    result_valid = lhs_valid & rhs_valid;
    fire = result_valid & result_ready;
    lhs_ready = fire;
    rhs_ready = fire;
    at_init = 1'b1;
  end
  assign unused = clk ^ rst;

`ifdef DFV_FORMAL
  `include "arith_binop_props.svh"
`endif
endmodule
