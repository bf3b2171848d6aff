// arith_divi: MLIR arith.divsi / divui / remsi / remui on W-bit integers, an iterative radix-2 restoring
//   division, one operation in flight; the semantics of dfv.golden.handshake.arith (binop) exactly.
// Parameters: W (width, 1..64), OP (the dfv_pkg encoding: 3 divsi, 4 divui, 5 remsi, 6 remui).
// Ports: lhs (W), rhs (W) -> result (W); err_valid, err_code[15:0]. The two inputs are joined: an operation
//   is accepted when both are valid and the unit can take it, and then lhs_ready and rhs_ready are high
//   together (never one without the other).
// Semantics: W-bit two's complement. divsi truncates toward zero, INT_MIN / -1 = INT_MIN; remsi has the
//   sign of the dividend, INT_MIN % -1 = 0. Divisor 0: divsi/divui give all ones, remsi/remui give lhs, and
//   the sticky error RT_ARITH_DIV_BY_ZERO (0x110) is raised in the cycle after the operation is accepted
//   and kept until reset (the only code this unit raises: nothing can replace it).
// Algorithm: at the accept, the magnitudes |lhs| and |rhs| (as W-bit unsigned words, so |INT_MIN| =
//   2^(W-1) is exact; the unsigned operations take the words as they are). NIT = W iterations of the
//   restoring recurrence on a W+1-bit partial remainder r (r < d for d > 0): t = {r, next dividend bit},
//   t - d (one W+1-bit subtract: -d <= t - d < d), whose sign is the inverted quotient bit q, and r =
//   q ? t - d : t. After W iterations the quotient register holds |lhs| / |rhs| and r the remainder; the fix
//   phase applies the signs (a negation: one W-bit addition) or the zero-divisor result. A zero divisor runs
//   the recurrence on d = 0 (every bit a 1, r the dividend's top bits): meaningless and replaced at the fix,
//   so the divisor is not guarded (a zero test and a select in front of its register).
// Phases (one cycle each unless noted): accept (magnitudes, flags -> registers), iter (W cycles), fix (the
//   result register), done (result_valid until the result is taken).
// Latency: LATENCY = W + 2 cycles: an operation accepted in cycle c (handshake at the end of c) has its
//   result on result_data with result_valid high in cycle c + LATENCY, whatever the operands.
// Throughput: one operation in flight. A new operation is accepted when the unit is empty, or in the cycle
//   its previous result is taken (lhs_ready = rhs_ready = lhs_valid & rhs_valid & (empty | result_valid &
//   result_ready)). Under full-rate traffic an operation is accepted every INTERVAL = LATENCY cycles.
// State: the phase flags (iter, fix, done; reset to 0, rst synchronous, active high), the iteration
//   counter, the data registers (no reset), err_q (the sticky division-by-zero flag, reset to 0: the only
//   code this unit raises, so a flag holds it). The counter and the operand registers load in every cycle
//   out of iter (`load`: idle, fix (which reads them before they change) and done, when only res_q is
//   read), so that the accepted operands are in them after the accept: their enable is one register's, not
//   the accept's, whose result_ready would otherwise fan out to 4W + 10 flip-flops. at_init: no operation in
//   flight (all phase flags 0).
// Combinational paths: result_ready -> lhs_ready / rhs_ready (an AND and an OR); lhs_valid -> rhs_ready and
//   rhs_valid -> lhs_ready (the join). None from any input to result_data / result_valid / err_* (registers).
module arith_divi #(
  parameter int W = 32,
  parameter int OP = 3
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
  initial begin : p_param_check
    if (W < 1 || W > 64) begin
      $fatal(1, "arith_divi: W must be 1..64 (got %0d)", W);
    end
    if (OP < dfv_pkg::OP_DIVSI || OP > dfv_pkg::OP_REMUI) begin
      $fatal(1, "arith_divi: OP must be 3..6 (divsi, divui, remsi, remui; got %0d)", OP);
    end
  end

  localparam bit SIGNED = (OP == dfv_pkg::OP_DIVSI) || (OP == dfv_pkg::OP_REMSI);
  localparam bit REM = (OP == dfv_pkg::OP_REMSI) || (OP == dfv_pkg::OP_REMUI);
  localparam int CW = (W > 1) ? $clog2(W) : 1;  // the iteration counter 0..W-1
  /* verilator lint_off UNUSEDPARAM */
  localparam int LATENCY = W + 2;  // cycles from accept to result_valid; read by testbenches and the catalogue
  localparam int INTERVAL = LATENCY;  // cycles between accepted operations at full rate (one in flight)
  /* verilator lint_on UNUSEDPARAM */

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  // ---------------------------------------------------------------------------------------------------
  // Control: phase flags, the iteration counter, the handshake
  // ---------------------------------------------------------------------------------------------------
  logic ph_iter_q, ph_fix_q, done_q;
  logic [CW-1:0] it_q;  // iterations left after the current one
  logic busy, take, accept, load;

  always_comb begin : comb_ctrl
    busy = ph_iter_q | ph_fix_q | done_q;
    take = done_q & result_ready;
    accept = lhs_valid & rhs_valid & (!busy | take);
    lhs_ready = accept;
    rhs_ready = accept;
    result_valid = done_q;
    at_init = !busy;
    load = !ph_iter_q;
  end

  always_ff @(posedge clk) begin : p_phase
    if (rst) begin
      ph_iter_q <= 1'b0;
      ph_fix_q <= 1'b0;
      done_q <= 1'b0;
    end else begin
      ph_iter_q <= accept | (ph_iter_q & (it_q != '0));
      ph_fix_q <= ph_iter_q & (it_q == '0);
      done_q <= ph_fix_q | (done_q & !result_ready);
    end
  end

  always_ff @(posedge clk) begin : p_count
    if (load) begin
      it_q <= CW'(W - 1);
    end else begin
      it_q <= it_q - CW'(1);
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Load: magnitudes, the flags the fix phase needs; the sticky error
  // ---------------------------------------------------------------------------------------------------
  logic a_neg, b_neg, b_zero;
  logic [W-1:0] a_mag, b_mag;

  logic [W-1:0] lhs_q;  // the dividend as given (the remainder of a zero divisor)
  logic neg_q;  // the quotient (divsi) or the remainder (remsi) is negated
  logic zero_q;  // the divisor is 0
  logic err_q;  // a zero divisor was accepted

  assign a_neg = SIGNED & lhs_data[W-1];
  assign b_neg = SIGNED & rhs_data[W-1];
  assign b_zero = (rhs_data == '0);
  assign a_mag = a_neg ? ('0 - lhs_data) : lhs_data;
  assign b_mag = b_neg ? ('0 - rhs_data) : rhs_data;

  always_ff @(posedge clk) begin : p_load
    if (load) begin
      lhs_q <= lhs_data;
      neg_q <= REM ? a_neg : (a_neg ^ b_neg);
      zero_q <= b_zero;
    end
  end

  always_ff @(posedge clk) begin : p_err
    if (rst) begin
      err_q <= 1'b0;
    end else if (accept && b_zero) begin
      err_q <= 1'b1;
    end
  end
  assign err_code = err_q ? dfv_pkg::RT_ARITH_DIV_BY_ZERO : dfv_pkg::ERR_NONE;
  assign err_valid = err_q;

  // ---------------------------------------------------------------------------------------------------
  // Iter: the restoring recurrence, one quotient bit per cycle
  // ---------------------------------------------------------------------------------------------------
  logic [W-1:0] rem_q;  // partial remainder r < d (d > 0)
  logic [W-1:0] quo_q;  // dividend bits still to bring down on top, quotient bits below
  logic [W-1:0] div_q;  // the divisor magnitude
  logic [W:0] t;  // {r, next dividend bit}: < 2d
  logic [W:0] diff;  // t - d: -d <= t - d < d fits W + 1 bits, bit W is the borrow
  logic qbit;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [W:0] qx;  // {quo_q, qbit}: the shift, written so that W = 1 needs no empty slice (top bit: shifted out)
  /* verilator lint_on UNUSEDSIGNAL */

  assign t = {rem_q, quo_q[W-1]};
  assign diff = t - {1'b0, div_q};
  assign qbit = !diff[W];
  assign qx = {quo_q, qbit};

  always_ff @(posedge clk) begin : p_recur
    if (load) begin
      rem_q <= '0;
      quo_q <= a_mag;
      div_q <= b_mag;
    end else begin
      rem_q <= qbit ? diff[W-1:0] : t[W-1:0];  // both < d (d > 0): their top bit is 0
      quo_q <= qx[W-1:0];
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Fix: the signs, or the result of a zero divisor
  // ---------------------------------------------------------------------------------------------------
  logic [W-1:0] mag;  // the quotient or the remainder magnitude
  logic [W-1:0] res_q;

  assign mag = REM ? rem_q : quo_q;

  always_ff @(posedge clk) begin : p_fix
    if (ph_fix_q) begin
      if (zero_q) begin
        res_q <= REM ? lhs_q : '1;
      end else begin
        res_q <= neg_q ? ('0 - mag) : mag;
      end
    end
  end
  assign result_data = res_q;

`ifdef DFV_FORMAL
  `include "arith_divi_props.svh"
`endif
endmodule
