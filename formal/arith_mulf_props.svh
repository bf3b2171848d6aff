// Properties of arith_mulf (the 7-stage mulf pipeline: free-running stages, credits, an output FIFO whose
// head register is the last stage), included inside the module: the handshake and flow control only. The
// datapath value is NOT proved here: every result is checked bit for bit against the golden model by
// simulation (make fpcheck, the dfv.tb.fp suites).
// Proved: the protocol on result (inputs assumed to follow it); lhs and rhs consumed together, exactly when a
// credit is free (in_ready does not depend on result_ready: no combinational path through the unit); at_init
// after a reset. The flow control's own properties (included in u_flow: formal/dfv_credit_pipe_props.svh and
// those of its credit core and FIFO) prove that the FIFO never refuses a result, the credits are exact, the
// valid bits shift one stage a cycle (a result enters the FIFO S cycles after its accept) and the FIFO
// delivers its words exactly once, in order.
`ifdef DFV_FORMAL_TOP_arith_mulf
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_lhs (.clk(clk), .rst(rst), .f_past(f_past), .valid(lhs_valid),
                                           .ready(lhs_ready), .data(lhs_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_rhs (.clk(clk), .rst(rst), .f_past(f_past), .valid(rhs_valid),
                                           .ready(rhs_ready), .data(rhs_data));
dfv_hs_chk #(.W(W)) f_result (.clk(clk), .rst(rst), .f_past(f_past), .valid(result_valid),
                              .ready(result_ready), .data(result_data));

always_comb begin
  if (f_run) begin
    // the join: both operands consumed together, only when both are there
    joined: assert ((lhs_valid && lhs_ready) == (rhs_valid && rhs_ready));
    consumed_together: assert (!lhs_ready || (lhs_valid && rhs_valid));
    if (lhs_valid && rhs_valid) takes_on_credit: assert (lhs_ready == take);
  end
end
always_ff @(posedge clk) if (f_past && !rst && $past(rst)) reset_at_init: assert (at_init);
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_one_operand: cover (lhs_valid && !rhs_valid);
  always_comb if (f_run) c_no_credit: cover (lhs_valid && rhs_valid && !lhs_ready);
end
