// Copyright dfv project contributors.
//
// dataflow_stream: hardware state machine for `dataflow.stream` (specs 000 / 001, README "Stream").
//
// Purpose
//   Per activation, consumes one `start`, one `step` and one `bound` together and emits the
//   one-step-ahead loop-control streams:
//     idx  = [start, start op step, ..., last, one extra value]   (N + 1 elements)
//     cont = [T, ..., T, F]                                        (N trues, then one false)
//   Element k is (idx = next_idx, cont = next_idx <cont_cond> bound); when cont is true
//   next_idx <= next_idx <step_op> step, when false the activation ends.
//   Arithmetic wraps to W bits; comparisons are signed in W bits.
//
// Parameters
//   W        payload (index) width, >= 1.
//   STEP_OP  structural update operator (dfv_pkg::STEP_*): 0 +=, 1 -=, 2 *= (the product's low W
//            bits, shift and add over W + 2 cycles, see Latency), 3 /= (signed, truncating toward zero,
//            MIN / -1 wrapping to MIN; an iterative division of W + 2 cycles), 4 <<= (amount = step as
//            unsigned, >= W gives 0), 5 >>= (arithmetic, amount = step as unsigned, >= W gives sign fill).
//
// Ports
//   clk, rst                    clock, synchronous active-high reset.
//   start_*, step_*, bound_*    input channels (W bits), joined: consumed in the same cycle.
//   cont_cond[2:0]              runtime configuration (dfv_pkg::COND_*), sampled at the activation
//                               (the latched copy is used for the whole activation):
//                               0 <, 1 <=, 2 >, 3 >=, 4 !=, 5 by sign of step (< if step > 0,
//                               > if step < 0), 6/7 invalid.
//   idx_*  (W bits), cont_* (1 bit)
//                               output channels; each takes back-pressure independently (per-output
//                               sent flags idx_sent_q / cont_sent_q): an element retires once both
//                               outputs have taken it, and crosses each output exactly once.
//   err_valid, err_code[15:0]   sticky error (lowest non-zero code kept until reset);
//                               err_valid = (err_code != 0).
//
// Errors (raised at the activation; the activation is then zero-trip: it still consumes its three
// inputs and emits exactly one element, idx = start, cont = 0)
//   step == 0 (any STEP_OP)     RT_DATAFLOW_STREAM_ZERO_STEP  (0x103 = 259)
//   cont_cond == 6 or 7         CFG_DATAFLOW_STREAM_CONT_COND (0x003)
//
// States (state_q)
//   S_IDLE   (0, reset)  waiting for an activation (start, step, bound all valid).
//   S_ACTIVE (1)         presenting element (next_idx_q, cont) on idx / cont (with *= and /=, an
//                        element whose cont is true retires only once upd_ok: `next_known`).
//   *= and /= only (g_upd_iter): run_q (the steps, cnt_q left), fix_q (the result into upd_q), ok_q
//   (upd_q holds it); at most one set, all three 0 at reset and at an operation's start.
//   at_init = (state_q == S_IDLE) && !idx_sent_q && !cont_sent_q.
//
// Latency
//   1 cycle from the activation handshake (start/step/bound) to the first element on idx / cont
//   (element 0 comes from registers). Outputs are registered-state driven: idx_* / cont_* data and
//   valid depend only on flops. The comparison of the element presented with the bound is kept in
//   flops (lt_q, le_q: signed <, <=; cont_data is the condition selected from them), and so is the
//   idx of the element after it (upd_q = next_idx_q <step_op> step_q): when an element retires, the
//   next one's idx is upd_q, its comparison that of upd_q with bound_q, and the one after it upd_q
//   <step_op> step_q, each a register through one operator (at the activation: start, start against
//   bound_data, start <step_op> step_data). Each comparison is the sign of a W+1-bit subtraction, one
//   carry chain (no W-bit equality tree). No comparison or update is on the path from the handshake
//   (idx_ready, cont_ready) to the next activation, and none follows another. The wide registers do
//   not wait for the activation handshake: while idle they follow the inputs (the element registers
//   and step_q / bound_q; step_q and bound_q also while the final element is presented, when nothing
//   reads them), so their enables are `~active | retire` and their selects registers. Fmax on the
//   ECP5: docs/timing.md. With += / -= it is bounded by the comparisons into lt_q / le_q (a W+1-bit
//   carry chain from upd_q or the inputs, then the select between them), which one element per cycle
//   and a one-cycle activation keep in a cycle; with <<= and >>= by the shifter itself.
//   With *= and /= (g_upd_iter) the update of the element presented next by the step is an
//   iterative unit, started whenever the element registers change (an element retires, or idle)
//   and taking W + 2 cycles: the operands into registers, W steps of one W-bit addition (*=: shift
//   and add) or W+1-bit subtraction (/=: restoring, on magnitudes) each, the result into upd_q.
//   Each element is presented at once (the first a cycle after the activation handshake, as with
//   every step), but one whose cont is true retires only once that operation is done (upd_ok,
//   `next_known`), even when both outputs took it earlier: elements with a successor come W + 2
//   cycles apart, the final element (cont false) a cycle after the one before it. A start aborts
//   the operation in flight (while idle, the one on the inputs restarts every cycle).
//
// Combinational paths
//   idx_ready, cont_ready -> start_ready, step_ready, bound_ready (the next activation is loaded in
//   the same cycle the current activation's final element retires).
//   start_valid, step_valid, bound_valid -> start_ready, step_ready, bound_ready (join: each input's
//   ready includes the other two inputs' valid; never its own valid).
//   cont_cond, step_data, start_data, bound_data -> flops only.
//   No output valid depends on the same output's ready.
//
// Throughput
//   One element per cycle on each output with always-valid inputs and always-ready outputs,
//   including back-to-back activations (an activation of N iterations occupies N + 1 cycles;
//   only the very first activation after idle pays the 1-cycle load). With *= or /=, an activation of N
//   iterations occupies N (W + 2) + 1 cycles (dfv.golden.catalogue.stream_interval).

module dataflow_stream #(
  parameter int W       = 32,
  parameter int STEP_OP = 0
) (
  input  logic         clk,
  input  logic         rst,
  // activation inputs
  input  logic [W-1:0] start_data,
  input  logic         start_valid,
  output logic         start_ready,
  input  logic [W-1:0] step_data,
  input  logic         step_valid,
  output logic         step_ready,
  input  logic [W-1:0] bound_data,
  input  logic         bound_valid,
  output logic         bound_ready,
  // runtime configuration
  input  logic [2:0]   cont_cond,
  // outputs
  output logic [W-1:0] idx_data,
  output logic         idx_valid,
  input  logic         idx_ready,
  output logic         cont_data,
  output logic         cont_valid,
  input  logic         cont_ready,
  // sticky error
  output logic         err_valid,
  output logic [15:0]  err_code
);


  // -----------------------------------------------------------------------------------------------
  // Parameter check
  // -----------------------------------------------------------------------------------------------
  initial begin : p_param_check
    if (W < 1) begin
      $fatal(1, "dataflow_stream: W must be >= 1 (got %0d)", W);
    end
    if (STEP_OP < dfv_pkg::STEP_ADD || STEP_OP > dfv_pkg::STEP_SHR) begin
      $fatal(1, "dataflow_stream: STEP_OP must be 0..5 (got %0d)", STEP_OP);
    end
  end

  // -----------------------------------------------------------------------------------------------
  // Types and registers
  // -----------------------------------------------------------------------------------------------
  typedef enum logic [0:0] {
    S_IDLE   = 1'b0,
    S_ACTIVE = 1'b1
  } state_e;

  // the step's bits that give a shift distance; a step of 2^SA (>= W) or more shifts everything out
  localparam int SA = (W > 1) ? $clog2(W) : 1;
  // *= and /=: the iterative update (g_upd_iter), whose result the retire waits for (g_retire_iter)
  localparam bit ITER = (STEP_OP == dfv_pkg::STEP_MUL) || (STEP_OP == dfv_pkg::STEP_DIV);

  state_e       state_q,    state_d;
  logic [W-1:0] next_idx_q, next_idx_d;
  logic [W-1:0] step_q,     step_d;
  logic [W-1:0] bound_q,    bound_d;
  logic [2:0]   cond_q,     cond_d;      // resolved condition, COND_LT..COND_NE
  logic         stop_q,     stop_d;      // zero-trip activation (zero step / bad cont_cond)
  logic         lt_q,       lt_d;        // signed next_idx_q < bound_q
  logic         le_q,       le_d;        // signed next_idx_q <= bound_q
  logic [W-1:0] upd_q,      upd_d;       // idx of the element after it: next_idx_q <step_op> step_q
  logic         idx_sent_q, idx_sent_d;
  logic         cont_sent_q, cont_sent_d;
  logic [15:0]  err_code_q, err_code_d;

  // at_init is read by testbenches through the hierarchy (dut.at_init), never inside the design;
  // `verilator public_flat_rd` keeps it visible in Verilator builds.
  logic         at_init /* verilator public_flat_rd */;

  // -----------------------------------------------------------------------------------------------
  // Functions
  // -----------------------------------------------------------------------------------------------
  // Condition c (a resolved one, COND_LT..COND_NE) of x against b, from lt = (signed x < b) and
  // le = (signed x <= b): two carry chains, where x == b would be a tree of LUTs several levels deep.
  function automatic logic cond_of(input logic lt, input logic le, input logic [2:0] c);
    logic res;
    case (c)
      dfv_pkg::COND_LT: res = lt;
      dfv_pkg::COND_LE: res = le;
      dfv_pkg::COND_GT: res = ~le;
      dfv_pkg::COND_GE: res = ~lt;
      dfv_pkg::COND_NE: res = lt | ~le;
      default: res = 1'b0;
    endcase
    cond_of = res;
  endfunction

  // Signed x < b, as the sign of their difference in W + 1 bits (it cannot overflow there): one carry
  // chain, where `$signed(x) < $signed(b)` maps to a chain and a second one for the signs on the ECP5.
  function automatic logic less_than(input logic [W-1:0] x, input logic [W-1:0] b);
    logic [W:0] diff;
    diff = {x[W-1], x} - {b[W-1], b};
    less_than = diff[W];
  endfunction

  // next_idx <step_op> step, wrapped to W bits, for every step but *= and /= (g_upd_iter: over cycles).
  function automatic logic [W-1:0] step_update(input logic [W-1:0] a, input logic [W-1:0] s);
    logic [W-1:0]        res;
    logic signed [W-1:0] sra;
    case (STEP_OP)
      dfv_pkg::STEP_ADD: res = a + s;
      dfv_pkg::STEP_SUB: res = a - s;
      dfv_pkg::STEP_SHL: begin
        res = |(s >> SA) ? '0 : (a << SA'(s));  // s >= 2^SA: an OR, not a compare (a carry chain)
      end
      dfv_pkg::STEP_SHR: begin
        sra = $signed(a) >>> SA'(s);  // separate statement: keeps the shift in a signed context
        res = |(s >> SA) ? {W{a[W-1]}} : sra;
      end
      default: res = a + s;
    endcase
    step_update = res;
  endfunction

  // -----------------------------------------------------------------------------------------------
  // Handshake
  // -----------------------------------------------------------------------------------------------
  logic active;
  logic cur_cont;   // cont value of the element being presented
  logic idx_done;   // idx has taken the current element (earlier or now)
  logic cont_done;  // cont has taken the current element (earlier or now)
  logic retire;     // current element completes this cycle
  logic load_ok;    // an activation may be loaded this cycle
  logic load;       // activation handshake happens this cycle
  logic elem_en;    // the element registers change: idle (they follow the inputs) or an element retires
  logic sel_load;   // they take the inputs (idle, or the final element is presented), else advance
  // read only with *= and /= (g_retire_iter): every other step knows the idx after an element at once
  /* verilator lint_off UNUSEDSIGNAL */
  logic upd_ok;     // upd_q holds the idx after the presented element (always, but while *= / /= work)
  logic next_known; // the element may retire: it is the final one, or the idx after it is known
  /* verilator lint_on UNUSEDSIGNAL */

  assign active    = (state_q == S_ACTIVE);
  assign cur_cont  = ~stop_q & cond_of(lt_q, le_q, cond_q);

  assign idx_data   = next_idx_q;
  assign idx_valid  = active & ~idx_sent_q;
  assign cont_data  = cur_cont;
  assign cont_valid = active & ~cont_sent_q;

  assign next_known = ~cur_cont | upd_ok;
  assign idx_done   = idx_sent_q  | idx_ready;
  assign cont_done  = cont_sent_q | cont_ready;
  // Only *= and /= wait for next_known (1 for every other step). Written apart: with a constant term in the other
  // steps' retire, Yosys' mapping of the += stream (every lowered loop's) moves by a LUT level, and with it the
  // delay table the lowering places its slices by (dfv/timing/delays.json), so every kernel's circuit.
  if (ITER) begin : g_retire_iter
    assign retire = active & next_known & idx_done & cont_done;
  end else begin : g_retire
    assign retire = active & idx_done & cont_done;
  end
  assign load_ok   = ~active | (retire & ~cur_cont);
  // The element registers (next_idx_q, upd_q, lt_q, le_q) and the activation's operands (step_q,
  // bound_q) are not enabled by the activation handshake: while idle they follow the inputs, so the
  // cycle of the load leaves them holding its values; step_q and bound_q also follow the inputs while
  // the final element is presented (nothing reads them then). Only state, sent flags, cond_q, stop_q
  // and the error wait for the handshake; the wide registers' enables and selects come from registers
  // and the outputs' ready.
  assign elem_en   = ~active | retire;
  assign sel_load  = ~active | ~cur_cont;

  assign start_ready = load_ok & step_valid  & bound_valid;
  assign step_ready  = load_ok & start_valid & bound_valid;
  assign bound_ready = load_ok & start_valid & step_valid;
  assign load        = load_ok & start_valid & step_valid & bound_valid;

  assign err_code  = err_code_q;
  assign err_valid = (err_code_q != dfv_pkg::ERR_NONE);

  assign at_init = (state_q == S_IDLE) & ~idx_sent_q & ~cont_sent_q;

  // -----------------------------------------------------------------------------------------------
  // Next state
  // -----------------------------------------------------------------------------------------------
  logic        cfg_bad;    // cont_cond is 6 or 7
  logic        zero_step;  // step == 0
  logic [2:0]  load_cond;  // cont_cond with COND_BY_SIGN resolved against step's sign
  logic         upd_en;    // upd_q takes upd_new
  logic [W-1:0] upd_new;   // the idx after the element presented next
  logic         lt_load;   // signed start_data < bound_data
  logic         lt_next;   // signed upd_q < bound_q
  logic         le_load;   // signed start_data <= bound_data
  logic         le_next;   // signed upd_q <= bound_q

  // Kept outside the always_comb: Icarus 11 does not support constant bit selects there (the
  // comparisons' functions select the sign bit of the difference too).
  assign lt_load   = less_than(start_data, bound_data);
  assign lt_next   = less_than(upd_q, bound_q);
  assign le_load   = ~less_than(bound_data, start_data);
  assign le_next   = ~less_than(bound_q, upd_q);
  assign cfg_bad   = cont_cond[2] & cont_cond[1];
  // The update of upd_q. Every step but *= and /= is one operator, applied as an element retires (and while
  // idle, to the inputs): upd_new = start_data <step_op> step_data when the registers take the inputs, else
  // upd_q <step_op> step_q, and the element presented next is known at once (upd_ok). *= and /= are iterative
  // units (g_upd_iter), W steps of one carry chain each.
  if (!ITER) begin : g_upd_comb
    logic [W-1:0] upd_load;  // start_data <step_op> step_data: element 1 of the activation being loaded
    logic [W-1:0] upd_next;  // upd_q <step_op> step_q: the element after the next one
    assign upd_load = step_update(start_data, step_data);
    assign upd_next = step_update(upd_q, step_q);
    // For the shifts, upd_new is AND-OR terms, not `?:`: Yosys' `share` pass merges two shifters whose results
    // a mux selects into one behind muxes of their operands, which puts the select (sel_load, from cond_q
    // through cur_cont) in front of the whole operator (docs/timing.md, stop 50). `share` leaves adders alone,
    // and there the AND-OR form maps worse.
    if (STEP_OP == dfv_pkg::STEP_SHL || STEP_OP == dfv_pkg::STEP_SHR) begin : g_apart
      assign upd_new = ({W{sel_load}} & upd_load) | ({W{~sel_load}} & upd_next);
    end else begin : g_muxed
      assign upd_new = sel_load ? upd_load : upd_next;
    end
    assign upd_en = elem_en;
    assign upd_ok = 1'b1;
  end else begin : g_upd_iter
    // *= and /= over W + 2 cycles, one W-bit addition or subtraction each, where the combinational `*` and `/`
    // of up to 64 bits sat on the stream's recurrence (79.6 and 6.6 MHz at W = 32 on the ECP5, docs/timing.md).
    // The operation starts whenever the element registers change (elem_en: an element retires, or idle), on
    // the value they present next: start_data with step_data when they take the inputs, else upd_q with the
    // activation's step (step_q). A start aborts an operation in flight. Cycle s: the operands into registers
    // (g_div: their magnitudes and the quotient's sign); s+1 .. s+W: one step each (run_q, cnt_q steps left
    // after it); s+W+1: upd_q takes the result (fix_q); upd_ok from s+W+2 (ok_q). A zero step gives garbage
    // (no X): its activation is zero-trip, and upd_q is never presented.
    logic [SA-1:0] cnt_q, cnt_d;  // steps left after the current one
    logic          run_q, run_d;  // the steps
    logic          fix_q, fix_d;  // upd_q takes the result
    logic          ok_q,  ok_d;   // upd_q holds it

    always_comb begin : p_iter_next
      cnt_d = cnt_q;
      run_d = run_q & (cnt_q != '0);
      fix_d = run_q & (cnt_q == '0);
      ok_d  = ok_q | fix_q;
      if (elem_en) begin
        cnt_d = SA'(W - 1);
        run_d = 1'b1;
        fix_d = 1'b0;
        ok_d  = 1'b0;
      end else if (run_q) begin
        cnt_d = cnt_q - SA'(1);
      end
    end

    always_ff @(posedge clk) begin : p_iter_state
      if (rst) begin
        run_q <= 1'b0;
        fix_q <= 1'b0;
        ok_q  <= 1'b0;
      end else begin
        run_q <= run_d;
        fix_q <= fix_d;
        ok_q  <= ok_d;
      end
    end

    // no reset: read only while run_q
    always_ff @(posedge clk) begin : p_iter_cnt
      cnt_q <= cnt_d;
    end

    if (STEP_OP == dfv_pkg::STEP_DIV) begin : g_div
      // Signed division truncating toward zero, on magnitudes (W-bit unsigned, so |MIN| = 2^(W-1) is exact),
      // then the sign: MIN / -1 wraps to MIN, the wrapped negation, with no special case. The divisor is the
      // step's magnitude, dsr_q, loaded with the inputs. Each step on a partial remainder rem_q < dsr_q:
      // t = {rem_q, next dividend bit}, t - dsr_q (one W+1-bit subtraction) whose sign is the inverted
      // quotient bit. dvd_q keeps the quotient's magnitude, which is |upd_q| (2^(W-1) for MIN, either sign),
      // so the next division needs no negation of upd_q.
      logic [W-1:0]  dvd_q, dvd_d;    // dividend bits not yet used, shifted up, the quotient bits taken in below
      logic [W-1:0]  rem_q, rem_d;    // partial remainder
      logic [W-1:0]  dsr_q, dsr_d;    // |step| of the activation
      logic          qneg_q, qneg_d;  // the quotient is negated
      logic [W-1:0]  mag_start;       // |start_data|
      logic [W-1:0]  mag_step;        // |step_data|
      logic          qneg_start;      // start_data / step_data is negative (or 0)
      logic          qneg_upd;        // upd_q / step_q is
      logic [W:0]    rem_t;           // {rem_q, the next dividend bit}
      logic [W:0]    rem_diff;        // rem_t - dsr_q
      logic          qbit;            // the quotient bit of this step
      logic [W-1:0]  rem_step;        // the partial remainder after it

      // bit selects outside the always_comb (Icarus 11, as above)
      assign mag_start  = start_data[W-1] ? '0 - start_data : start_data;
      assign mag_step   = step_data[W-1] ? '0 - step_data : step_data;
      assign qneg_start = start_data[W-1] ^ step_data[W-1];
      assign qneg_upd   = upd_q[W-1] ^ step_q[W-1];
      assign rem_t      = {rem_q, dvd_q[W-1]};
      assign rem_diff   = rem_t - {1'b0, dsr_q};
      assign qbit       = ~rem_diff[W];
      assign rem_step   = qbit ? rem_diff[W-1:0] : rem_t[W-1:0];

      always_comb begin : p_div_next
        dvd_d  = dvd_q;
        rem_d  = rem_q;
        dsr_d  = dsr_q;
        qneg_d = qneg_q;
        if (elem_en & sel_load) begin
          dsr_d  = mag_step;
        end
        if (elem_en) begin
          dvd_d  = sel_load ? mag_start : dvd_q;  // upd_q's magnitude is the quotient's, still in dvd_q
          rem_d  = '0;
          qneg_d = sel_load ? qneg_start : qneg_upd;
        end else if (run_q) begin
          dvd_d = (dvd_q << 1) | W'(qbit);
          rem_d = rem_step;
        end
      end

      // data: no reset, each read only in the phase that loaded it
      always_ff @(posedge clk) begin : p_div_data
        dvd_q  <= dvd_d;
        rem_q  <= rem_d;
        dsr_q  <= dsr_d;
        qneg_q <= qneg_d;
      end

      assign upd_new = qneg_q ? '0 - dvd_q : dvd_q;  // the result, read in the fix_q cycle
    end else begin : g_mul
      // The low W bits of the product (the same word for signed and unsigned operands), shift and add: each
      // step adds the multiplicand if the multiplier's low bit is set (a LUT and one W-bit carry chain), then
      // shifts the multiplicand up and the multiplier down. After j steps acc_q holds the multiplicand times
      // the multiplier's low j bits, mcd_q the multiplicand << j and mpl_q the multiplier >> j.
      logic [W-1:0] mcd_q, mcd_d;  // multiplicand, shifted up a bit per step
      logic [W-1:0] mpl_q, mpl_d;  // multiplier, shifted down a bit per step
      logic [W-1:0] acc_q, acc_d;  // the partial product

      always_comb begin : p_mul_next
        mcd_d = mcd_q;
        mpl_d = mpl_q;
        acc_d = acc_q;
        if (elem_en) begin
          mcd_d = next_idx_d;  // the element presented next
          mpl_d = step_d;      // the activation's step
          acc_d = '0;
        end else if (run_q) begin
          acc_d = acc_q + (mcd_q & {W{mpl_q[0]}});
          mcd_d = mcd_q << 1;
          mpl_d = mpl_q >> 1;
        end
      end

      // data: no reset, each read only in the phase that loaded it
      always_ff @(posedge clk) begin : p_mul_data
        mcd_q <= mcd_d;
        mpl_q <= mpl_d;
        acc_q <= acc_d;
      end

      assign upd_new = acc_q;  // the result, read in the fix_q cycle
    end

    assign upd_en  = fix_q;
    assign upd_ok  = ok_q;
  end
  assign zero_step = (step_data == '0);
  assign load_cond = (cont_cond == dfv_pkg::COND_BY_SIGN) ? (step_data[W-1] ? dfv_pkg::COND_GT : dfv_pkg::COND_LT)
                                                 : cont_cond;

  always_comb begin : p_next
    state_d     = state_q;
    next_idx_d  = next_idx_q;
    step_d      = step_q;
    bound_d     = bound_q;
    cond_d      = cond_q;
    stop_d      = stop_q;
    lt_d        = lt_q;
    le_d        = le_q;
    upd_d       = upd_q;
    err_code_d  = err_code_q;

    if (elem_en) begin
      next_idx_d = sel_load ? start_data : upd_q;
      lt_d       = sel_load ? lt_load    : lt_next;
      le_d       = sel_load ? le_load    : le_next;
    end
    if (upd_en) begin
      upd_d = upd_new;
    end
    if (sel_load) begin
      step_d  = step_data;
      bound_d = bound_data;
    end

    if (load) begin
      // New activation (from idle, or in the cycle the previous final element retires).
      state_d     = S_ACTIVE;
      stop_d      = cfg_bad | zero_step;
      cond_d      = load_cond;
      // Sticky error, the lowest non-zero code wins. The held code is one of the stream's two (or
      // none), so no magnitude comparison is needed: CFG (0x003) is below every code and replaces
      // any, ZERO_STEP (0x103) only replaces none. (A 16-bit comparison here was the stream's
      // longest path: step_data -> zero test -> compare -> err_code_q.)
      if (cfg_bad) begin
        err_code_d = dfv_pkg::CFG_DATAFLOW_STREAM_CONT_COND;
      end else if (zero_step && err_code_q == dfv_pkg::ERR_NONE) begin
        err_code_d = dfv_pkg::RT_DATAFLOW_STREAM_ZERO_STEP;
      end
    end else if (retire && !cur_cont) begin
      state_d = S_IDLE;
    end
    // A sent flag is cleared by the element's end as a term of its logic, not a branch: Yosys makes a
    // branch to a constant the flip-flop's synchronous reset (LSR, 0.42 ns of setup on the ECP5). A load
    // needs no term: it happens while idle, when the flags are 0 and no output is valid, or with a retire.
    idx_sent_d  = ~retire & (idx_sent_q  | (idx_valid  & idx_ready));
    cont_sent_d = ~retire & (cont_sent_q | (cont_valid & cont_ready));
  end

  // -----------------------------------------------------------------------------------------------
  // Registers
  // -----------------------------------------------------------------------------------------------
  always_ff @(posedge clk) begin : p_state
    if (rst) begin
      state_q     <= S_IDLE;
      next_idx_q  <= '0;
      step_q      <= '0;
      bound_q     <= '0;
      cond_q      <= dfv_pkg::COND_LT;
      stop_q      <= 1'b0;
      lt_q        <= 1'b0;
      le_q        <= 1'b0;
      upd_q       <= '0;
      idx_sent_q  <= 1'b0;
      cont_sent_q <= 1'b0;
      err_code_q  <= dfv_pkg::ERR_NONE;
    end else begin
      state_q     <= state_d;
      next_idx_q  <= next_idx_d;
      step_q      <= step_d;
      bound_q     <= bound_d;
      cond_q      <= cond_d;
      stop_q      <= stop_d;
      lt_q        <= lt_d;
      le_q        <= le_d;
      upd_q       <= upd_d;
      idx_sent_q  <= idx_sent_d;
      cont_sent_q <= cont_sent_d;
      err_code_q  <= err_code_d;
    end
  end

`ifdef DFV_FORMAL
  `include "dataflow_stream_props.svh"
`endif
endmodule : dataflow_stream
