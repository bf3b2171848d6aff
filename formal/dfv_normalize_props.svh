// Properties of dfv_normalize (leading-zero count and normalising shift, combinational), included inside
// the module: its whole function, for every input word. A non-zero v: norm has its top bit set, is v
// shifted left by count, and the shift loses no bit of v (so count is exactly v's leading zeros). v = 0:
// norm = 0 and count all ones. No clock: the properties are immediate assertions on the combinational
// outputs (F_TOP unused).
`ifdef DFV_FORMAL_TOP_dfv_normalize
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
logic [2*W-1:0] f_wide;  // v shifted left by count, without losing bits
assign f_wide = {{W{1'b0}}, v} << count;
always_comb begin
  if (v != '0) begin
    top_set: assert (norm[W-1]);
    shifted: assert (norm == f_wide[W-1:0]);
    no_bit_lost: assert (f_wide[2*W-1:W] == '0);
  end else begin
    zero_norm: assert (norm == '0);
    zero_count: assert (count == '1);
  end
end
