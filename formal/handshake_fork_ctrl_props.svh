// Properties of handshake_fork_ctrl (eager fork, N outputs), included inside the module.
// Ghost state f_taken[i]: output i took the current input token (set by a transfer on out[i],
// cleared when `in` is consumed) -- the spec's "delivered once to every output" as a register.
`ifdef DFV_FORMAL_TOP_handshake_fork_ctrl
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                   .ready(in_ready), .data(1'b0));

logic [N-1:0] f_taken;
always_ff @(posedge clk) begin
  if (rst || (in_valid && in_ready)) f_taken <= '0;
  else f_taken <= f_taken | (out_valid & out_ready);
end

for (genvar i = 0; i < N; i++) begin : g_f_out
  dfv_hs_chk f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid[i]), .ready(out_ready[i]),
                    .data(1'b0));
  always_comb begin
    if (f_run) begin
      // exactly once, per output: never offered again after taking it ...
      assert (!(f_taken[i] && out_valid[i]));  // prop: no_dup
      // ... and the input is consumed only when every output has taken it (now or earlier)
      if (in_valid && in_ready) assert (f_taken[i] || (out_valid[i] && out_ready[i]));  // prop: no_loss
      // an output token is the current input token (none without one)
      if (out_valid[i]) assert (in_valid);  // prop: from_input
    end
  end
end

always_comb begin
  if (f_run) begin
    // induction strength: the sent flags are exactly the outputs served
    inv_sent: assert (sent_q == f_taken);
    // at_init = no output served for the current token
    inv_at_init: assert (at_init == (sent_q == '0));
  end
end

// reachability: every sent-flag pattern with one output served, each flag set and cleared, a
// transfer to all at once, a stall
if (F_TOP) begin : g_f_cover
for (genvar i = 0; i < N; i++) begin : g_out
  always_ff @(posedge clk) begin
    if (f_past && !$past(rst)) begin
      cover (sent_q[i] && !$past(sent_q[i]));  // prop: c_set
      cover (!sent_q[i] && $past(sent_q[i]));  // prop: c_clear
    end
  end
end
end
if (F_TOP) always_comb if (f_run) c_all_at_once: cover (in_valid && in_ready && sent_q == '0);
if (F_TOP) always_comb if (f_run) c_stall: cover (in_valid && !in_ready && (out_ready == '0));
