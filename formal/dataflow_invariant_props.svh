// Properties of dataflow_invariant (specs 000 / 001), included inside the module.
// Shape: per burst, the value `a` is emitted once for the burst's head and once more per true `d`;
// the false `d` ends the burst and emits nothing: as many `o` tokens as `d` tokens per burst.
// Ghost state: f_open (a burst is open: its `a` taken, its false `d` not yet), f_val (that `a`),
// f_no / f_nd: this burst's `o` and `d` transfers (3 bits, modular).
`ifdef DFV_FORMAL_TOP_dataflow_invariant
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.ASSUME(F_TOP)) f_d (.clk(clk), .rst(rst), .f_past(f_past), .valid(d_valid), .ready(d_ready),
                                  .data(d_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_a (.clk(clk), .rst(rst), .f_past(f_past), .valid(a_valid),
                                         .ready(a_ready), .data(a_data));
dfv_hs_chk #(.W(W)) f_o (.clk(clk), .rst(rst), .f_past(f_past), .valid(o_valid), .ready(o_ready), .data(o_data));

logic f_a_fire, f_d_fire, f_o_fire, f_close;
assign f_a_fire = a_valid && a_ready;
assign f_d_fire = d_valid && d_ready;
assign f_o_fire = o_valid && o_ready;
assign f_close = f_d_fire && !d_data;  // the false that ends the open burst

logic f_open;
logic [W-1:0] f_val;
logic [2:0] f_no, f_nd;
always_ff @(posedge clk) begin
  if (rst) begin
    f_open <= 1'b0;
    {f_no, f_nd} <= '0;
  end else begin
    if (f_close) {f_no, f_nd} <= '0;
    else {f_no, f_nd} <= {f_no + 3'(f_o_fire), f_nd + 3'(f_d_fire)};
    if (f_a_fire) begin  // a new burst (after the close in the same cycle, if any)
      f_open <= 1'b1;
      f_val <= a_data;
      f_no <= 3'd1;
      f_nd <= '0;
    end else if (f_close) begin
      f_open <= 1'b0;
    end
  end
end

always_comb begin
  if (f_run) begin
    // d is consumed only inside an open burst; a only when none is open or the open one closes now
    d_in_burst: assert (!f_d_fire || f_open);
    a_starts_burst: assert (!f_a_fire || !f_open || f_close);
    // exactly once: every `o` token is either the `a` taken now or a repeat for a true `d` taken now
    o_is_a_or_repeat: assert (f_o_fire == (f_a_fire || (f_d_fire && d_data)));
    if (f_o_fire && f_a_fire) o_data_a: assert (o_data == a_data);
    if (f_o_fire && !f_a_fire) o_data_repeat: assert (o_data == f_val);
    // per burst, as many outputs as d tokens: at the false, #o == #d (the head plus one per true)
    if (f_close) o_count_is_d_count: assert (f_no == f_nd + 3'd1);
    // induction strength
    inv_state: assert ((state_q == COND) == f_open);
    if (f_open) inv_value: assert (value_q == f_val);
    if (f_open) inv_count: assert (f_no == f_nd + 3'd1);
    inv_at_init: assert (at_init == !f_open);
  end
end
// back in the initial state after the terminating false (unless the next burst's `a` came with it)
always_ff @(posedge clk)
  if (f_past && !rst && !$past(rst) && $past(f_close && !f_a_fire)) back_to_init: assert (at_init);

if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_init_a: cover (state_q == INIT && f_a_fire);
  always_comb if (f_run) c_cond_true: cover (state_q == COND && f_d_fire && d_data);
  always_comb if (f_run) c_cond_false: cover (state_q == COND && f_close && !f_a_fire);
  always_comb if (f_run) c_cond_false_merged: cover (state_q == COND && f_close && f_a_fire);
  always_comb if (f_run) c_repeat_stalled: cover (state_q == COND && d_valid && d_data && !o_ready);
  always_comb if (f_run) c_burst3: cover (f_close && f_nd == 3'd2);
end
