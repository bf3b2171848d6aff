// dfv_lzc: the number of leading zeros of a W-bit word, by a tree of log depth (the amount of a
//   normalising shift: every float unit that normalises, arith_addf, arith_mulf, math_fma, arith_divf,
//   math_sqrt, arith_itofp, arith_convertf).
// Parameters: W (word bits, 1..256: up to math_fma's f64 window, 163), CW (count bits: must be
//   $clog2(W + 1); checked).
// Ports: v (W) -> count (CW). Combinational, no clock.
// Function: count = the leading zeros of v, W when v = 0.
// Structure: v is padded below with ones to LW = 2^CW places (at least one, so the count is at most W).
//   Level l (1..CW) holds, per block of 2^l places, whether the block is all zero and its leading zeros
//   (l bits, all ones when it is zero): those of its upper half, or 2^(l-1) plus those of its lower half
//   when the upper half is zero. Each level is one LUT deep (a 2-input AND, a 3-input mux per count bit),
//   so the count is CW levels from v, where a priority chain is W levels and a shift-and-test search
//   2 CW.
// Latency 0 (combinational); combinational paths: v -> count.
module dfv_lzc #(
  parameter int W = 8,
  parameter int CW = 4
) (
  input  logic [W-1:0]  v,
  output logic [CW-1:0] count
);
  initial begin : p_param_check
    if (W < 1 || W > 256) begin
      $fatal(1, "dfv_lzc: W must be 1..256 (got %0d)", W);
    end
    if (CW != $clog2(W + 1)) begin
      $fatal(1, "dfv_lzc: CW must be $clog2(W + 1): %0d for W = %0d", CW, W);
    end
  end

  localparam int LW = 1 << CW;  // the padded word: LW > W
  logic [LW-1:0] word;

  assign word = {v, {(LW - W){1'b1}}};

  for (genvar l = 1; l <= CW; l++) begin : g_lvl
    localparam int NB = LW >> l;  // blocks of 2^l places
    /* verilator lint_off UNUSEDSIGNAL */
    logic [NB-1:0] zero;  // block b (places b * 2^l ..) all zero (the top level's is never: the padding)
    /* verilator lint_on UNUSEDSIGNAL */
    logic [NB*l-1:0] lz;  // block b's leading zeros at [b * l +: l]
    for (genvar b = 0; b < NB; b++) begin : g_blk
      if (l == 1) begin : g_leaf
        assign zero[b] = ~(word[2*b+1] | word[2*b]);
        assign lz[b] = ~word[2*b+1];
      end else begin : g_node
        assign zero[b] = g_lvl[l-1].zero[2*b+1] & g_lvl[l-1].zero[2*b];
        assign lz[b*l +: l] = g_lvl[l-1].zero[2*b+1] ? {1'b1, g_lvl[l-1].lz[2*b*(l-1) +: l-1]}
                                                     : {1'b0, g_lvl[l-1].lz[(2*b+1)*(l-1) +: l-1]};
      end
    end
  end

  assign count = g_lvl[CW].lz;

`ifdef DFV_FORMAL
  `include "dfv_lzc_props.svh"
`endif
endmodule
