// dfv_denorm: the denormalisation of an iterative float unit's result (arith_divf, math_sqrt): a result
//   below the normal range, {significand, guard, [round,] sticky} with its biased exponent E <= 0, shifted
//   right by 1 - E with every bit shifted out ORed into the sticky bit. The shift and its sticky mask are
//   prepared in registers while the unit iterates (its exponent is known before its significand), so the
//   cycle that shifts only shifts.
// Parameters: XW (the word's bits, 3..64: divf P + 3, sqrt P + 2), EXW (the exponent's bits, two's
//   complement, 3..16). YW = XW - 1, DW = $clog2(YW + 1).
// Ports: load (prepare: the registers take en, then the shift from it), en (-E, EXW bits: the shift beyond
//   the first place; >= 0 for a result to denormalise), x (XW) -> x_den (YW).
// Function: y = x shifted right by one with sticky ({x[XW-1:2], x[1] | x[0]}); x_den = y >> s with its LSB
//   the OR of every bit of y at or below place s, s = min(-E, YW), the -E that en held two loads before
//   (one load takes en into en_q, the next the shift and mask from en_q: settled by the second load with en
//   unchanged). x_den is meaningful only for en >= 0 (a result to denormalise): for en < 0 the mask is 0
//   and the shift en's low DW bits, a word the unit does not select.
// State: en_q (EXW), dsh_q (DW: the clamped shift), keep_q (YW: keep_q[j] = j <= shift, bit j of y ends in
//   the sticky); loaded when load is high, no reset (the unit reads x_den only after two loads). They hold
//   no operation of their own (at_init = 1).
// Latency: two loads from en to the shift; x -> x_den combinational.
// Combinational paths: x -> x_den (a right shift by a register, and an AND-OR of y with the mask).
module dfv_denorm #(
  parameter int XW = 27,
  parameter int EXW = 11
) (
  input  logic           clk,
  input  logic           load,
  input  logic [EXW-1:0] en,
  input  logic [XW-1:0]  x,
  output logic [XW-2:0]  x_den
);
  initial begin : p_param_check
    if (XW < 3 || XW > 64) begin
      $fatal(1, "dfv_denorm: XW must be 3..64 (got %0d)", XW);
    end
    if (EXW < 3 || EXW > 16) begin
      $fatal(1, "dfv_denorm: EXW must be 3..16 (got %0d)", EXW);
    end
  end

  localparam int YW = XW - 1;  // x shifted right by one with sticky: the word the shift takes
  localparam int DW = $clog2(YW + 1);  // a shift 0..YW

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // 1: the registers hold no operation, only what en gave them (prepared again for each)
  /* verilator lint_on UNUSEDSIGNAL */
  assign at_init = 1'b1;

  logic [EXW-1:0] en_q;  // -E
  logic [DW-1:0] dsh_q;  // -E clamped to YW (the first place of 1 - E is y's own shift)
  logic [YW-1:0] keep_q;  // keep_q[j] = (j <= shift): bit j of y ends in the sticky

  always_ff @(posedge clk) begin : p_prep
    if (load) begin
      en_q <= en;
      dsh_q <= (!en_q[EXW-1] && (32'(en_q) > YW)) ? DW'(YW) : DW'(en_q);
      for (int j = 0; j < YW; j++) begin
        // a result to denormalise has -E >= 0; a clamped shift (-E > YW) keeps every bit
        keep_q[j] <= !en_q[EXW-1] && (32'(j) <= 32'(en_q));
      end
    end
  end

  logic [YW-1:0] y;
  logic [YW-2:0] y_sh;  // (y >> shift) above its LSB place

  assign y = {x[XW-1:2], x[1] | x[0]};
  assign y_sh = y[YW-1:1] >> dsh_q;
  // the bits of y shifted to or past its LSB place (j <= shift) ORed into it: a mask beside the shifter
  assign x_den = {y_sh, (y & keep_q) != '0};

`ifdef DFV_FORMAL
  `include "dfv_denorm_props.svh"
`endif
endmodule
