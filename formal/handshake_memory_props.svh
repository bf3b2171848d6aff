// Properties of handshake_memory (spec 004: NST store ports, NLD load ports, stores first), included
// inside the module.
// Exactly once: per port, a store's st_data and st_addr are consumed together and answered by one
// st_done; a load's address is answered by one ld_data and one ld_done (ghost f_*_owed: answer owed).
// Contents: one word at an arbitrary constant address f_addr is tracked (f_word: its INIT word at time 0,
// again after every reset cycle with RELOAD, else not touched by reset; written by each store to it outside
// those reset cycles, the highest store port last); a load of f_addr must
// return it as updated by the stores of its own cycle (write-first), a load out of range returns 0.
// Proved for every f_addr, this is the memory's whole read/write behaviour.
// Errors: an access out of range raises RT_MEMORY_ADDR_RANGE (288), sticky until reset.
`ifdef DFV_FORMAL_TOP_handshake_memory
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

(* anyconst *) logic [AW-1:0] f_addr;
logic f_addr_ok;
assign f_addr_ok = 64'(f_addr) < 64'(DEPTH);
logic [W-1:0] f_init;           // INIT's word at f_addr
assign f_init = f_addr_ok ? INIT[IXW'(f_addr)*W +: W] : '0;
logic [W-1:0] f_word;           // the spec's content of f_addr
logic [W-1:0] f_word_now;       // ... after this cycle's stores (or reload)
always_comb if (!f_past) f_word_at_init: assume (f_word == f_init);
always_comb begin : p_f_word_now
  f_word_now = f_word;
  if (RELOAD != 0 && rst) f_word_now = f_init;
  else
    for (int s = 0; s < NST; s++)
      if (st_data_valid[s] && st_data_ready[s] && st_addr_data[s*AW +: AW] == f_addr && f_addr_ok)
        f_word_now = st_data_data[s*W +: W];
end
always_ff @(posedge clk) f_word <= f_word_now;

for (genvar s = 0; s < NST; s++) begin : g_f_st
  dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_data (.clk(clk), .rst(rst), .f_past(f_past), .valid(st_data_valid[s]),
                                              .ready(st_data_ready[s]), .data(st_data_data[s*W +: W]));
  dfv_hs_chk #(.W(AW), .ASSUME(F_TOP)) f_addrc (.clk(clk), .rst(rst), .f_past(f_past),
      .valid(st_addr_valid[s]), .ready(st_addr_ready[s]), .data(st_addr_data[s*AW +: AW]));
  dfv_hs_chk f_done (.clk(clk), .rst(rst), .f_past(f_past), .valid(st_done_valid[s]), .ready(st_done_ready[s]),
                     .data(1'b0));
  logic fire, owed;
  assign fire = st_data_valid[s] && st_data_ready[s];
  always_ff @(posedge clk) owed <= !rst && (fire || (owed && !st_done_ready[s]));
  always_comb begin
    if (f_run) begin
      assert ((st_addr_valid[s] && st_addr_ready[s]) == fire);  // prop: st_joined
      assert (st_done_valid[s] == owed);  // prop: st_done_once
      if (fire) assert (!owed || st_done_ready[s]);  // prop: st_done_not_lost
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
  logic fire, data_owed, done_owed, tracked;
  logic [W-1:0] expect_q;
  logic [AW-1:0] a;
  assign a = ld_addr_data[l*AW +: AW];
  assign fire = ld_addr_valid[l] && ld_addr_ready[l];
  always_ff @(posedge clk) begin
    data_owed <= !rst && (fire || (data_owed && !ld_data_ready[l]));
    done_owed <= !rst && (fire || (done_owed && !ld_done_ready[l]));
    if (fire) begin  // the word this load must return, when the spec knows it
      tracked <= (a == f_addr) || 64'(a) >= 64'(DEPTH);
      expect_q <= (64'(a) >= 64'(DEPTH)) ? '0 : f_word_now;
    end
  end
  always_comb begin
    if (f_run) begin
      assert (ld_data_valid[l] == data_owed);  // prop: ld_data_once
      assert (ld_done_valid[l] == done_owed);  // prop: ld_done_once
      if (ld_data_valid[l] && tracked) assert (ld_data_data[l*W +: W] == expect_q);  // prop: ld_value
    end
  end
end

always_comb begin
  if (f_run) begin
    err_valid_code: assert (err_valid == (err_code != '0));
    err_codes: assert (err_code == '0 || err_code == dfv_pkg::RT_MEMORY_ADDR_RANGE);
  end
end
// induction strength: the tracked word is in the array (at every cycle: from time 0, INIT in both)
always_comb if (f_past && f_addr_ok) inv_word: assert (mem_q[f_addr[IXW-1:0]] == f_word);

logic f_range;  // an access out of range is served this cycle
always_comb begin : p_f_range
  f_range = 1'b0;
  for (int s = 0; s < NST; s++)
    if (st_data_valid[s] && st_data_ready[s] && 64'(st_addr_data[s*AW +: AW]) >= 64'(DEPTH)) f_range = 1'b1;
  for (int l = 0; l < NLD; l++)
    if (ld_addr_valid[l] && ld_addr_ready[l] && 64'(ld_addr_data[l*AW +: AW]) >= 64'(DEPTH)) f_range = 1'b1;
end
always_ff @(posedge clk) begin
  if (f_past && !rst) begin
    if ($past(rst)) err_reset: assert (err_code == '0);
    if (!$past(rst) && $past(f_range)) range_288: assert (err_code == dfv_pkg::RT_MEMORY_ADDR_RANGE);
    if (!$past(rst) && $past(err_code) != '0) err_sticky: assert (err_code == $past(err_code));
    if (!$past(rst) && !$past(f_range)) err_no_cause: assert (err_code == $past(err_code));
  end
end

if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_store_tracked: cover (st_data_valid[0] && st_data_ready[0] && st_addr_data[AW-1:0] == f_addr && f_addr_ok);
  always_comb if (f_run) c_load_tracked: cover (ld_data_valid[0] && ld_data_ready[0] && g_f_ld[0].tracked && ld_data_data[W-1:0] != '0);
  always_comb if (f_run) c_forward: cover (ld_addr_valid[0] && ld_addr_ready[0] && st_data_valid[0] && st_data_ready[0] && st_addr_data[AW-1:0] == ld_addr_data[AW-1:0]);
  always_comb if (f_run) c_range_error: cover (err_valid);
  always_comb if (f_run) c_ld_stall: cover (ld_data_valid[0] && !ld_data_ready[0] && ld_done_valid[0]);
  always_comb if (f_run) c_st_stall: cover (st_done_valid[0] && !st_done_ready[0]);
  always_ff @(posedge clk) if (f_past && !$past(rst)) c_ld_again: cover ($past(ld_data_valid[0] && ld_data_ready[0]) && ld_data_valid[0]);
end
