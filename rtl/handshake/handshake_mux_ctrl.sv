// handshake_mux_ctrl: passes one control token of in[sel] to out, chosen by a select token.
// Parameters: N (number of control inputs, >= 1). SW = N > 1 ? $clog2(N) : 1.
// Ports: sel (SW bits), in[N] (ctrl) -> out (ctrl).
// Stateless (at_init = 1). Fires when sel is valid, sel < N, in[sel] is valid and out is ready.
// A sel >= N is never consumed. Latency 0. Throughput: one token per cycle.
module handshake_mux_ctrl #(
  parameter int N = 2,
  localparam int SW = (N > 1) ? $clog2(N) : 1
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
  always_comb begin
    out_valid = 1'b0;
    for (int i = 0; i < N; i++) begin
      pick[i] = (sel_data == SW'(i));
      if (pick[i]) out_valid = sel_valid & in_valid[i];
    end
    fire = out_valid & out_ready;
    sel_ready = fire;
    in_ready = fire ? pick : '0;
    at_init = 1'b1;
  end
  logic unused;
  assign unused = clk ^ rst;
endmodule
