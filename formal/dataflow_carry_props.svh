// Properties of dataflow_carry (specs 000 / 001), included inside the module.
// Shape: per burst, `o` carries the initial value `a`, then one `b` per true `d`; the false `d` ends
// the burst and emits nothing: as many `o` tokens as `d` tokens per burst.
// Ghost state: the token-level spec machine f_sp (F_IDLE: no burst open, expects `a`; F_WAITD: expects
// `d`; F_WANTB: a true `d` taken, expects its `b`) and this burst's `o` / `d` counts (3 bits, modular).
// Within a cycle the RTL may do several steps; the spec orders them `o` then `d` (F_IDLE, F_WANTB) or
// `d` then `o` (F_WAITD).
`ifdef DFV_FORMAL_TOP_dataflow_carry
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.ASSUME(F_TOP)) f_d (.clk(clk), .rst(rst), .f_past(f_past), .valid(d_valid), .ready(d_ready),
                                  .data(d_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_a (.clk(clk), .rst(rst), .f_past(f_past), .valid(a_valid),
                                         .ready(a_ready), .data(a_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_b (.clk(clk), .rst(rst), .f_past(f_past), .valid(b_valid),
                                         .ready(b_ready), .data(b_data));
dfv_hs_chk #(.W(W)) f_o (.clk(clk), .rst(rst), .f_past(f_past), .valid(o_valid), .ready(o_ready), .data(o_data));

localparam logic [1:0] F_IDLE = 2'd0, F_WAITD = 2'd1, F_WANTB = 2'd2;
logic f_a_fire, f_b_fire, f_d_fire, f_o_fire, f_close;
assign f_a_fire = a_valid && a_ready;
assign f_b_fire = b_valid && b_ready;
assign f_d_fire = d_valid && d_ready;
assign f_o_fire = o_valid && o_ready;
assign f_close = f_d_fire && !d_data;

logic [1:0] f_sp, f_sp_next;
logic f_legal;
always_comb begin : p_f_spec
  f_legal = 1'b1;
  f_sp_next = f_sp;
  case (f_sp)
    F_IDLE: begin  // `a` (then maybe its `d`)
      if (f_b_fire || (f_d_fire && !f_a_fire)) f_legal = 1'b0;
      else if (f_a_fire) f_sp_next = !f_d_fire ? F_WAITD : (d_data ? F_WANTB : F_IDLE);
    end
    F_WAITD: begin  // `d` (then, true: maybe its `b`; false: maybe the next burst's `a`)
      if (!f_d_fire) f_legal = !(f_a_fire || f_b_fire);
      else if (d_data) begin
        f_legal = !f_a_fire;
        f_sp_next = f_b_fire ? F_WAITD : F_WANTB;
      end else begin
        f_legal = !f_b_fire;
        f_sp_next = f_a_fire ? F_WAITD : F_IDLE;
      end
    end
    F_WANTB: begin  // `b` (then maybe the next `d`)
      if (f_a_fire || (f_d_fire && !f_b_fire)) f_legal = 1'b0;
      else if (f_b_fire) f_sp_next = !f_d_fire ? F_WAITD : (d_data ? F_WANTB : F_IDLE);
    end
    default: f_legal = 1'b0;
  endcase
end

logic [2:0] f_no, f_nd, f_no_before_d;
assign f_no_before_d = f_no + 3'(f_o_fire && f_sp != F_WAITD);  // the o of this cycle ordered before its d
always_ff @(posedge clk) begin
  if (rst) begin
    f_sp <= F_IDLE;
    {f_no, f_nd} <= '0;
  end else begin
    f_sp <= f_sp_next;
    if (f_close) {f_no, f_nd} <= {3'(f_a_fire && f_sp == F_WAITD), 3'd0};  // merged next burst's `a`
    else {f_no, f_nd} <= {f_no + 3'(f_o_fire), f_nd + 3'(f_d_fire)};
  end
end

always_comb begin
  if (f_run) begin
    // the transfers of each cycle are steps of the spec machine (a burst: a, then b per true d, false ends)
    legal_sequence: assert (f_legal);
    // exactly once: each `o` token is the `a` or the `b` taken with it, never both, never neither
    o_from_one_input: assert (f_o_fire == (f_a_fire || f_b_fire) && !(f_a_fire && f_b_fire));
    if (f_o_fire && f_a_fire) o_data_a: assert (o_data == a_data);
    if (f_o_fire && f_b_fire) o_data_b: assert (o_data == b_data);
    // per burst, as many outputs as d tokens (the initial value plus one per true d)
    if (f_close) o_count_is_d_count: assert (f_no_before_d == f_nd + 3'd1);
    // induction strength: the machine's state is the spec's, and the counts follow it
    inv_state: assert ({1'b0, state_q} == {1'b0, f_sp});
    if (f_sp == F_IDLE) inv_idle_counts: assert (f_no == '0 && f_nd == '0);
    if (f_sp == F_WAITD) inv_waitd_counts: assert (f_no == f_nd + 3'd1);
    if (f_sp == F_WANTB) inv_wantb_counts: assert (f_no == f_nd);
    inv_at_init: assert (at_init == (f_sp == F_IDLE));
  end
end
// back in the initial state after the terminating false (unless the next burst's `a` came with it)
always_ff @(posedge clk)
  if (f_past && !rst && !$past(rst) && $past(f_close && !(f_a_fire && f_sp == F_WAITD))) back_to_init: assert (at_init);

if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_init_to_cond: cover (state_q == INIT && f_a_fire && !f_d_fire);
  always_comb if (f_run) c_init_to_loop: cover (state_q == INIT && f_a_fire && f_d_fire && d_data);
  always_comb if (f_run) c_init_to_init: cover (state_q == INIT && f_a_fire && f_close);
  always_comb if (f_run) c_cond_to_cond_b: cover (state_q == COND && f_d_fire && d_data && f_b_fire);
  always_comb if (f_run) c_cond_to_loop: cover (state_q == COND && f_d_fire && d_data && !f_b_fire);
  always_comb if (f_run) c_cond_to_cond_a: cover (state_q == COND && f_close && f_a_fire);
  always_comb if (f_run) c_cond_to_init: cover (state_q == COND && f_close && !f_a_fire);
  always_comb if (f_run) c_loop_to_cond: cover (state_q == LOOP && f_b_fire && !f_d_fire);
  always_comb if (f_run) c_loop_to_loop: cover (state_q == LOOP && f_b_fire && f_d_fire && d_data);
  always_comb if (f_run) c_loop_to_init: cover (state_q == LOOP && f_b_fire && f_close);
  always_comb if (f_run) c_loop_stall: cover (state_q == LOOP && !f_b_fire);
  always_comb if (f_run) c_burst3: cover (f_close && f_nd == 3'd2);
end
