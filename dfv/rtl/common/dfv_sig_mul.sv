// dfv_sig_mul: the exact product of two P-bit unsigned significands in two registered steps, the
//   significand multiplier of arith_mulf and math_fma. The caller registers the product as its third step.
// Parameters: P (significand bits with the hidden one, 8..53: bf16 8, f16 11, f32 24, f64 53). K = 18 (a
//   DSP block's 18x18 multiply), NS = ceil(P / 18) slices per operand.
// Ports: load[1:0] (load[0]: step 1's registers take ma, mb's first partial results; load[1]: step 2's take
//   step 1's), ma (P), mb (P) -> prod (2P).
// Function: prod = ma * mb, of the ma and mb that were presented at the load[0] before the last load[1]
//   (the caller's stage enables: an operation in step 1 moves to step 2 on load[1] and leaves step 2 on its
//   own next stage's load), exact (2P bits hold it).
// Structure, by P:
//   - P <= dfv_pkg::SIG_MUL_LUT_MAX_P (24: f32, f16, bf16), in LUTs and carry chains, no DSP block:
//     nextpnr times an ECP5 MULT18X18D as combinational between fabric registers (Yosys packs none of its
//     own registers), 4.45 ns, which held those formats under 150 MHz (mulf f32 at 139). Step 1: the rows
//     ma & mb[r] (weight 2^r) summed in pairs, NT = ceil(P / 2) terms of P + 2 bits (an AND and one
//     addition); step 2: the pairs summed in fours, NQ = ceil(NT / 4) <= 3 terms of P + 8 bits (two
//     carry-save steps and one addition); prod: the NQ fours summed (one carry-save step and one addition).
//     Every path holds one carry chain: with two in series (the fours as two additions deep) f32 stayed
//     at 140 MHz.
//   - P > 24 (f64), the K-bit slices' NS x NS products, each an unsigned 18x18 multiply on a DSP block,
//     registered in step 1; step 2, each ma slice's row (its products weighted by the mb slices: the
//     even-j products side by side in one vector, the odd-j ones in another, one adder); prod: the rows
//     weighted by the ma slices.
// State: step 1's and step 2's registers, loaded on load[0] / load[1], no reset (the caller's valid bits
//   say which hold an operation). No operation of their own: the caller's control core holds the flow
//   (at_init = 1).
// Latency: two loads from ma, mb to prod; prod is combinational from step 2's registers.
// Combinational paths: none from ma / mb to prod (registers between); ma, mb -> step 1's registers (the
//   pairs' AND and addition, or the DSP blocks); step 2's registers -> prod (the last sum).
module dfv_sig_mul #(
  parameter int P = 24
) (
  input  logic           clk,
  input  logic [1:0]     load,
  input  logic [P-1:0]   ma,
  input  logic [P-1:0]   mb,
  output logic [2*P-1:0] prod
);
  initial begin : p_param_check
    if (P < 8 || P > 53) begin
      $fatal(1, "dfv_sig_mul: P must be 8..53 (got %0d)", P);
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // 1: the registers hold no operation of their own (the caller's valid bits say which do)
  /* verilator lint_on UNUSEDSIGNAL */
  assign at_init = 1'b1;

  localparam int K = 18;  // multiplier slice (an 18x18 DSP block)
  localparam int NS = (P + K - 1) / K;  // slices per significand

  if (P <= dfv_pkg::SIG_MUL_LUT_MAX_P) begin : g_lut
    localparam int NT = (P + 1) / 2;  // row pairs
    localparam int NQ = (NT + 3) / 4;  // pair fours
    localparam int TW = P + 2;  // a pair's sum: 3 (2^P - 1) < 2^(P+2)
    localparam int QW = P + 8;  // a four's sum: eight rows, (2^8 - 1) (2^P - 1) < 2^(P+8)

    logic [2*NT-1:0] mb_rows;  // mb padded to whole pairs (a padding row is 0)
    logic [P-1:0] row_lo, row_hi;  // a pair's two rows: ma where mb's bit is set
    logic [NT*TW-1:0] pair;  // pair t (rows 2t and 2t + 1, at weight 2^(2t)) at [t * TW +: TW]
    logic [4*NQ*TW-1:0] pair_pad;  // the registered pairs padded to whole fours (a padding pair is 0)
    logic [NQ*QW-1:0] quad;  // four u (pairs 4u .. 4u + 3, at weight 2^(8u)) at [u * QW +: QW]
    logic [QW-1:0] q0, q1, q2, q3;  // a four's pairs at their weights within it
    logic [QW-1:0] qs1, qc1, qs2, qc2;  // its carry-save steps: q0 + q1 + q2, then + q3
    logic [3*QW-1:0] quad_pad;  // the registered fours padded to three (a padding four is 0)
    logic [2*P-1:0] f0, f1, f2;  // the fours at their weights
    logic [2*P-1:0] ts, tc;  // their carry-save step
    logic [2*P-1:0] total;

    logic [NT*TW-1:0] pair_q;
    logic [NQ*QW-1:0] quad_q;

    assign mb_rows = (2 * NT)'(mb);
    assign pair_pad = (4 * NQ * TW)'(pair_q);
    assign quad_pad = (3 * QW)'(quad_q);

    always_comb begin : comb_pairs
      for (int t = 0; t < NT; t++) begin
        row_lo = ma & {P{mb_rows[2 * t]}};
        row_hi = ma & {P{mb_rows[2 * t + 1]}};
        pair[t * TW +: TW] = TW'(row_lo) + (TW'(row_hi) << 1);
      end
    end

    // A four's sum and the total: the terms first reduced to two by carry-save steps (a + b + c as the
    // bitwise sum and the shifted majority: one LUT level, no carry chain), then one addition, so that
    // each path holds one carry chain (two chains in series held f32 at 140 MHz, docs/timing.md).
    always_comb begin : comb_quads
      for (int u = 0; u < NQ; u++) begin
        q0 = QW'(pair_pad[(4 * u) * TW +: TW]);
        q1 = QW'(pair_pad[(4 * u + 1) * TW +: TW]) << 2;
        q2 = QW'(pair_pad[(4 * u + 2) * TW +: TW]) << 4;
        q3 = QW'(pair_pad[(4 * u + 3) * TW +: TW]) << 6;
        qs1 = q0 ^ q1 ^ q2;
        qc1 = ((q0 & q1) | (q0 & q2) | (q1 & q2)) << 1;
        qs2 = qs1 ^ qc1 ^ q3;
        qc2 = ((qs1 & qc1) | (qs1 & q3) | (qc1 & q3)) << 1;
        quad[u * QW +: QW] = qs2 + qc2;
      end
    end

    // continuous assignments, not an always_comb: Icarus 11 cannot take constant part-selects inside one
    // ("sorry: constant selects in always_* processes"), which fails make fpcheck's build
    assign f0 = (2 * P)'(quad_pad[0 +: QW]);
    assign f1 = (2 * P)'(quad_pad[QW +: QW]) << 8;
    assign f2 = (2 * P)'(quad_pad[2 * QW +: QW]) << 16;
    assign ts = f0 ^ f1 ^ f2;
    assign tc = ((f0 & f1) | (f0 & f2) | (f1 & f2)) << 1;
    assign total = ts + tc;
    assign prod = total;

    always_ff @(posedge clk) begin : p_pairs
      if (load[0]) pair_q <= pair;
    end
    always_ff @(posedge clk) begin : p_quads
      if (load[1]) quad_q <= quad;
    end
  end else begin : g_dsp
    localparam int PA = NS * K;  // a significand padded to whole slices
    localparam int RW = K * (NS + 1);  // a row: one ma slice times the whole mb significand

    logic [PA-1:0] ma_pad, mb_pad;
    logic [NS*NS*2*K-1:0] pp;  // product (i, j) at [(i * NS + j) * 2K +: 2K]
    logic [NS*RW-1:0] rows;  // row i at [i * RW +: RW]
    logic [RW-1:0] row_even, row_odd;  // the even-j / odd-j products of one row, side by side
    logic [2*PA-1:0] total;

    logic [NS*NS*2*K-1:0] pp_q;
    logic [NS*RW-1:0] rows_q;

    assign ma_pad = PA'(ma);
    assign mb_pad = PA'(mb);

    always_comb begin : comb_pp
      for (int i = 0; i < NS; i++) begin
        for (int j = 0; j < NS; j++) begin
          pp[(i * NS + j) * 2 * K +: 2 * K] = (2 * K)'(ma_pad[i * K +: K]) * (2 * K)'(mb_pad[j * K +: K]);
        end
      end
    end

    always_comb begin : comb_rows
      rows = '0;
      for (int i = 0; i < NS; i++) begin
        row_even = '0;
        row_odd = '0;
        for (int j = 0; j < NS; j++) begin
          if (j % 2 == 0) row_even[j * K +: 2 * K] = pp_q[(i * NS + j) * 2 * K +: 2 * K];
          else row_odd[j * K +: 2 * K] = pp_q[(i * NS + j) * 2 * K +: 2 * K];
        end
        rows[i * RW +: RW] = row_even + row_odd;
      end
    end

    always_comb begin : comb_total
      total = '0;
      for (int i = 0; i < NS; i++) begin
        total = total + ((2 * PA)'(rows_q[i * RW +: RW]) << (i * K));
      end
    end
    assign prod = total[2*P-1:0];  // the padding slices are zero: nothing above 2P bits

    always_ff @(posedge clk) begin : p_pp
      if (load[0]) pp_q <= pp;
    end
    always_ff @(posedge clk) begin : p_rows
      if (load[1]) rows_q <= rows;
    end
  end

`ifdef DFV_FORMAL
  `include "dfv_sig_mul_props.svh"
`endif
endmodule
