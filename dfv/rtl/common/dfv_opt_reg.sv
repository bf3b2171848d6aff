// dfv_opt_reg: a pipeline stage's data register that a parameter can leave out: a W-bit register loaded
//   on load when EN = 1, a wire (q = d) when EN = 0. A unit whose stage count depends on its format (math_fma:
//   two stages more for the formats whose significand product is in LUTs) keeps one description of its
//   logic, the stage's outputs read the same way in both.
// Parameters: W (bits, 1..1024), EN (1: a register, 0: a wire).
// Ports: load (EN = 1: q takes d at the clock edge), d (W) -> q (W).
// State: EN = 1: q, no reset (the unit's control core says whether the stage holds an operation); EN = 0:
//   none. at_init = 1 either way.
// Latency: EN = 1: one load; EN = 0: 0. Combinational paths: EN = 0: d -> q; EN = 1: none.
module dfv_opt_reg #(
  parameter int W = 1,
  parameter bit EN = 1'b1
) (
  input  logic         clk,
  input  logic         load,
  input  logic [W-1:0] d,
  output logic [W-1:0] q
);
  initial begin : p_param_check
    if (W < 1 || W > 1024) begin
      $fatal(1, "dfv_opt_reg: W must be 1..1024 (got %0d)", W);
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // 1: q holds no operation of its own (the unit's control core says whether the stage does)
  /* verilator lint_on UNUSEDSIGNAL */
  assign at_init = 1'b1;

  if (EN) begin : g_reg
    always_ff @(posedge clk) begin : p_q
      if (load) q <= d;
    end
  end else begin : g_wire
    logic unused;
    assign unused = clk ^ load;
    assign q = d;
  end

`ifdef DFV_FORMAL
  `include "dfv_opt_reg_props.svh"
`endif
endmodule
