// Properties of handshake_load (spec 004), included inside the module.
// Address path: addr + ctrl joined -> addr_to_mem, exactly once. Data path: data_from_mem -> data,
// exactly once, the word unchanged. With EW > 0 each data word leaves with the extras of the oldest
// address in flight: the extras FIFO u_extras is a handshake_fifo, whose own property file (included
// there, its input protocol asserted) proves in this context that the extras leave once, in order.
`ifdef DFV_FORMAL_TOP_handshake_load
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(AW + EW), .ASSUME(F_TOP)) f_addr (.clk(clk), .rst(rst), .f_past(f_past), .valid(addr_valid),
                                                  .ready(addr_ready), .data(addr_data));
dfv_hs_chk #(.ASSUME(F_TOP)) f_ctrl (.clk(clk), .rst(rst), .f_past(f_past), .valid(ctrl_valid),
                                     .ready(ctrl_ready), .data(1'b0));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_mem (.clk(clk), .rst(rst), .f_past(f_past), .valid(data_from_mem_valid),
                                           .ready(data_from_mem_ready), .data(data_from_mem_data));
dfv_hs_chk #(.W(AW)) f_amem (.clk(clk), .rst(rst), .f_past(f_past), .valid(addr_to_mem_valid),
                             .ready(addr_to_mem_ready), .data(addr_to_mem_data));
dfv_hs_chk #(.W(W + EW)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(data_valid), .ready(data_ready),
                                .data(data_data));
logic f_amem_fire, f_data_fire;
assign f_amem_fire = addr_to_mem_valid && addr_to_mem_ready;
assign f_data_fire = data_valid && data_ready;
always_comb begin
  if (f_run) begin
    // address path: both inputs consumed exactly when the address goes to memory, unchanged
    addr_joined: assert ((addr_valid && addr_ready) == f_amem_fire && (ctrl_valid && ctrl_ready) == f_amem_fire);
    if (addr_to_mem_valid) addr_value: assert (addr_valid && ctrl_valid && addr_to_mem_data == addr_data[AW-1:0]);
    // data path: the memory's word is consumed exactly when it leaves, unchanged
    data_once: assert ((data_from_mem_valid && data_from_mem_ready) == f_data_fire);
    if (data_valid) data_value: assert (data_from_mem_valid && data_data[W-1:0] == data_from_mem_data);
  end
end
if (EW > 0) begin : g_f_extras
  always_comb begin
    if (f_run) begin
      // a data word leaves only with the extras of an address in flight (the FIFO is not empty), and
      // carries the oldest ones (the FIFO's head; its order is proved by its own included properties)
      if (data_valid) extras_in_flight: assert (x_valid);
      if (data_valid) extras_value: assert (data_data[W+EW-1:W] == g_extras.x_data);
      // an address goes to memory only when the FIFO can keep its extras (at most XDEPTH in flight)
      if (addr_to_mem_valid) extras_room: assert (x_room);
    end
  end
end
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_addr: cover (f_amem_fire);
  always_comb if (f_run) c_data: cover (f_data_fire);
  always_comb if (f_run) c_both: cover (f_amem_fire && f_data_fire);
  always_comb if (f_run) c_addr_stall: cover (addr_to_mem_valid && !addr_to_mem_ready);
  if (EW > 0) begin : g_x
    always_comb if (f_run) c_full: cover (!x_room && addr_valid && ctrl_valid);
  end
end
