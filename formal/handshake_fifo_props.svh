// Properties of handshake_fifo (DEPTH slots, NINIT initial tokens INIT): the core u_ctrl proves the
// handshakes and the count; here every token -- the initial ones first -- leaves once, in order, with
// its data (dfv_order_chk), with the invariants placing the tracked token in mem_q.
`ifdef DFV_FORMAL_TOP_handshake_fifo
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

localparam int F_CW = $clog2(DEPTH + 1) + 1;
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                          .ready(in_ready), .data(in_data));
dfv_hs_chk #(.W(W)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready),
                           .data(out_data));
logic [F_CW-1:0] f_count, f_pos;
logic f_trk;
logic [W-1:0] f_trk_data;
dfv_order_chk #(.W(W), .CW(F_CW), .NI(NINIT), .INIT(INIT[((NINIT > 0) ? NINIT : 1)*W-1:0])) f_order (
    .clk(clk), .rst(rst), .f_run(f_run), .in_fire(push), .in_data(in_data), .out_fire(pop), .out_data(out_data),
    .count(f_count), .trk_valid(f_trk), .trk_pos(f_pos), .trk_data(f_trk_data));
// the oldest token's slot (the one before rn_q), and the tracked token's: that + its position, modulo DEPTH
logic [31:0] f_rd, f_slot;
assign f_rd = (32'(rn_q) + DEPTH - 1) % DEPTH;
assign f_slot = (f_rd + 32'(f_pos)) % DEPTH;
always_comb begin
  if (f_run) begin
    inv_ptrs: assert (32'(wr_q) == (f_rd + 32'(f_count)) % DEPTH);
    inv_rn: assert (32'(rn_q) < DEPTH);
    if (f_trk) inv_slot: assert (mem_q[f_slot[PW-1:0]] == f_trk_data);
    // head_q is the copy of the oldest token that out_data shows
    if (out_valid) inv_head: assert (head_q == mem_q[f_rd[PW-1:0]]);
    inv_few: assert (few_q == (f_count <= 1));
  end
end
if (F_TOP) always_comb if (f_run) c_full: cover (out_valid && !in_ready);
if (F_TOP) always_comb if (f_run) c_wrap: cover (push && 32'(wr_q) == DEPTH - 1);
// The core's count, driven after flattening by the driver (`peek` in dfv/sim/formal.py); the core's
// own property file ties it to the count of tokens stored.
logic [$clog2(DEPTH + 1)-1:0] f_core_count;  // peek: u_ctrl.count_q
always_comb if (f_run) inv_core_count: assert (F_CW'(f_core_count) == f_count);
