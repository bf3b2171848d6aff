// Properties of handshake_sink (data variant): every token offered is consumed in the cycle it is offered.
`ifdef DFV_FORMAL_TOP_handshake_sink
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"
always_comb if (f_run) always_ready: assert (in_ready);
if (F_TOP) always_comb if (f_run) c_take: cover (in_valid && in_ready);
