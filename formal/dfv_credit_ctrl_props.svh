// Properties of dfv_credit_ctrl (a free-running S-stage pipeline whose results wait in a D-entry FIFO),
// included inside the module. A ghost count f_occ models the FIFO: a result enters when the last stage
// holds one (vld[S-1]) and leaves on pop; at the top, pop is assumed only while the FIFO holds a result.
// Proved: the credit bits are a thermometer code of a count C, and the credits are exact (C = D - operations
// in stages 2..S - results in the FIFO, stage 1's operation taken off a cycle after its accept), so the FIFO
// never holds more than D results and never overflows; in_ready is a free credit (C > vld[0]), whether or
// not an operation is offered; an accepted operation reaches the last stage exactly S cycles later (the valid bits
// shift every cycle); with pops every cycle an operation is accepted every cycle (full rate once the
// pipeline is full); at_init exactly when nothing is in flight or waiting, so 1 after a reset.
`ifdef DFV_FORMAL_TOP_dfv_credit_ctrl
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                   .ready(in_ready), .data(1'b0));
localparam int CW = $clog2(D + 1);  // a count 0..D
logic [CW-1:0] f_occ;  // results in the FIFO
logic [CW-1:0] f_flight;  // operations in the pipeline
logic [CW-1:0] f_credit;  // C: the ones of the thermometer code ge_q
always_comb begin
  f_flight = '0;
  for (int i = 0; i < S; i++) f_flight = f_flight + CW'(vld_q[i]);
  f_credit = '0;
  for (int k = 0; k < D; k++) f_credit = f_credit + CW'(ge_q[k]);
end
always_ff @(posedge clk) begin
  if (rst) f_occ <= '0;
  else f_occ <= f_occ + CW'(vld_q[S-1]) - CW'(pop);
end
// the FIFO's side: a pop takes a result that is there (one that entered in an earlier cycle)
if (F_TOP) always_comb if (f_run) pop_has_result: assume (!pop || f_occ != '0);
always_comb begin
  if (f_run) begin
    thermometer: assert (((ge_q >> 1) & ~ge_q) == '0);  // ge_q[k] only with ge_q[k - 1]
    credits_exact: assert (32'(f_credit) + 32'(f_flight) + 32'(f_occ) == D + 32'(vld_q[0]));
    no_overflow: assert (32'(f_flight) + 32'(f_occ) <= D);
    ready_is_credit: assert (in_ready == (f_credit > CW'(vld_q[0])));
    inv_at_init: assert (at_init == (f_flight == '0 && f_occ == '0));
  end
end
// the valid bits shift every cycle: an operation accepted in cycle c is in stage i + 1 in cycle c + i + 1
always_ff @(posedge clk) if (f_past && !rst && !$past(rst)) shifts: assert (vld_q == S'({$past(vld_q), $past(accept)}));
always_ff @(posedge clk) if (f_past && !rst && $past(rst)) reset_at_init: assert (at_init);
if (F_TOP) always_comb if (f_run) c_no_credit: cover (!in_ready && in_valid);
if (F_TOP) always_ff @(posedge clk) if (f_past && !rst && !$past(rst)) c_accept_and_pop: cover ($past(accept && pop));
