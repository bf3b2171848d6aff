// Properties of handshake_sink (data variant): every token offered is consumed in the cycle it is offered.
`include "dfv_formal.svh"
always_comb if (f_run) always_ready: assert (in_ready);
if (F_TOP) always_comb if (f_run) c_take: cover (in_valid && in_ready);
