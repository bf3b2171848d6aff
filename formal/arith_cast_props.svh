// Properties of arith_cast (width conversion KIND from IW to OW bits), included inside the module.
`ifdef DFV_FORMAL_TOP_arith_cast
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(IW), .ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                           .ready(in_ready), .data(in_data));
dfv_hs_chk #(.W(OW)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready),
                            .data(out_data));
// the spec: sign-extend (index_cast, extsi, trunci when widening) or zero-extend, or keep the low bits
localparam bit F_SIGNED = (KIND == dfv_pkg::CAST_INDEX_CAST) || (KIND == dfv_pkg::CAST_EXTSI) || (KIND == dfv_pkg::CAST_TRUNCI);
logic [OW-1:0] f_spec;
always_comb begin : p_f_spec
  if (F_SIGNED) f_spec = OW'($signed(in_data));
  else f_spec = OW'(in_data);
end
always_comb begin
  if (f_run) begin
    passes: assert (out_valid == in_valid);
    consumed_with_output: assert ((in_valid && in_ready) == (out_valid && out_ready));
    if (out_valid) value: assert (out_data == f_spec);
  end
end
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_fire: cover (out_valid && out_ready && in_data[IW-1]);
  always_comb if (f_run) c_stall: cover (out_valid && !out_ready);
end
