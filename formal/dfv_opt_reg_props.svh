// Properties of dfv_opt_reg (a stage's data register or, with EN = 0, a wire), included inside the module:
// its whole function. EN = 1: after a cycle with load high q is that cycle's d (`loads`), after one with
// load low q is what it was (`holds`); EN = 0: q is d in every cycle (`passes`). No reset: nothing about
// the register is asserted before its first clock edge.
`ifdef DFV_FORMAL_TOP_dfv_opt_reg
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
logic f_started = 1'b0;  // a clock edge has passed, so $past is defined
always_ff @(posedge clk) f_started <= 1'b1;
if (EN) begin : g_f_reg
  always_ff @(posedge clk) begin
    if (f_started) begin
      if ($past(load)) loads: assert (q == $past(d));
      else holds: assert (q == $past(q));
    end
  end
  if (F_TOP) begin : g_cover
    always_ff @(posedge clk) if (f_started && $past(load)) c_new_word: cover (q != $past(q));
  end
end else begin : g_f_wire
  always_comb passes: assert (q == d);
  if (F_TOP) begin : g_cover
    always_comb c_word: cover (q != '0);
  end
end
