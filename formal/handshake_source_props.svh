// Properties of handshake_source: a token is always offered outside reset (an unbounded supply), so
// the output protocol holds trivially and a transfer happens whenever the consumer is ready.
`ifdef DFV_FORMAL_TOP_handshake_source
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"
dfv_hs_chk f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready), .data(1'b0));
always_comb if (f_run) always_valid: assert (out_valid);
if (F_TOP) always_comb if (f_run) c_fire: cover (out_valid && out_ready);
if (F_TOP) always_comb if (f_run) c_stall: cover (out_valid && !out_ready);
