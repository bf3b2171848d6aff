// Properties of dfv_sig_mul (the significand multiplier of arith_mulf and math_fma), included inside the
// module: its whole function. Shadow copies of the operands follow the two loads as the unit's stages
// move an operation (f_a1 / f_b1 take ma / mb on load[0], f_a2 / f_b2 take those on load[1], both in the
// same cycle when both load); once step 2 holds an operation that passed through step 1 since the start,
// prod is the exact product f_a2 * f_b2 (`exact`), whatever the loads' order and gaps; step 1's registers
// sum to f_a1 * f_b1 (`step1`, the invariant that makes the induction close). No reset: the
// registers start unconstrained, and nothing is asserted before step 2 has been loaded from a loaded step 1.
`ifdef DFV_FORMAL_TOP_dfv_sig_mul
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
logic [P-1:0] f_a1, f_b1, f_a2, f_b2;
logic f_ok1 = 1'b0;  // step 1 holds the operands f_a1, f_b1
logic f_ok2 = 1'b0;  // step 2 holds what step 1 held for f_a2, f_b2
always_ff @(posedge clk) begin
  if (load[0]) begin
    f_a1 <= ma;
    f_b1 <= mb;
    f_ok1 <= 1'b1;
  end
  if (load[1]) begin
    f_a2 <= f_a1;
    f_b2 <= f_b1;
    f_ok2 <= f_ok1;
  end
end
// step 1's invariant, which makes the proof inductive: its registers sum to the product of f_a1 and f_b1
// (g_lut: the pairs at weights 2^(2t); g_dsp: the slices' products at weights 2^((i + j) K)), modulo 2^(2P)
logic [2*P-1:0] f_step1;
if (NS == 1) begin : g_f_lut
  localparam int F_NT = (P + 1) / 2;
  localparam int F_TW = P + 2;
  always_comb begin
    f_step1 = '0;
    for (int t = 0; t < F_NT; t++) begin
      f_step1 = f_step1 + ((2 * P)'(g_lut.pair_q[t * F_TW +: F_TW]) << (2 * t));
    end
  end
end else begin : g_f_dsp
  always_comb begin
    f_step1 = '0;
    for (int i = 0; i < NS; i++) begin
      for (int j = 0; j < NS; j++) begin
        f_step1 = f_step1 + ((2 * P)'(g_dsp.pp_q[(i * NS + j) * 2 * K +: 2 * K]) << ((i + j) * K));
      end
    end
  end
end
// Asserted where the module is the top only: inside arith_mulf's and math_fma's jobs the product's
// equivalence (48 s alone at P = 8) would hold their protocol proofs past their bound (600 s).
if (F_TOP) begin : g_exact
  always_comb begin
    if (f_ok1) step1: assert (f_step1 == (2 * P)'(f_a1) * (2 * P)'(f_b1));
    if (f_ok2) exact: assert (prod == (2 * P)'(f_a2) * (2 * P)'(f_b2));
  end
end
if (F_TOP) begin : g_cover
  always_comb if (f_ok2) c_full_product: cover (prod == (2 * P)'({P{1'b1}}) * (2 * P)'({P{1'b1}}));
  always_comb if (f_ok2) c_stalled_step: cover (load[0] && !load[1] && f_ok1);
end
