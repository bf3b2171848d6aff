// Properties of dataflow_stream (specs 000 / 001, README "Stream"), included inside the module.
// Shape: per activation (start, step, bound consumed together) the outputs carry N+1 elements,
// idx = start, start op step, ... and cont = T^N F: exactly one false, which ends the activation.
// Errors: zero step -> 259 (RT_DATAFLOW_STREAM_ZERO_STEP), cont_cond 6/7 -> 3; sticky until reset,
// the lowest code wins; an erroneous activation is zero-trip (one element: idx = start, cont = 0).
// Ghost state: the activation (f_act, its inputs f_step / f_bound / f_cond / f_stop, the expected
// next index f_expect), per-output taken flags of the current element, and this activation's counts
// of retired elements, idx / cont transfers and true conts (3 bits, modular).
// The element values are checked against the spec for STEP_OP add, sub, mul and div (F_DATA); for the shifts
// the shape, protocol and error properties are proved, not the index arithmetic. The iterative units of *=
// and /= (g_upd_iter) work on the presented element (next_idx_q) and the step captured at the operation's
// start (f_ops); after j steps: the product (g_mul) has acc_q = x * (the step's low j bits), mcd_q = x << j,
// mpl_q = step >> j; the division (g_div) is proved like arith_divi's: on the magnitudes, with T the dividend
// bits brought down, rem_q = T % d and dvd_q = (M << j) | (T / d). Once done, upd_q is the wrapped product
// or the signed quotient (MIN / -1 wrapping to MIN). An element with a successor retires only once that
// result is known (next_known), whenever its outputs took it.
`ifdef DFV_FORMAL_TOP_dataflow_stream
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

localparam bit F_DIV = (STEP_OP == dfv_pkg::STEP_DIV);
localparam bit F_DATA = (STEP_OP == dfv_pkg::STEP_ADD) || (STEP_OP == dfv_pkg::STEP_SUB) || ITER;
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_start (.clk(clk), .rst(rst), .f_past(f_past), .valid(start_valid),
                                             .ready(start_ready), .data(start_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_stepc (.clk(clk), .rst(rst), .f_past(f_past), .valid(step_valid),
                                             .ready(step_ready), .data(step_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_boundc (.clk(clk), .rst(rst), .f_past(f_past), .valid(bound_valid),
                                              .ready(bound_ready), .data(bound_data));
dfv_hs_chk #(.W(W)) f_idx (.clk(clk), .rst(rst), .f_past(f_past), .valid(idx_valid), .ready(idx_ready),
                           .data(idx_data));
dfv_hs_chk f_cont (.clk(clk), .rst(rst), .f_past(f_past), .valid(cont_valid), .ready(cont_ready),
                   .data(cont_data));

// the spec's continuation test (signed comparisons in W bits)
function automatic logic f_holds(input logic [W-1:0] x, input logic [W-1:0] b, input logic [2:0] c);
  case (c)
    dfv_pkg::COND_LT: f_holds = $signed(x) < $signed(b);
    dfv_pkg::COND_LE: f_holds = $signed(x) <= $signed(b);
    dfv_pkg::COND_GT: f_holds = $signed(x) > $signed(b);
    dfv_pkg::COND_GE: f_holds = $signed(x) >= $signed(b);
    dfv_pkg::COND_NE: f_holds = x != b;
    default: f_holds = 1'b0;
  endcase
endfunction

// the spec's update for the F_DATA operators: wrapped add, sub and mul, signed division truncating toward zero
function automatic logic [W-1:0] f_update(input logic [W-1:0] x, input logic [W-1:0] s);
  case (STEP_OP)
    dfv_pkg::STEP_SUB: f_update = x - s;
    dfv_pkg::STEP_MUL: f_update = x * s;
    dfv_pkg::STEP_DIV: f_update = (s == '0) ? x : W'($signed(x) / $signed(s));
    default: f_update = x + s;
  endcase
endfunction

logic f_load, f_idx_fire, f_cont_fire, f_done, f_final, f_bad_cfg, f_zero;
assign f_load = start_valid && start_ready;
assign f_idx_fire = idx_valid && idx_ready;
assign f_cont_fire = cont_valid && cont_ready;
assign f_bad_cfg = cont_cond >= 3'd6;
assign f_zero = step_data == '0;

logic f_act, f_stop, f_idx_taken, f_cont_taken;
logic [W-1:0] f_expect, f_step, f_bound;
logic [2:0] f_cond, f_nr, f_ni, f_nc, f_nt;
// the current element retires now: both outputs have taken it (earlier or now) and, with *= or /=, the idx after it
// is known (the final element's never waits); f_final: its cont is false
assign f_done = f_act && (f_idx_taken || f_idx_fire) && (f_cont_taken || f_cont_fire) && (!ITER || next_known);
assign f_final = f_done && !cont_data;
logic [2:0] f_ni_now, f_nc_now, f_nt_now;
assign f_ni_now = f_ni + 3'(f_idx_fire);
assign f_nc_now = f_nc + 3'(f_cont_fire);
assign f_nt_now = f_nt + 3'(f_cont_fire && cont_data);

always_ff @(posedge clk) begin
  if (rst) begin
    {f_act, f_idx_taken, f_cont_taken} <= '0;
    {f_nr, f_ni, f_nc, f_nt} <= '0;
  end else if (f_load) begin
    f_act <= 1'b1;
    f_stop <= f_bad_cfg || f_zero;
    f_expect <= start_data;
    f_step <= step_data;
    f_bound <= bound_data;
    f_cond <= (cont_cond == dfv_pkg::COND_BY_SIGN) ? (step_data[W-1] ? dfv_pkg::COND_GT : dfv_pkg::COND_LT) : cont_cond;
    {f_idx_taken, f_cont_taken} <= '0;
    {f_nr, f_ni, f_nc, f_nt} <= '0;
  end else if (f_done) begin
    f_act <= cont_data;
    f_expect <= f_update(f_expect, f_step);
    {f_idx_taken, f_cont_taken} <= '0;
    {f_nr, f_ni, f_nc, f_nt} <= {f_nr + 3'd1, f_ni_now, f_nc_now, f_nt_now};
  end else begin
    f_idx_taken <= f_idx_taken | f_idx_fire;
    f_cont_taken <= f_cont_taken | f_cont_fire;
    {f_ni, f_nc, f_nt} <= {f_ni_now, f_nc_now, f_nt_now};
  end
end

always_comb begin
  if (f_run) begin
    // the three activation inputs are consumed together, and only between activations (or as the
    // final element of the previous one retires)
    joined: assert ((step_valid && step_ready) == f_load && (bound_valid && bound_ready) == f_load);
    load_between: assert (!f_load || !f_act || f_final);
    // elements only inside an activation; exactly once per output
    in_activation: assert (!(idx_valid || cont_valid) || f_act);
    idx_no_dup: assert (!(f_idx_taken && idx_valid));
    cont_no_dup: assert (!(f_cont_taken && cont_valid));
    // N+1 pairs with exactly one false: when the false retires, as many idx as cont tokens, one more
    // than the trues
    if (f_final) n_plus_one: assert (f_ni_now == f_nc_now && f_nc_now == f_nt_now + 3'd1);
    // a zero-trip (erroneous) activation emits its single element with cont = 0
    if (f_act && f_stop) zero_trip: assert (!cont_data && idx_data == f_expect);
    // the element values (F_DATA): idx = start, start op step, ...; cont = idx <cond> bound
    if (F_DATA && f_act) idx_value: assert (idx_data == f_expect);
    if (F_DATA && f_act && !f_stop) cont_value: assert (cont_data == f_holds(f_expect, f_bound, f_cond));
    // errors: err_valid mirrors the code, which is one of the stream's codes
    err_valid_code: assert (err_valid == (err_code != '0));
    err_codes: assert (err_code == '0 || err_code == dfv_pkg::CFG_DATAFLOW_STREAM_CONT_COND || err_code == dfv_pkg::RT_DATAFLOW_STREAM_ZERO_STEP);
    // induction strength
    inv_state: assert ((state_q == S_ACTIVE) == f_act);
    inv_sent: assert (idx_sent_q == f_idx_taken && cont_sent_q == f_cont_taken);
    // nothing is taken between activations (the sent flags need no clearing by a load)
    if (!f_act) inv_idle_untaken: assert (!f_idx_taken && !f_cont_taken);
    if (f_act) inv_regs: assert (stop_q == f_stop && cond_q == f_cond);
    // step_q and bound_q follow the inputs once the final element is presented (nothing reads them then)
    if (f_act && cont_data) inv_operands: assert (step_q == f_step && bound_q == f_bound);
    if (f_act && (F_DATA || f_stop)) inv_idx: assert (next_idx_q == f_expect);
    // the registered comparisons and next index follow the presented element
    if (f_act) inv_cmp: assert (lt_q == ($signed(next_idx_q) < $signed(f_bound)) && le_q == ($signed(next_idx_q) <= $signed(f_bound)));
    if (f_act && !ITER) inv_upd: assert (upd_q == step_update(next_idx_q, f_step));
    // with *= and /=, upd_q once known: g_f_iter (inv_iter_done, with inv_iter_step's f_ops == f_step)
    if (f_act) inv_counts: assert (f_ni == f_nr + 3'(idx_sent_q) && f_nc == f_nr + 3'(cont_sent_q) && f_nt == f_nr + 3'(cont_sent_q && cont_data));
    if (f_act && f_stop) inv_err_set: assert (err_code != '0);
    inv_at_init: assert (at_init == (!f_act && !idx_sent_q && !cont_sent_q));
  end
end

always_ff @(posedge clk) begin
  if (f_past && !rst) begin
    // reset clears the error; otherwise it is sticky, and a later code replaces it only if lower
    if ($past(rst)) err_reset: assert (err_code == '0);
    if (!$past(rst) && $past(err_code) != '0) err_sticky: assert (err_code != '0 && err_code <= $past(err_code));
    // zero step raises 259 (unless a lower code is already held); a bad cont_cond raises 3
    if (!$past(rst) && $past(f_load && f_zero && !f_bad_cfg))
      zero_step_259: assert (err_code == (($past(err_code) == '0) ? dfv_pkg::RT_DATAFLOW_STREAM_ZERO_STEP : $past(err_code)));
    if (!$past(rst) && $past(f_load && f_bad_cfg)) bad_cfg_3: assert (err_code == dfv_pkg::CFG_DATAFLOW_STREAM_CONT_COND);
    // no error without a cause
    if (!$past(rst) && !$past(f_load && (f_zero || f_bad_cfg))) err_no_cause: assert (err_code == $past(err_code));
    // back in the initial state after the final element, unless the next activation loaded with it
    if (!$past(rst) && $past(f_final && !f_load)) back_to_init: assert (at_init);
  end
end

if (ITER) begin : g_f_iter
  logic [W-1:0] f_ops;
  logic [31:0] f_j;
  logic [2:0] f_phases;
  // the step of the operation in flight (with /=, its magnitude is dsr_q and its sign went into qneg_q)
  always_ff @(posedge clk) if (elem_en && sel_load) f_ops <= step_data;
  // steps done
  assign f_j = g_upd_iter.run_q ? 32'(W - 1) - 32'(g_upd_iter.cnt_q) : 32'(W);
  assign f_phases = 3'(g_upd_iter.run_q) + 3'(g_upd_iter.fix_q) + 3'(g_upd_iter.ok_q);
  always_comb begin
    if (f_run) begin
      inv_iter_phase: assert (f_phases <= 3'd1 && upd_ok == g_upd_iter.ok_q);
      if (f_act && !f_stop) inv_iter_step: assert (f_ops == f_step && f_step != '0);
      if (g_upd_iter.run_q) inv_iter_cnt: assert (32'(g_upd_iter.cnt_q) <= W - 1);
      // an element waiting for the idx after it waits for an operation under way (W + 2 cycles at most)
      if (f_act && !next_known) iter_under_way: assert (g_upd_iter.run_q || g_upd_iter.fix_q);
      // once done (a zero step's result is never used): upd_q is the presented element <step_op> the step
      if (g_upd_iter.ok_q && f_ops != '0) inv_iter_done: assert (upd_q == f_update(next_idx_q, f_ops));
    end
  end

  if (F_DIV) begin : g_f_div
    logic [W-1:0] f_mag_a, f_mag_b, f_top;
    assign f_mag_a = next_idx_q[W-1] ? '0 - next_idx_q : next_idx_q;
    assign f_mag_b = f_ops[W-1] ? '0 - f_ops : f_ops;
    assign f_top = (f_j == 0) ? '0 : W'(f_mag_a >> (32'(W) - f_j));
    always_comb begin
      if (f_run) begin
        if (f_phases != '0) inv_div_operands: assert (g_upd_iter.g_div.dsr_q == f_mag_b
                                                    && g_upd_iter.g_div.qneg_q == (next_idx_q[W-1] ^ f_ops[W-1]));
        if ((g_upd_iter.run_q || g_upd_iter.fix_q) && f_ops != '0) begin
          inv_div_rem: assert (g_upd_iter.g_div.rem_q == f_top % f_mag_b);
          inv_div_quo: assert (g_upd_iter.g_div.dvd_q == (W'(f_mag_a << f_j) | W'(f_top / f_mag_b)));
        end
        // once done, the next division's dividend magnitude, still in dvd_q, is the quotient's
        if (g_upd_iter.ok_q && f_ops != '0) inv_div_mag: assert (g_upd_iter.g_div.dvd_q == (upd_q[W-1] ? '0 - upd_q : upd_q));
      end
    end
  end else begin : g_f_mul
    logic [W-1:0] f_low;  // the step's bits used so far
    assign f_low = f_ops & ~({W{1'b1}} << f_j);
    always_comb begin
      if (f_run) begin
        if (g_upd_iter.run_q || g_upd_iter.fix_q) begin
          inv_mul_mcd: assert (g_upd_iter.g_mul.mcd_q == W'(next_idx_q << f_j));
          inv_mul_mpl: assert (g_upd_iter.g_mul.mpl_q == W'(f_ops >> f_j));
          inv_mul_acc: assert (g_upd_iter.g_mul.acc_q == W'(next_idx_q * f_low));
        end
      end
    end
  end
end

if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_load_idle: cover (state_q == S_IDLE && f_load);
  always_comb if (f_run) c_retire_true: cover (f_done && cont_data);
  always_comb if (f_run) c_retire_false: cover (f_final && !f_load);
  always_comb if (f_run) c_back_to_back: cover (f_final && f_load);
  always_comb if (f_run) c_idx_first: cover (idx_sent_q && !cont_sent_q);
  always_comb if (f_run) c_cont_first: cover (cont_sent_q && !idx_sent_q);
  always_comb if (f_run) c_n2: cover (f_final && f_nt_now == 3'd2);
  always_comb if (f_run) c_zero_step: cover (err_code == dfv_pkg::RT_DATAFLOW_STREAM_ZERO_STEP);
  always_comb if (f_run) c_bad_cfg: cover (err_code == dfv_pkg::CFG_DATAFLOW_STREAM_CONT_COND);
  always_ff @(posedge clk) if (f_past && !$past(rst)) c_lower_wins: cover ($past(err_code) == dfv_pkg::RT_DATAFLOW_STREAM_ZERO_STEP && err_code == dfv_pkg::CFG_DATAFLOW_STREAM_CONT_COND);
  always_ff @(posedge clk) if (f_past && !$past(rst)) c_sticky: cover ($past(err_code) == dfv_pkg::CFG_DATAFLOW_STREAM_CONT_COND && $past(f_load && f_zero));
end
