// Properties of handshake_control_merge_ctrl (N control inputs -> out + index, two eager outputs,
// choice held from the first offer to the consumption), included inside the module.
// Ghost state f_out_taken / f_idx_taken: out / index took the current token (set by their transfer,
// cleared when the input is consumed) -- "each output exactly once" as registers.
`ifdef DFV_FORMAL_TOP_handshake_control_merge_ctrl
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready), .data(1'b0));
dfv_hs_chk #(.W(SW)) f_index (.clk(clk), .rst(rst), .f_past(f_past), .valid(index_valid),
                              .ready(index_ready), .data(index_data));
logic [N-1:0] f_in_fire;
assign f_in_fire = in_valid & in_ready;
for (genvar i = 0; i < N; i++) begin : g_f_in
  dfv_hs_chk #(.ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid[i]),
                                     .ready(in_ready[i]), .data(1'b0));
  // the consumed input is the one the index names
  always_comb if (f_run && f_in_fire[i]) assert (index_data == SW'(i));  // prop: index_names_input
  if (F_TOP) always_comb if (f_run) cover (f_in_fire[i]);  // prop: c_take
end

logic f_out_taken, f_idx_taken, f_consume;
assign f_consume = |f_in_fire;
always_ff @(posedge clk) begin
  if (rst || f_consume) begin
    f_out_taken <= 1'b0;
    f_idx_taken <= 1'b0;
  end else begin
    f_out_taken <= f_out_taken | (out_valid && out_ready);
    f_idx_taken <= f_idx_taken | (index_valid && index_ready);
  end
end

always_comb begin
  if (f_run) begin
    one_input: assert ($onehot0(f_in_fire));
    // exactly once per output: not offered again once taken ...
    out_no_dup: assert (!(f_out_taken && out_valid));
    idx_no_dup: assert (!(f_idx_taken && index_valid));
    // ... and the input is consumed only when both took it (now or earlier)
    if (f_consume) out_no_loss: assert (f_out_taken || (out_valid && out_ready));
    if (f_consume) idx_no_loss: assert (f_idx_taken || (index_valid && index_ready));
    // an output token is the token of the input the index names
    if (out_valid || index_valid) from_input: assert (32'(index_data) < N && in_valid[index_data]);
    // induction strength: the flags are the outputs served; a served or held choice is locked
    inv_out_sent: assert (out_sent_q == f_out_taken);
    inv_idx_sent: assert (idx_sent_q == f_idx_taken);
    if (out_sent_q || idx_sent_q) inv_locked: assert (lock_q);
    if (lock_q) inv_lock_valid: assert ($onehot(sel_q) && (sel_q & in_valid) == sel_q && 32'(index_data) < N
                                        && sel_q[index_data]);
    inv_at_init: assert (at_init == !lock_q);
  end
end
if (F_TOP) always_comb if (f_run) c_both_at_once: cover (f_consume && !out_sent_q && !idx_sent_q);
if (F_TOP) always_comb if (f_run) c_out_first: cover (out_sent_q && !idx_sent_q);
if (F_TOP) always_comb if (f_run) c_idx_first: cover (idx_sent_q && !out_sent_q);
if (F_TOP) always_ff @(posedge clk) if (f_past && !$past(rst)) c_lock_held: cover ($past(lock_q) && lock_q && in_valid[0] && index_data != '0);
