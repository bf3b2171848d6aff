// Properties of dfv_lzc (leading-zero count by a tree, combinational), included inside the module: its whole
// function, for every input word: count equals the leading zeros of v found by a priority scan (W for v = 0).
// No clock: an immediate assertion on the combinational output (F_TOP unused).
`ifdef DFV_FORMAL_TOP_dfv_lzc
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
logic [CW-1:0] f_scan;  // the leading zeros by the obvious priority scan
always_comb begin
  f_scan = CW'(W);
  for (int i = 0; i < W; i++) begin
    if (v[i]) f_scan = CW'(W - 1 - i);  // the highest set bit is the last to assign
  end
end
always_comb begin
  scan: assert (count == f_scan);
end
