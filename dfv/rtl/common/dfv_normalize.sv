// dfv_normalize: a W-bit word shifted left until its top bit is 1, and the number of leading zeros it had
//   (the normalisation of an integer magnitude or a subnormal significand; arith_itofp, arith_convertf).
// Parameters: W (word bits, 1..128), CW (count bits: must be $clog2(W), or 1 when W = 1; checked).
// Ports: v (W) -> count (CW), norm (W). Combinational, no clock.
// Function: for v != 0, norm = v << count with norm[W-1] = 1 and count = the leading zeros of v. v = 0
//   gives norm = 0 and count = 2^CW - 1 (every level found its window zero).
// Structure: a binary search of log depth, not a priority chain: level k (k = CW-1 .. 0) shifts the window
//   left by 2^k and sets count bit k when its top 2^k bits are zero; CW levels of one shift each.
// Latency 0 (combinational); combinational paths: v -> count, norm.
module dfv_normalize #(
  parameter int W = 8,
  parameter int CW = 3
) (
  input  logic [W-1:0]  v,
  output logic [CW-1:0] count,
  output logic [W-1:0]  norm
);
  initial begin : p_param_check
    if (W < 1 || W > 128) begin
      $fatal(1, "dfv_normalize: W must be 1..128 (got %0d)", W);
    end
    if (CW != ((W > 1) ? $clog2(W) : 1)) begin
      $fatal(1, "dfv_normalize: CW must be $clog2(W) (1 for W = 1): %0d for W = %0d", CW, W);
    end
  end

  always_comb begin : comb_search
    norm = v;
    count = '0;
    for (int k = CW - 1; k >= 0; k--) begin
      if ((norm >> (W - (1 << k))) == '0) begin
        norm = norm << (1 << k);
        count = count | CW'(1 << k);
      end
    end
  end

`ifdef DFV_FORMAL
  `include "dfv_normalize_props.svh"
`endif
endmodule
