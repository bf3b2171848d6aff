// Properties of arith_divi (the iterative integer division, one operation in flight), included inside the
// module. Unlike the float units, the datapath is proved too: each result equals the specification written
// with Verilog's own operators on the operands captured at the accept (signed division truncates toward
// zero; divisor 0: all ones or the dividend), whatever the operands, at the job's width.
// Proved: the protocol on result (inputs assumed to follow it); lhs and rhs consumed together; an operation
// accepted exactly when offered and the unit is empty or its result is taken in that cycle (one in flight);
// every accepted operation delivered exactly once, in order, LATENCY cycles after its accept whatever
// result_ready did meanwhile (dfv_pipe_chk, ITER = 1); the result value; the sticky error (0 or
// RT_ARITH_DIV_BY_ZERO, raised the cycle after a zero divisor is accepted, never cleared but by reset);
// at_init exactly when no operation is in flight, so 1 after a reset.
// Invariants: the phase flags are one-hot or all 0, and follow the tracked operation's age; after j
// iterations (j = W - 1 - it_q during iter, W after it) of dividend magnitude M and divisor magnitude d > 0,
// with T = M >> (W - j) the dividend bits brought down: rem_q = T % d and quo_q = (M << j) | (T / d); the
// operand registers hold the operation's operands while the recurrence runs (iter and fix; idle and done,
// they load whatever is offered). A zero divisor's recurrence is not constrained: its result is the fix's.
`ifdef DFV_FORMAL_TOP_arith_divi
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_lhs (.clk(clk), .rst(rst), .f_past(f_past), .valid(lhs_valid),
                                           .ready(lhs_ready), .data(lhs_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_rhs (.clk(clk), .rst(rst), .f_past(f_past), .valid(rhs_valid),
                                           .ready(rhs_ready), .data(rhs_data));
dfv_hs_chk #(.W(W)) f_result (.clk(clk), .rst(rst), .f_past(f_past), .valid(result_valid),
                              .ready(result_ready), .data(result_data));
logic f_in_fire, f_out_fire, f_trk, f_trk_head, f_nostall, f_empty;
logic [$clog2(LATENCY + 2)-1:0] f_age;
assign f_in_fire = lhs_valid && lhs_ready;
assign f_out_fire = result_valid && result_ready;
dfv_pipe_chk #(.S(1), .LAT(LATENCY), .ITER(1'b1), .COVER(F_TOP)) f_pipe (.clk(clk), .rst(rst), .f_run(f_run),
    .in_fire(f_in_fire), .out_valid(result_valid), .out_ready(result_ready), .vld(busy), .load(accept),
    .trk(f_trk), .trk_head(f_trk_head), .age(f_age), .nostall(f_nostall), .empty(f_empty));

// the operands of the operation in flight, and its specification
logic [W-1:0] f_a, f_b, f_spec, f_mag_a, f_mag_b;
logic f_zero;
always_ff @(posedge clk) if (accept) begin
  f_a <= lhs_data;
  f_b <= rhs_data;
end
assign f_zero = (f_b == '0);
always_comb begin : p_f_spec
  case (OP)
    dfv_pkg::OP_DIVSI: f_spec = f_zero ? '1 : W'($signed(f_a) / $signed(f_b));
    dfv_pkg::OP_DIVUI: f_spec = f_zero ? '1 : f_a / f_b;
    dfv_pkg::OP_REMSI: f_spec = f_zero ? f_a : W'($signed(f_a) % $signed(f_b));
    default: f_spec = f_zero ? f_a : f_a % f_b;
  endcase
end
// the magnitudes the recurrence works on (unsigned operations: the words)
assign f_mag_a = (SIGNED && f_a[W-1]) ? '0 - f_a : f_a;
assign f_mag_b = (SIGNED && f_b[W-1]) ? '0 - f_b : f_b;

// the recurrence after j iterations
logic [31:0] f_j;
logic [W-1:0] f_top;
assign f_j = ph_iter_q ? 32'(W - 1) - 32'(it_q) : 32'(W);
assign f_top = (f_j == 0) ? '0 : W'(f_mag_a >> (32'(W) - f_j));

logic [2:0] f_phases;
assign f_phases = 3'(ph_iter_q) + 3'(ph_fix_q) + 3'(done_q);
always_comb begin
  if (f_run) begin
    joined: assert ((lhs_valid && lhs_ready) == (rhs_valid && rhs_ready));
    consumed_together: assert (!lhs_ready || (lhs_valid && rhs_valid));
    if (lhs_valid && rhs_valid && (f_empty || f_out_fire)) accepts_when_free: assert (lhs_ready);
    inv_at_init: assert (at_init == f_empty);
    inv_one_phase: assert (f_phases <= 3'd1);
    if (result_valid) result_value: assert (result_data == f_spec);
    err_valid_code: assert (err_valid == (err_code != '0));
    err_codes: assert (err_code == '0 || err_code == dfv_pkg::RT_ARITH_DIV_BY_ZERO);
    if (ph_iter_q || ph_fix_q) begin
      inv_operands: assert (lhs_q == f_a && zero_q == f_zero && div_q == f_mag_b);
      inv_sign: assert (neg_q == (REM ? (SIGNED && f_a[W-1]) : (SIGNED && (f_a[W-1] ^ f_b[W-1]))));
    end
    if (ph_iter_q) inv_it_range: assert (32'(it_q) <= W - 1);
    if ((ph_iter_q || ph_fix_q) && !f_zero) begin
      inv_rem: assert (rem_q == f_top % f_mag_b);
      inv_quo: assert (quo_q == (W'(f_mag_a << f_j) | W'(f_top / f_mag_b)));
    end
    if (f_trk) begin
      inv_iter: assert (ph_iter_q == (32'(f_age) >= 1 && 32'(f_age) <= W));
      if (ph_iter_q) inv_it_age: assert (32'(it_q) == W - 32'(f_age));
      inv_fix: assert (ph_fix_q == (32'(f_age) == W + 1));
      inv_done: assert (done_q == (32'(f_age) >= W + 2));
    end
  end
end
// the sticky error: raised the cycle after a zero divisor is accepted, and kept
always_ff @(posedge clk) if (f_past && !rst && !$past(rst)) begin
  if ($past(accept && rhs_data == '0)) raised_on_zero: assert (err_code == dfv_pkg::RT_ARITH_DIV_BY_ZERO);
  if ($past(err_code) != '0) sticky: assert (err_code == $past(err_code));
  if ($past(err_code) == '0 && !$past(accept && rhs_data == '0)) not_raised: assert (err_code == '0);
end
always_ff @(posedge clk) if (f_past && !rst && $past(rst)) reset_at_init: assert (at_init);
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_refused: cover (lhs_valid && rhs_valid && busy && !lhs_ready);
  always_comb if (f_run) c_zero_divisor: cover (result_valid && f_zero);
end
if (F_TOP && SIGNED) begin : g_f_cover_signed
  always_comb if (f_run) c_negative_result: cover (result_valid && !f_zero && result_data[W-1]);
end
