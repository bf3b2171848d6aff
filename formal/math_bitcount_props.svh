// Properties of math_bitcount (ctlz / cttz / ctpop of a W-bit word, OP; LATENCY stages), included inside
// the module. The count is stated by walking the bits one at a time (the last set bit met from the far end
// fixes ctlz and cttz; ctpop adds them up), not as the RTL's tree computes it, for the word accepted, and
// carried through a ghost stage per pipeline stage on the RTL's own load enables: every result is the
// count of the word its stages took. The order, exactly-once delivery and the latency are proved on the
// control core u_ctrl (dfv_pipe_ctrl, whose property file is included there, its input driven by this
// unit); with the output ready a word offered is accepted; at_init 1 after a reset. Two stages (ctpop,
// W > 32): a full first stage's nodes add up to the count of its word, each at most the bits it covers.
`ifdef DFV_FORMAL_TOP_math_bitcount
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                          .ready(in_ready), .data(in_data));
dfv_hs_chk #(.W(W)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid),
                           .ready(out_ready), .data(out_data));
logic [W-1:0] f_spec;
always_comb begin : p_f_spec
  if (OP == dfv_pkg::BITCOUNT_CTPOP) begin
    f_spec = '0;
    for (int i = 0; i < W; i++) f_spec = f_spec + W'(in_data[i]);
  end else begin
    f_spec = W'(W);  // no set bit: the width (MLIR's count of 0)
    for (int i = 0; i < W; i++) begin
      if (OP == dfv_pkg::BITCOUNT_CTLZ && in_data[i]) f_spec = W'(W - 1 - i);  // ends at the highest one
      if (OP == dfv_pkg::BITCOUNT_CTTZ && in_data[W-1-i]) f_spec = W'(W - 1 - i);  // ends at the lowest one
    end
  end
end
logic [LATENCY-1:0][W-1:0] f_spec_q, f_word_q;  // the count of the word each stage holds, and the word
always_ff @(posedge clk) begin : p_f_ghost
  for (int k = 0; k < LATENCY; k++) begin
    if (load[k] && k == 0) begin
      f_spec_q[k] <= f_spec;
      f_word_q[k] <= in_data;
    end else if (load[k]) begin
      f_spec_q[k] <= f_spec_q[k-1];
      f_word_q[k] <= f_word_q[k-1];
    end
  end
end
// two stages (ctpop wider than 32 bits): a full first stage's nodes add up to the count of its word (at
// most W), each at most the bits it covers (the induction's hold on a word stalled there)
logic [LATENCY-1:0] f_vld;  // peek: u_ctrl.vld_q
if (LATENCY == 2) begin : g_f_two
  logic [W-1:0] f_sum0;  // the sum of stage 1's nodes (level cut_at(1))
  logic f_nodes_small;  // each of them at most 2^cut_at(1), the bits it counts
  always_comb begin : p_f_sum0
    f_sum0 = '0;
    f_nodes_small = 1'b1;
    for (int i = 0; i < (P >> cut_at(1)); i++) begin
      f_sum0 = f_sum0 + W'(node_q[0][i*CW +: CW]);
      f_nodes_small = f_nodes_small && (node_q[0][i*CW +: CW] <= CW'(1 << cut_at(1)));
    end
  end
  always_comb if (f_run && f_vld[0]) stage1_sum: assert (f_sum0 == f_spec_q[0] && f_spec_q[0] <= W'(W) && f_nodes_small);
end
logic f_fire;
assign f_fire = out_valid && out_ready;
always_comb begin
  if (f_run) begin
    // full rate: with the output ready every stage moves on, so a word offered is accepted
    if (out_ready && in_valid) full_rate: assert (in_ready);
    if (out_valid) out_value: assert (out_data == f_spec_q[LATENCY-1]);
  end
end
always_ff @(posedge clk) if (f_past && !rst && $past(rst)) reset_at_init: assert (at_init);
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_zero: cover (f_fire && f_word_q[LATENCY-1] == '0);
  always_comb if (f_run) c_all_ones: cover (f_fire && f_word_q[LATENCY-1] == '1);
  always_comb if (f_run) c_top_bit_only: cover (f_fire && f_word_q[LATENCY-1] == {1'b1, {(W-1){1'b0}}});
  always_comb if (f_run) c_stall: cover (out_valid && !out_ready);
end
