// Properties of handshake_store (spec 004: addr + data + ctrl joined -> data_to_mem and addr_to_mem, two
// eager outputs), included inside the module. Ghost state f_taken[0] (data_to_mem) / f_taken[1]
// (addr_to_mem): the output took the current access (set by its transfer, cleared when the inputs are
// consumed), as for a fork.
`ifdef DFV_FORMAL_TOP_handshake_store
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(AW), .ASSUME(F_TOP)) f_addr (.clk(clk), .rst(rst), .f_past(f_past), .valid(addr_valid),
                                             .ready(addr_ready), .data(addr_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_data (.clk(clk), .rst(rst), .f_past(f_past), .valid(data_valid),
                                            .ready(data_ready), .data(data_data));
dfv_hs_chk #(.ASSUME(F_TOP)) f_ctrl (.clk(clk), .rst(rst), .f_past(f_past), .valid(ctrl_valid),
                                     .ready(ctrl_ready), .data(1'b0));
dfv_hs_chk #(.W(W)) f_dmem (.clk(clk), .rst(rst), .f_past(f_past), .valid(data_to_mem_valid),
                            .ready(data_to_mem_ready), .data(data_to_mem_data));
dfv_hs_chk #(.W(AW)) f_amem (.clk(clk), .rst(rst), .f_past(f_past), .valid(addr_to_mem_valid),
                             .ready(addr_to_mem_ready), .data(addr_to_mem_data));

logic [1:0] f_taken, f_out_valid, f_out_ready;
logic f_consume;
assign f_out_valid = {addr_to_mem_valid, data_to_mem_valid};
assign f_out_ready = {addr_to_mem_ready, data_to_mem_ready};
assign f_consume = addr_valid && addr_ready;
always_ff @(posedge clk) begin
  if (rst || f_consume) f_taken <= '0;
  else f_taken <= f_taken | (f_out_valid & f_out_ready);
end
for (genvar i = 0; i < 2; i++) begin : g_f_out
  always_comb begin
    if (f_run) begin
      assert (!(f_taken[i] && f_out_valid[i]));  // prop: no_dup
      if (f_consume) assert (f_taken[i] || (f_out_valid[i] && f_out_ready[i]));  // prop: no_loss
      if (f_out_valid[i]) assert (addr_valid && data_valid && ctrl_valid);  // prop: from_inputs
    end
  end
end
always_comb begin
  if (f_run) begin
    // the three inputs are consumed together, exactly once per access
    joined: assert ((data_valid && data_ready) == f_consume && (ctrl_valid && ctrl_ready) == f_consume);
    if (data_to_mem_valid) data_value: assert (data_to_mem_data == data_data);
    if (addr_to_mem_valid) addr_value: assert (addr_to_mem_data == addr_data);
    inv_sent: assert (sent_q == {f_taken[1], f_taken[0]});
    inv_at_init: assert (at_init == (sent_q == 2'b00));
  end
end
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_both_at_once: cover (f_consume && sent_q == 2'b00);
  always_comb if (f_run) c_data_first: cover (sent_q == 2'b01);
  always_comb if (f_run) c_addr_first: cover (sent_q == 2'b10);
  always_comb if (f_run) c_wait_ctrl: cover (addr_valid && data_valid && !ctrl_valid);
end
