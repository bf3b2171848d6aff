// handshake_mux_ctrl: passes one control token of in[sel] to out, chosen by a select token.
// Parameters: N (number of control inputs, >= 1). SW (select/index width, >= $clog2(N) and >= 1;
//   default the smallest; wider for CIRCT's index-typed selects: every bit is compared, so a select >= N
//   is never matched, and an index is zero-extended).
// Ports: sel (SW bits), in[N] (ctrl) -> out (ctrl).
// Stateless (at_init = 1). Fires when sel is valid, sel < N, in[sel] is valid and out is ready.
// A sel >= N is never consumed. Latency 0. Throughput: one token per cycle.
// Structure: in[i] is picked when sel's low $clog2(N) bits are i and the bits above them are all 0 (the
//   borrow of their decrement, one carry chain: a tree of LUTs was the path at SW = 32); in_ready[i] is
//   pick[i] & sel_valid & out_ready, not through out_valid's OR of the inputs' valids (pick is one-hot, so
//   in[i] is consumed, in_valid[i] & in_ready[i], exactly when the output fires with sel = i; a ready
//   without a valid moves nothing).
// Combinational paths: sel_data, sel_valid, in_valid -> out_valid, sel_ready; sel_data, sel_valid ->
//   in_ready; out_ready -> sel_ready, in_ready.
module handshake_mux_ctrl #(
  parameter int N = 2,
  parameter int SW = (N > 1) ? $clog2(N) : 1
) (
  input  logic          clk,
  input  logic          rst,
  input  logic [SW-1:0] sel_data,
  input  logic          sel_valid,
  output logic          sel_ready,
  input  logic [N-1:0]  in_valid,
  output logic [N-1:0]  in_ready,
  output logic          out_valid,
  input  logic          out_ready
);
  logic [N-1:0] pick;
  logic fire;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  localparam int LW = (N > 1) ? $clog2(N) : 1;  // the select bits that can name an input
  logic hi_zero;
  if (SW > LW) begin : g_hi
    logic [SW-LW:0] dec;
    assign dec = {1'b0, sel_data[SW-1:LW]} - 1'b1;  // borrows out exactly when the high bits are all 0
    assign hi_zero = dec[SW-LW];
  end else begin : g_no_hi
    assign hi_zero = 1'b1;
  end

  // Glitch-free selection: scratch values are block-local and every signal another process reads
  // is assigned exactly once per pass, and no ready is read here. Under Icarus a default-then-
  // override of a shared valid/data, or a block reading a ready, re-triggers consumers whose
  // ready depends on that valid and can loop at zero delay. Ready logic lives in p_ready.
  always_comb begin : p_select
    logic         v;
    logic [N-1:0] p;
    v = 1'b0;
    for (int i = 0; i < N; i++) begin
      p[i] = hi_zero & (sel_data[LW-1:0] == LW'(i));
      if (p[i]) v = sel_valid & in_valid[i];
    end
    pick      = p;
    out_valid = v;
    at_init   = 1'b1;
  end

  always_comb begin : p_ready
    fire = out_valid & out_ready;
    sel_ready = fire;
    in_ready = (sel_valid & out_ready) ? pick : '0;
  end
  logic unused;
  assign unused = clk ^ rst;

`ifdef DFV_FORMAL
  `include "handshake_mux_ctrl_props.svh"
`endif
endmodule
