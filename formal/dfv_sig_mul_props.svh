// Properties of dfv_sig_mul (the significand multiplier of arith_mulf and math_fma), included inside the
// module: its whole function. A shadow copy of the expected product follows the two loads as the unit's
// stages move an operation (f_p1 takes ma * mb on load[0], f_p2 takes f_p1 on load[1], both in the same
// cycle when both load); once step 2 holds an operation that passed through step 1 since the start, prod
// is that exact product (`exact`), whatever the loads' order and gaps. Step 1's registers sum to f_p1
// (`step1`) and step 2's to f_p2 (`step2`): the invariants that make the induction close. The shadow holds
// the product, not the operands, so that only `step1` (a load's rows against ma * mb) has a multiplication
// in it: the carry-save steps after it are checked against sums of registers, which the solver proves in
// seconds (with the operands shadowed, 450 s at P = 8). No reset: the registers start unconstrained, and
// nothing is asserted before step 2 has been loaded from a loaded step 1.
`ifdef DFV_FORMAL_TOP_dfv_sig_mul
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
logic [2*P-1:0] f_p1, f_p2;
logic f_ok1 = 1'b0;  // step 1 holds an operation whose product is f_p1
logic f_ok2 = 1'b0;  // step 2 holds what step 1 held, whose product is f_p2
always_ff @(posedge clk) begin
  if (load[0]) begin
    f_p1 <= (2 * P)'(ma) * (2 * P)'(mb);
    f_ok1 <= 1'b1;
  end
  if (load[1]) begin
    f_p2 <= f_p1;
    f_ok2 <= f_ok1;
  end
end
// the invariants: step 1's registers sum to f_p1 (g_lut: the pairs at weights 2^(2t); g_dsp: the slices'
// products at weights 2^((i + j) K)), step 2's to f_p2 (g_lut: the fours at weights 2^(8u); g_dsp: the rows
// at weights 2^(i K)), modulo 2^(2P)
logic [2*P-1:0] f_step1, f_step2;
if (P <= dfv_pkg::SIG_MUL_LUT_MAX_P) begin : g_f_lut
  localparam int F_NT = (P + 1) / 2;
  localparam int F_TW = P + 2;
  localparam int F_NQ = (F_NT + 3) / 4;
  localparam int F_QW = P + 8;
  always_comb begin
    f_step1 = '0;
    for (int t = 0; t < F_NT; t++) begin
      f_step1 = f_step1 + ((2 * P)'(g_lut.pair_q[t * F_TW +: F_TW]) << (2 * t));
    end
    f_step2 = '0;
    for (int u = 0; u < F_NQ; u++) begin
      f_step2 = f_step2 + ((2 * P)'(g_lut.quad_q[u * F_QW +: F_QW]) << (8 * u));
    end
  end
end else begin : g_f_dsp
  localparam int F_RW = K * (NS + 1);
  always_comb begin
    f_step1 = '0;
    for (int i = 0; i < NS; i++) begin
      for (int j = 0; j < NS; j++) begin
        f_step1 = f_step1 + ((2 * P)'(g_dsp.pp_q[(i * NS + j) * 2 * K +: 2 * K]) << ((i + j) * K));
      end
    end
    f_step2 = '0;
    for (int i = 0; i < NS; i++) begin
      f_step2 = f_step2 + ((2 * P)'(g_dsp.rows_q[i * F_RW +: F_RW]) << (i * K));
    end
  end
end
// Asserted where the module is the top only: inside arith_mulf's and math_fma's jobs the product's
// equivalence (48 s alone at P = 8) would hold their protocol proofs past their bound (600 s).
if (F_TOP) begin : g_exact
  always_comb begin
    if (f_ok1) step1: assert (f_step1 == f_p1);
    if (f_ok2) step2: assert (f_step2 == f_p2);
    if (f_ok2) exact: assert (prod == f_p2);
  end
end
if (F_TOP) begin : g_cover
  always_comb if (f_ok2) c_full_product: cover (prod == (2 * P)'({P{1'b1}}) * (2 * P)'({P{1'b1}}));
  always_comb if (f_ok2) c_stalled_step: cover (load[0] && !load[1] && f_ok1);
end
