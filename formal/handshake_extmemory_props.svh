// Properties of handshake_extmemory (spec 004 extmemory: the storage is outside, behind mem_req /
// mem_resp), included inside the module.
// Environment (assumed at the top): mem_resp follows the handshake protocol and answers only load
// requests already transferred on mem_req (f_env_out: loads sent minus responses, must be > 0).
// Exactly once: each access moves into one mem_req transfer with its {we, addr, wdata} (f_req_*),
// each store is answered by one st_done (at most two owed per port: its done queue), each response goes
// out once on ld_data and ld_done of the load port that issued the matching request, in request order
// (dfv_order_chk over the port indices), with the response's word; at most MAXOUT loads are outstanding;
// err is always 0.
`ifdef DFV_FORMAL_TOP_handshake_extmemory
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

localparam int F_CW = $clog2(MAXOUT + 1) + 1;
dfv_hs_chk #(.W(RW)) f_req (.clk(clk), .rst(rst), .f_past(f_past), .valid(mem_req_valid), .ready(mem_req_ready),
                            .data(mem_req_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_resp (.clk(clk), .rst(rst), .f_past(f_past), .valid(mem_resp_valid),
                                            .ready(mem_resp_ready), .data(mem_resp_data));
logic f_req_fire, f_resp_fire;
assign f_req_fire = mem_req_valid && mem_req_ready;
assign f_resp_fire = mem_resp_valid && mem_resp_ready;

// the environment: loads sent on mem_req and not yet answered
logic [F_CW-1:0] f_env_out;
always_ff @(posedge clk) begin
  if (rst) f_env_out <= '0;
  else f_env_out <= f_env_out + F_CW'(f_req_fire && !mem_req_data[AW+W]) - F_CW'(f_resp_fire);
end
always_comb if (F_TOP && f_run && mem_resp_valid) env_resp_after_req: assume (f_env_out != '0);

// one mem_req transfer per access, carrying the access
logic f_issue, f_issue_ld, f_req_owed;
logic [RW-1:0] f_req_expect, f_req_now;
logic [LIW-1:0] f_ld_port;
always_comb begin : p_f_issue
  f_issue = 1'b0;
  f_issue_ld = 1'b0;
  f_req_now = '0;
  f_ld_port = '0;
  for (int s = 0; s < NST; s++)
    if (st_data_valid[s] && st_data_ready[s]) begin
      f_issue = 1'b1;
      f_req_now = {1'b1, st_addr_data[s*AW +: AW], st_data_data[s*W +: W]};
    end
  for (int l = 0; l < NLD; l++)
    if (ld_addr_valid[l] && ld_addr_ready[l]) begin
      f_issue = 1'b1;
      f_issue_ld = 1'b1;
      f_ld_port = LIW'(l);
      f_req_now = {1'b0, ld_addr_data[l*AW +: AW], W'(0)};
    end
end
always_ff @(posedge clk) begin
  f_req_owed <= !rst && (f_issue || (f_req_owed && !mem_req_ready));
  if (f_issue) f_req_expect <= f_req_now;
end

// responses to load ports in request order
logic [LIW-1:0] f_deliver_port;
logic f_deliver;
always_comb begin : p_f_deliver
  f_deliver = 1'b0;
  f_deliver_port = '0;
  for (int l = 0; l < NLD; l++)
    if (deliver[l]) begin
      f_deliver = 1'b1;
      f_deliver_port = LIW'(l);
    end
end
logic [F_CW-1:0] f_count, f_pos;
logic f_trk;
logic [LIW-1:0] f_trk_port;
dfv_order_chk #(.W(LIW), .CW(F_CW)) f_order (.clk(clk), .rst(rst), .f_run(f_run), .in_fire(f_issue_ld),
    .in_data(f_ld_port), .out_fire(f_resp_fire), .out_data(f_deliver_port), .count(f_count), .trk_valid(f_trk),
    .trk_pos(f_pos), .trk_data(f_trk_port));
logic [31:0] f_slot, f_rd_pos, f_wr_pos;
assign f_rd_pos = (trd_q[TW] ? MAXOUT : 0) + 32'(trd_q[TW-1:0]);
assign f_wr_pos = (twr_q[TW] ? MAXOUT : 0) + 32'(twr_q[TW-1:0]);
assign f_slot = (32'(trd_q[TW-1:0]) + 32'(f_pos)) % MAXOUT;

for (genvar s = 0; s < NST; s++) begin : g_f_st
  dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_data (.clk(clk), .rst(rst), .f_past(f_past), .valid(st_data_valid[s]),
                                              .ready(st_data_ready[s]), .data(st_data_data[s*W +: W]));
  dfv_hs_chk #(.W(AW), .ASSUME(F_TOP)) f_addrc (.clk(clk), .rst(rst), .f_past(f_past),
      .valid(st_addr_valid[s]), .ready(st_addr_ready[s]), .data(st_addr_data[s*AW +: AW]));
  dfv_hs_chk f_done (.clk(clk), .rst(rst), .f_past(f_past), .valid(st_done_valid[s]), .ready(st_done_ready[s]),
                     .data(1'b0));
  // done tokens owed to this port: stores accepted minus done tokens taken (the two-deep done queue)
  logic fire, taken;
  logic [1:0] owed;
  assign fire = st_data_valid[s] && st_data_ready[s];
  assign taken = st_done_valid[s] && st_done_ready[s];
  always_ff @(posedge clk) owed <= rst ? 2'd0 : owed + 2'(fire) - 2'(taken);
  always_comb begin
    if (f_run) begin
      assert ((st_addr_valid[s] && st_addr_ready[s]) == fire);  // prop: st_joined
      assert (st_done_valid[s] == (owed != 2'd0));  // prop: st_done_once
      assert (owed <= 2'd2);  // prop: st_done_bounded
      assert (owed == 2'(st_done_q[s]) + 2'(sd2_q[s]) && (!sd2_q[s] || st_done_q[s]));  // prop: inv_done_queue
    end
  end
end
for (genvar l = 0; l < NLD; l++) begin : g_f_ld
  dfv_hs_chk #(.W(AW), .ASSUME(F_TOP)) f_addrc (.clk(clk), .rst(rst), .f_past(f_past),
      .valid(ld_addr_valid[l]), .ready(ld_addr_ready[l]), .data(ld_addr_data[l*AW +: AW]));
  dfv_hs_chk #(.W(W)) f_data (.clk(clk), .rst(rst), .f_past(f_past), .valid(ld_data_valid[l]),
                              .ready(ld_data_ready[l]), .data(ld_data_data[l*W +: W]));
  dfv_hs_chk f_done (.clk(clk), .rst(rst), .f_past(f_past), .valid(ld_done_valid[l]), .ready(ld_done_ready[l]),
                     .data(1'b0));
  logic data_owed, done_owed;
  logic [W-1:0] word;
  always_ff @(posedge clk) begin
    data_owed <= !rst && ((f_deliver && f_deliver_port == LIW'(l)) || (data_owed && !ld_data_ready[l]));
    done_owed <= !rst && ((f_deliver && f_deliver_port == LIW'(l)) || (done_owed && !ld_done_ready[l]));
    if (f_deliver && f_deliver_port == LIW'(l)) word <= mem_resp_data;
  end
  always_comb begin
    if (f_run) begin
      assert (ld_data_valid[l] == data_owed);  // prop: ld_data_once
      assert (ld_done_valid[l] == done_owed);  // prop: ld_done_once
      if (ld_data_valid[l]) assert (ld_data_data[l*W +: W] == word);  // prop: ld_value
    end
  end
end

always_comb begin
  if (f_run) begin
    one_access: assert ($onehot0({st_data_valid & st_data_ready, ld_addr_valid & ld_addr_ready}));
    req_once: assert (mem_req_valid == f_req_owed);
    if (f_issue) req_not_lost: assert (!f_req_owed || mem_req_ready);
    if (mem_req_valid) req_value: assert (mem_req_data == f_req_expect);
    // every response is delivered, to exactly one port
    resp_delivered: assert (f_resp_fire == f_deliver);
    outstanding_bounded: assert (32'(f_count) <= MAXOUT);
    no_error: assert (!err_valid && err_code == '0);
    // induction strength
    inv_busy: assert (busy == (f_count != '0));
    inv_full: assert (full_q == (32'(f_count) == MAXOUT));
    inv_env: assert (f_count == f_env_out + F_CW'(req_vq && !req_q[AW+W]));
    // the pointers as positions modulo 2 MAXOUT ({phase, slot}: phase * MAXOUT + slot), each slot < MAXOUT
    inv_ptrs: assert (f_wr_pos == (f_rd_pos + 32'(f_count)) % (2 * MAXOUT) && 32'(trd_q[TW-1:0]) < MAXOUT &&
                      32'(twr_q[TW-1:0]) < MAXOUT);
    if (f_trk) inv_tag: assert (tag_q[f_slot[TW-1:0]] == f_trk_port);
    if (f_trk) inv_trk_port: assert (32'(f_trk_port) < NLD);
    inv_at_init: assert (at_init == (!req_vq && f_count == '0 && st_done_q == '0 && ld_data_vq == '0 && ld_done_q == '0));
  end
end

if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_store: cover (f_req_fire && mem_req_data[AW+W]);
  always_comb if (f_run) c_load_last_port: cover (f_deliver && f_deliver_port == LIW'(NLD - 1));
  always_comb if (f_run) c_full: cover (32'(f_count) == MAXOUT && !mem_req_valid);
  always_comb if (f_run) c_req_stall: cover (mem_req_valid && !mem_req_ready);
  always_comb if (f_run) c_done_queue_full: cover (sd2_q != '0);
  always_comb if (f_run) c_resp_blocked: cover (mem_resp_valid && !mem_resp_ready && f_count != '0);
  // at MAXOUT = 1 a load is issued only after the one outstanding is answered (room reads registers only)
  if (MAXOUT > 1) begin : g_c_overlap
    always_comb if (f_run) c_issue_and_resp: cover (f_issue_ld && f_resp_fire);
  end
end
