// arith_convertf: MLIR arith.extf / arith.truncf, an IEEE 754 binary word of one format to another,
//   pipelined, bit-exact with the golden model dfv.golden.fp (convert.convertf) and the spec README section
//   "Floating point". One datapath serves every direction: widening (extf), narrowing (truncf), f16 <->
//   bf16 (each narrower than the other in one field), and a format to itself.
// Parameters: IEW, IFW (the input format's exponent and fraction field bits, 5..11 and 7..52), OEW, OFW
//   (the output format's, same ranges). The formats of the project: f16 = (5, 10), bf16 = (8, 7),
//   f32 = (8, 23), f64 = (11, 52). IW = 1 + IEW + IFW, OW = 1 + OEW + OFW.
// Ports: in (IW) -> out (OW); both in the IEEE layout, sign on top.
// Semantics: the input's value rounded into the output format, round to nearest, ties to even (exact
//   whenever the value is representable, so always when both fields widen). A NaN (quiet or signalling,
//   any sign or payload) gives the output's canonical quiet NaN (sign 0, exponent all ones, only the top
//   fraction bit set); an infinity the infinity of its sign; a zero the zero of its sign. Subnormal inputs
//   are normalised (those of a narrower exponent range become normal outputs). A value below the output's
//   normal range is rounded to a subnormal (the nearest multiple of the smallest subnormal), to the
//   smallest normal if it rounds up into it, or to the zero of its sign if it rounds to 0 (underflow to
//   zero; a tie at half the smallest subnormal goes to the even value, 0). A value that rounds to
//   2^(emax+1) or more gives the infinity of its sign (the output's emax = 2^(OEW-1) - 1).
// Stages (one register each, s1..s4; PI = IFW + 1 and PO = OFW + 1 significand bits, ZW = max(PI, PO) + 2):
//   1 unpack, classify (NaN, infinity); the significand {exponent != 0, fraction} and its leading-zero
//     count (dfv_lzc: a tree of log depth; non-zero only for a subnormal input, PI for a zero); the
//     output's biased exponent of the leading one before the count, max(exp, 1) + obias - ibias, and 1
//     minus it (signed, 14 bits), in parallel with the count.
//   2 the normalising left shift by the count (a zero stays 0); EB = (max(exp, 1) + obias - ibias) - lz
//     and 1 - EB, one add of the count each; the denormalising shift's amount from 1 - EB (0 when it is
//     not positive, and whether it reaches 2^RW, past the field).
//   3 denormalisation: EB <= 0 (below the output's normal range: 1 - EB >= 1) shifts the significand
//     (aligned to ZW bits) right by 1 - EB in a ZW + PO + 1-bit field; EB >= 1 (1 - EB <= 0, its sign
//     bit) does not shift. Of the result, the top PO bits are kept (hidden bit and fraction), the next is
//     the guard bit and the OR of all below (the input's excess fraction bits and the bits shifted out)
//     the sticky bit, taken with a thermometer mask of the shift on the significand beside the shifter.
//     No bit is lost by a shift of up to PO + 1; a shift of PO + 2 or more leaves kept and guard 0, so
//     the value rounds to zero whatever the sticky bit (no clamp is needed). The exponent field is EB
//     when the kept hidden bit is 1 (normal), else 0 (subnormal or zero); EB >= 2^OEW - 1 is overflow (a
//     compare in parallel with the shift).
//   4 rounding: guard & (sticky | fraction LSB) added to {exponent field, fraction} so that a carry moves
//     into the exponent (subnormal -> smallest normal, largest finite -> infinity); overflow gives the
//     infinity of the sign; the special flags select NaN / infinity; pack.
// Latency: LATENCY = 4 cycles, fixed (every pair of formats): an operation accepted in cycle c (handshake
//   at the end of c) has its result on out_data with out_valid high in cycle c + 4 when nothing stalls.
// Throughput: one operation per cycle under full-rate traffic. Flow control: the control core
//   dfv_pipe_ctrl #(.S(4)) (u_ctrl) holds the valid bits and computes the ready chain and the load
//   enables load[i] (stage i + 1 takes an operation); every data register of stage i + 1 is loaded on
//   load[i] only, and has no reset. Bubbles collapse, a stalled result holds every full stage, no
//   operation is lost or duplicated (dfv_pipe_ctrl's header).
//   in_ready = u_ctrl.in_ready: stage 1 can take (it does not depend on in_valid).
// State: s1..s4 data registers; the valid bits in u_ctrl. at_init: no operation in flight (u_ctrl's).
// Combinational paths: out_ready -> in_ready (through u_ctrl's ready logic). None from any input to
//   out_data / out_valid (registers); in_data goes through stage 1 logic into s1.
module arith_convertf #(
  parameter int IEW = 8,
  parameter int IFW = 23,
  parameter int OEW = 5,
  parameter int OFW = 10
) (
  input  logic                clk,
  input  logic                rst,
  input  logic [IEW+IFW:0]    in_data,
  input  logic                in_valid,
  output logic                in_ready,
  output logic [OEW+OFW:0]    out_data,
  output logic                out_valid,
  input  logic                out_ready
);
  initial begin : p_param_check
    if (IEW < 5 || IEW > 11) begin
      $fatal(1, "arith_convertf: IEW must be 5..11 (got %0d)", IEW);
    end
    if (IFW < 7 || IFW > 52) begin
      $fatal(1, "arith_convertf: IFW must be 7..52 (got %0d)", IFW);
    end
    if (OEW < 5 || OEW > 11) begin
      $fatal(1, "arith_convertf: OEW must be 5..11 (got %0d)", OEW);
    end
    if (OFW < 7 || OFW > 52) begin
      $fatal(1, "arith_convertf: OFW must be 7..52 (got %0d)", OFW);
    end
  end

  localparam int LATENCY = 4;  // cycles from accept to out_valid (the stages of u_ctrl); read by testbenches
  localparam int IW = 1 + IEW + IFW;  // input word
  localparam int PI = IFW + 1;  // input significand with the hidden bit
  localparam int PO = OFW + 1;  // output significand with the hidden bit
  localparam int ZW = ((PI > PO) ? PI : PO) + 2;  // the significand aligned to the output, >= PO + 2 bits
  localparam int WW = ZW + PO + 1;  // the denormalising shift's field: room below for a shift of PO + 1
  localparam int LK = $clog2(PI + 1);  // a leading-zero count: 0..PI
  localparam int RW = $clog2(WW + 1);  // a denormalising shift of 2^RW or more is past the field
  localparam int XE = 14;  // a signed exponent: |EB|, |1 - EB| <= 2046 + 63 + 1008 + 1 < 2^13
  localparam int IBIAS = (1 << (IEW - 1)) - 1;
  localparam int OBIAS = (1 << (OEW - 1)) - 1;
  localparam logic [XE-1:0] EB_OFFSET = XE'(OBIAS - IBIAS);  // EB = max(exp, 1) - lz + this
  localparam logic [XE-1:0] NB_OFFSET = XE'(1 - OBIAS + IBIAS);  // 1 - EB = this - max(exp, 1) + lz
  localparam logic [XE-1:0] EB_OVF = XE'((1 << OEW) - 1);  // EB at or above it: infinity
  localparam logic [IEW-1:0] IEXP_ONES = '1;
  localparam logic [OEW-1:0] OEXP_ONES = '1;

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  // ---------------------------------------------------------------------------------------------------
  // Control core (dfv_pipe_ctrl): the valid bits, the ready chain, load[i] = stage i + 1 takes an operation
  // ---------------------------------------------------------------------------------------------------
  logic [LATENCY-1:0] load;

  dfv_pipe_ctrl #(.S(LATENCY)) u_ctrl (
    .clk(clk),
    .rst(rst),
    .in_valid(in_valid),
    .in_ready(in_ready),
    .out_valid(out_valid),
    .out_ready(out_ready),
    .load(load),
    .at_init(at_init)
  );

  // ---------------------------------------------------------------------------------------------------
  // Stage 1: unpack, classify, leading-zero count, the output exponent before the count
  // ---------------------------------------------------------------------------------------------------
  logic in_sign;
  logic [IEW-1:0] in_exp, in_eeff;
  logic [IFW-1:0] in_frac;
  logic [PI-1:0] in_sig;
  logic [LK-1:0] lz;  // the significand's leading zeros (PI for a zero)

  logic s1_sign_q, s1_nan_q, s1_inf_q;
  logic [PI-1:0] s1_sig_q;  // not yet normalised
  logic [LK-1:0] s1_lz_q;
  logic [XE-1:0] s1_eb_q;  // EB + lz (signed)
  logic [XE-1:0] s1_nb_q;  // 1 - EB - lz (signed)

  assign in_sign = in_data[IW-1];
  assign in_exp = in_data[IW-2:IFW];
  assign in_frac = in_data[IFW-1:0];
  // a subnormal (or zero) has no hidden bit and the exponent of the smallest normal
  assign in_sig = {in_exp != '0, in_frac};
  assign in_eeff = (in_exp == '0) ? IEW'(1) : in_exp;
  dfv_lzc #(.W(PI), .CW(LK)) u_lzc (
    .v(in_sig),
    .count(lz)
  );

  always_ff @(posedge clk) begin : p_s1
    if (load[0]) begin
      s1_sign_q <= in_sign;
      s1_nan_q <= (in_exp == IEXP_ONES) && (in_frac != '0);
      s1_inf_q <= (in_exp == IEXP_ONES) && (in_frac == '0);
      s1_sig_q <= in_sig;
      s1_lz_q <= lz;
      s1_eb_q <= XE'(in_eeff) + EB_OFFSET;
      s1_nb_q <= NB_OFFSET - XE'(in_eeff);
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 2: normalisation shift, the output exponent
  // ---------------------------------------------------------------------------------------------------
  logic [XE-1:0] nb;  // 1 - EB (signed)
  logic [XE-1:0] rs;  // 1 - EB when positive, else 0

  logic s2_sign_q, s2_nan_q, s2_inf_q, s2_beyond_q;
  logic [PI-1:0] s2_sig_q;  // normalised: leading one on top (0 for a zero)
  logic [XE-1:0] s2_eb_q;  // EB, the output's biased exponent of the leading one (signed)
  logic [RW-1:0] s2_rs_q;  // the denormalising shift, below 2^RW
  // s2_beyond_q: the shift is 2^RW or more, past the field

  assign nb = s1_nb_q + XE'(s1_lz_q);
  assign rs = nb[XE-1] ? '0 : nb;

  always_ff @(posedge clk) begin : p_s2
    if (load[1]) begin
      s2_sign_q <= s1_sign_q;
      s2_nan_q <= s1_nan_q;
      s2_inf_q <= s1_inf_q;
      s2_sig_q <= s1_sig_q << s1_lz_q;  // a zero (lz = PI) stays 0
      // for a zero both are don't cares: its significand stays 0, so stage 3 keeps exponent field 0, and
      // EB <= obias - 7 never overflows
      s2_eb_q <= s1_eb_q - XE'(s1_lz_q);
      s2_rs_q <= RW'(rs);
      s2_beyond_q <= (rs >> RW) != '0;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 3: denormalising right shift with guard and sticky, exponent field, overflow
  // ---------------------------------------------------------------------------------------------------
  logic [WW-1:0] wide;  // the aligned significand above, the bits shifted out below
  logic [PO-1:0] kept;
  logic [PI-1:0] to_sticky;  // to_sticky[j]: significand bit j ends below the guard place

  logic s3_sign_q, s3_nan_q, s3_inf_q, s3_ovf_q, s3_guard_q, s3_sticky_q;
  logic [OEW-1:0] s3_e_q;  // the output exponent field before rounding (0: subnormal or zero)
  logic [OFW-1:0] s3_frac_q;

  assign wide = s2_beyond_q ? '0 : {s2_sig_q, {(WW - PI){1'b0}}} >> s2_rs_q;
  assign kept = wide[WW-1:WW-PO];
  // significand bit j lands on place WW - PI + j - rs: below the guard place (WW - PO - 1) when
  // j - (PI - PO - 2) <= rs. A bit shifted out of the field altogether counts too, where the field drops it:
  // that takes a shift of PO + 3 or more, which leaves kept and guard 0 (rounds to zero whatever the sticky)
  always_comb begin : comb_to_sticky
    for (int j = 0; j < PI; j++) to_sticky[j] = s2_beyond_q | ((j - (PI - PO - 2)) <= int'(s2_rs_q));
  end

  always_ff @(posedge clk) begin : p_s3
    if (load[2]) begin
      s3_sign_q <= s2_sign_q;
      s3_nan_q <= s2_nan_q;
      s3_inf_q <= s2_inf_q;
      s3_ovf_q <= !s2_eb_q[XE-1] && (s2_eb_q >= EB_OVF);
      s3_e_q <= kept[PO-1] ? s2_eb_q[OEW-1:0] : '0;  // the hidden bit kept: normal
      s3_frac_q <= kept[PO-2:0];
      s3_guard_q <= wide[WW-PO-1];
      s3_sticky_q <= (s2_sig_q & to_sticky) != '0;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 4: round to nearest even, overflow, specials, pack
  // ---------------------------------------------------------------------------------------------------
  logic round_up;
  logic [OEW+OFW-1:0] rounded;  // {exponent, fraction} + round_up: a carry reaches the exponent
  logic [OEW+OFW:0] word;

  logic [OEW+OFW:0] s4_word_q;

  assign round_up = s3_guard_q & (s3_sticky_q | s3_frac_q[0]);
  assign rounded = {s3_e_q, s3_frac_q} + (OEW + OFW)'(round_up);
  assign word = s3_nan_q ? {1'b0, OEXP_ONES, 1'b1, {(OFW - 1){1'b0}}}  // the canonical quiet NaN
              : (s3_inf_q | s3_ovf_q) ? {s3_sign_q, OEXP_ONES, {OFW{1'b0}}}  // infinity, overflow
              : {s3_sign_q, rounded};  // rounding may carry into the exponent, up to infinity

  always_ff @(posedge clk) begin : p_s4
    if (load[3]) s4_word_q <= word;
  end

  assign out_data = s4_word_q;

`ifdef DFV_FORMAL
  `include "arith_convertf_props.svh"
`endif
endmodule
