// handshake_mux: passes one token of in[sel] to out, chosen by a select token.
// Parameters: W (data width, >= 1), N (number of data inputs, >= 1). SW (select/index width, >= $clog2(N) and >= 1;
//   default the smallest; wider for CIRCT's index-typed selects: every bit is compared, so a select >= N
//   is never matched, and an index is zero-extended).
// Ports: sel (SW bits), in[N] (W, packed) -> out (W).
// Structure: the control core handshake_mux_ctrl (u_ctrl) does every valid/ready; this wrapper only
//   selects the data by sel's low $clog2(N) bits (a select >= N is never valid, so what out_data shows
//   then is not a token: the wider bits stay off the data path; 207 MHz against 173 at SW = 32).
// Stateless (at_init = 1). Fires when sel is valid, sel < N, in[sel] is valid and out is ready; consumes
// sel and in[sel] only. A sel >= N is never consumed (stall). Latency 0. Throughput: one token per cycle.
module handshake_mux #(
  parameter int W = 32,
  parameter int N = 2,
  parameter int SW = (N > 1) ? $clog2(N) : 1
) (
  input  logic           clk,
  input  logic           rst,
  input  logic [SW-1:0]  sel_data,
  input  logic           sel_valid,
  output logic           sel_ready,
  input  logic [N*W-1:0] in_data,
  input  logic [N-1:0]   in_valid,
  output logic [N-1:0]   in_ready,
  output logic [W-1:0]   out_data,
  output logic           out_valid,
  input  logic           out_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  localparam int LW = (N > 1) ? $clog2(N) : 1;  // the select bits that can name an input

  handshake_mux_ctrl #(.N(N), .SW(SW)) u_ctrl (
    .clk(clk),
    .rst(rst),
    .sel_data(sel_data),
    .sel_valid(sel_valid),
    .sel_ready(sel_ready),
    .in_valid(in_valid),
    .in_ready(in_ready),
    .out_valid(out_valid),
    .out_ready(out_ready)
  );
  // simulation only: Yosys (synthesis, formal) resolves no hierarchical name, and nothing in the
  // design reads at_init
`ifndef YOSYS
  assign at_init = u_ctrl.at_init;
`endif

  // out_data is written once per pass (the scratch d takes the default and the override): a default-then-
  // override of a signal that other processes read wakes them twice at zero delay, and under Icarus 11 a
  // loop of such processes never settles (docs/primitives.md, "One write per pass").
  always_comb begin : p_data
    logic [W-1:0] d;
    d = '0;
    for (int i = 0; i < N; i++) begin
      if (sel_data[LW-1:0] == LW'(i)) d = in_data[i*W +: W];
    end
    out_data = d;
  end

`ifdef DFV_FORMAL
  `include "handshake_mux_props.svh"
`endif
endmodule
