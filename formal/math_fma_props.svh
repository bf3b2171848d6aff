// Properties of math_fma (the a * b + c pipeline of LATENCY stages), included inside the module: the handshake and
// pipeline behaviour only. The datapath value is NOT proved here: every result is checked bit for bit against
// the golden model by simulation (make fpcheck, the dfv.tb.fp suites). Proved: the protocol on result (inputs
// assumed to follow it); a, b and c consumed together, exactly when stage 1 takes the operation; every
// accepted operation delivered exactly once, in acceptance order, LATENCY cycles after its accept when the
// output stays ready, never earlier: proved on the control core u_ctrl (dfv_pipe_ctrl, whose property file is
// included there, its input driven by this unit), whose load enables load[i] load every data register of stage
// i + 1; at_init 1 after a reset (u_ctrl's: exactly when no operation is in flight); with the output ready an
// operation offered is accepted (one per cycle at full rate).
`ifdef DFV_FORMAL_TOP_math_fma
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_a (.clk(clk), .rst(rst), .f_past(f_past), .valid(a_valid),
                                         .ready(a_ready), .data(a_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_b (.clk(clk), .rst(rst), .f_past(f_past), .valid(b_valid),
                                         .ready(b_ready), .data(b_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_c (.clk(clk), .rst(rst), .f_past(f_past), .valid(c_valid),
                                         .ready(c_ready), .data(c_data));
dfv_hs_chk #(.W(W)) f_result (.clk(clk), .rst(rst), .f_past(f_past), .valid(result_valid),
                              .ready(result_ready), .data(result_data));
always_comb begin
  if (f_run) begin
    // the join: the three operands consumed together, only when all three are there
    joined: assert ((a_valid && a_ready) == (b_valid && b_ready) && (a_valid && a_ready) == (c_valid && c_ready));
    consumed_together: assert (!a_ready || (a_valid && b_valid && c_valid));
    // full rate: with the output ready every stage moves on, so an operation offered is accepted
    if (result_ready && a_valid && b_valid && c_valid) full_rate: assert (a_ready);
  end
end
always_ff @(posedge clk) if (f_past && !rst && $past(rst)) reset_at_init: assert (at_init);
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_two_operands: cover (a_valid && b_valid && !c_valid);
end
