// Properties of arith_muli (the pipelined multiplier: free-running stages, credits, an output FIFO),
// included inside the module. The datapath is proved too, at the job's width: stage 1's rows sum to the
// product of the operands they were taken from, and the words each later stage holds sum, modulo 2^W, to
// that product as it moves along, so the word that enters the FIFO is lhs * rhs of the operation accepted S
// cycles before.
// Proved: the protocol on result (inputs assumed to follow it); lhs and rhs consumed together, exactly when
// a credit is free (in_ready does not depend on result_ready: no combinational path through the unit); the
// rows' and the stage sums; at_init after a reset. The flow control's own properties (included in u_flow:
// formal/dfv_credit_pipe_props.svh and those of its credit core and FIFO) prove that the FIFO never refuses
// a result, the credits are exact and the FIFO delivers its words exactly once, in order.
`ifdef DFV_FORMAL_TOP_arith_muli
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

// the product of the operands stage 1 took, moved along the stages as the data is (free-running)
logic [S-1:0] f_vld;  // peek: u_flow.u_ctrl.vld_q (stage i + 1 holds an operation)
logic [W-1:0] f_prod_rows;
logic [W-1:0] f_prod [LEVELS + 1];
always_ff @(posedge clk) begin
  f_prod_rows <= W'(lhs_data * rhs_data);
  f_prod[0] <= f_prod_rows;
  for (int l = 1; l <= LEVELS; l++) f_prod[l] <= f_prod[l - 1];
end
// stage 1: its rows sum to the product of the operands they were taken from (every cycle after the first)
logic [W-1:0] f_rows_sum;
always_comb begin
  f_rows_sum = '0;
  for (int k = 0; k < W; k++) f_rows_sum = f_rows_sum + rows_q[k*W +: W];
end
always_comb if (f_past) rows_sum: assert (f_rows_sum == f_prod_rows);
for (genvar l = 0; l <= LEVELS; l++) begin : g_f_lvl
  logic [W-1:0] f_sum;
  always_comb begin
    f_sum = '0;
    for (int i = 0; i < terms(l); i++) f_sum = f_sum + g_lvl[l].sum_q[i*W +: W];
  end
  // stage l + 2 holds an operation: its terms sum to its product
  always_comb if (f_run && f_vld[l + 1]) assert (f_sum == f_prod[l]);  // prop: stage_sum
end
always_comb begin
  if (f_run) begin
    joined: assert ((lhs_valid && lhs_ready) == (rhs_valid && rhs_ready));
    consumed_together: assert (!lhs_ready || (lhs_valid && rhs_valid));
    if (lhs_valid && rhs_valid) takes_on_credit: assert (lhs_ready == take);
  end
end
always_ff @(posedge clk) if (f_past && !rst && $past(rst)) reset_at_init: assert (at_init);
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_no_credit: cover (lhs_valid && rhs_valid && !lhs_ready);
end
