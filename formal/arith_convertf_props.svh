// Properties of arith_convertf (extf / truncf: a float to another format, 4 stages), included inside the
// module: the handshake and pipeline behaviour only. The datapath value is NOT proved here: every result is
// checked bit for bit against the golden model by simulation (make fpcheck, the dfv.tb.fp suites). Proved: the
// protocol on out (in assumed to follow it); in consumed exactly when stage 1 takes the operation; every
// accepted operation delivered exactly once, in acceptance order, LATENCY cycles after its accept when the
// output stays ready, never earlier: proved on the control core u_ctrl (dfv_pipe_ctrl, whose property file is
// included there, its input driven by this unit), whose load enables load[i] load every data register of stage
// i + 1; at_init 1 after a reset (u_ctrl's: exactly when no operation is in flight); with the output ready an
// operation offered is accepted (one per cycle at full rate).
`ifdef DFV_FORMAL_TOP_arith_convertf
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(IW), .ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                          .ready(in_ready), .data(in_data));
dfv_hs_chk #(.W(1 + OEW + OFW)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready),
                           .data(out_data));
always_comb begin
  if (f_run) begin
    // full rate: with the output ready every stage moves on, so an operation offered is accepted
    if (out_ready && in_valid) full_rate: assert (in_ready);
  end
end
always_ff @(posedge clk) if (f_past && !rst && $past(rst)) reset_at_init: assert (at_init);
