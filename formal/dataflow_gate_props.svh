// Properties of dataflow_gate (specs 000 / 001), included inside the module.
// Shape: an activation of N+1 pairs (before_value, before_cond) with conds T^N F becomes N values on
// after_value (one per true cond) and N conds on after_cond (every cond but the head's).
// Ghost state: f_next (the current pair is not its activation's head: the spec's "a true cond was
// consumed last"), f_v_taken / f_c_taken (the output took the current pair's element), and
// per-activation counts of pairs consumed / values / conds emitted (3 bits, modular).
`ifdef DFV_FORMAL_TOP_dataflow_gate
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_bv (.clk(clk), .rst(rst), .f_past(f_past), .valid(before_value_valid),
                                          .ready(before_value_ready), .data(before_value_data));
dfv_hs_chk #(.ASSUME(F_TOP)) f_bc (.clk(clk), .rst(rst), .f_past(f_past), .valid(before_cond_valid),
                                   .ready(before_cond_ready), .data(before_cond_data));
dfv_hs_chk #(.W(W)) f_av (.clk(clk), .rst(rst), .f_past(f_past), .valid(after_value_valid),
                          .ready(after_value_ready), .data(after_value_data));
dfv_hs_chk f_ac (.clk(clk), .rst(rst), .f_past(f_past), .valid(after_cond_valid), .ready(after_cond_ready),
                 .data(after_cond_data));

logic f_bv_fire, f_bc_fire, f_av_fire, f_ac_fire;
assign f_bv_fire = before_value_valid && before_value_ready;
assign f_bc_fire = before_cond_valid && before_cond_ready;
assign f_av_fire = after_value_valid && after_value_ready;
assign f_ac_fire = after_cond_valid && after_cond_ready;

logic f_next, f_v_taken, f_c_taken;
logic [2:0] f_np, f_nv, f_nc;  // this activation: pairs consumed, values and conds emitted
logic [2:0] f_np_now, f_nv_now, f_nc_now;  // the same, this cycle's transfers included
assign f_np_now = f_np + 3'(f_bv_fire);
assign f_nv_now = f_nv + 3'(f_av_fire);
assign f_nc_now = f_nc + 3'(f_ac_fire);
always_ff @(posedge clk) begin
  if (rst) begin
    {f_next, f_v_taken, f_c_taken} <= '0;
    {f_np, f_nv, f_nc} <= '0;
  end else if (f_bv_fire) begin
    f_next <= before_cond_data;
    {f_v_taken, f_c_taken} <= '0;
    if (before_cond_data) {f_np, f_nv, f_nc} <= {f_np_now, f_nv_now, f_nc_now};
    else {f_np, f_nv, f_nc} <= '0;  // the false ends the activation
  end else begin
    f_v_taken <= f_v_taken | f_av_fire;
    f_c_taken <= f_c_taken | f_ac_fire;
    {f_nv, f_nc} <= {f_nv_now, f_nc_now};
  end
end

always_comb begin
  if (f_run) begin
    // the two inputs are consumed together, as one pair
    pair_joined: assert (f_bv_fire == f_bc_fire);
    // per pair: a value out exactly when cond is true, a cond out exactly when the pair is not the head
    value_iff_true: assert (!after_value_valid || (before_cond_valid && before_cond_data));
    cond_iff_not_head: assert (!after_cond_valid || f_next);
    value_data: assert (!after_value_valid || after_value_data == before_value_data);
    cond_data: assert (!after_cond_valid || after_cond_data == before_cond_data);
    // exactly once: an output does not take a pair's element twice ...
    value_no_dup: assert (!(f_v_taken && after_value_valid));
    cond_no_dup: assert (!(f_c_taken && after_cond_valid));
    // ... and a pair is consumed only when every output it feeds has taken it
    if (f_bv_fire && before_cond_data) value_no_loss: assert (f_v_taken || f_av_fire);
    if (f_bv_fire && f_next) cond_no_loss: assert (f_c_taken || f_ac_fire);
    // N+1 -> N: when the terminating false is consumed, N+1 pairs gave N values and N conds
    if (f_bv_fire && !before_cond_data) n_values: assert (f_nv_now == f_np_now - 3'd1);
    if (f_bv_fire && !before_cond_data) n_conds: assert (f_nc_now == f_np_now - 3'd1);
    // induction strength: the machine's state is the spec's
    inv_state: assert ((state_q == NEED_NEXT) == f_next);
    inv_value_sent: assert (value_sent_q == f_v_taken);
    inv_cond_sent: assert (cond_sent_q == f_c_taken);
    inv_counts: assert (f_nv == f_np + 3'(value_sent_q) && f_nc + 3'(f_next) == f_np + 3'(cond_sent_q));
    if (!f_next) inv_head: assert (f_np == '0 && f_nv == 3'(value_sent_q) && f_nc == '0);
    // a taken element's pair is still held (the inputs stay until the pair is consumed)
    if (value_sent_q) inv_value_held: assert (before_value_valid && before_cond_valid && before_cond_data);
    if (cond_sent_q) inv_cond_held: assert (before_value_valid && before_cond_valid && f_next);
    inv_at_init: assert (at_init == (!f_next && !value_sent_q && !cond_sent_q));
  end
end
// back in the initial state after the terminating false
always_ff @(posedge clk)
  if (f_past && !rst && !$past(rst) && $past(f_bv_fire && !before_cond_data)) back_to_init: assert (at_init);

if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_head_true: cover (f_bv_fire && !f_next && before_cond_data);
  always_comb if (f_run) c_head_false: cover (f_bv_fire && !f_next && !before_cond_data);
  always_comb if (f_run) c_next_true: cover (f_bv_fire && f_next && before_cond_data);
  always_comb if (f_run) c_next_false: cover (f_bv_fire && f_next && !before_cond_data);
  always_comb if (f_run) c_value_first: cover (value_sent_q && !cond_sent_q);
  always_comb if (f_run) c_cond_first: cover (cond_sent_q && !value_sent_q);
  always_comb if (f_run) c_n2: cover (f_bv_fire && !before_cond_data && f_np_now == 3'd3);
end
