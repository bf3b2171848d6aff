// handshake_merge_ctrl: merge of N control-only inputs, priority to the lowest-index valid input.
// Parameters: N (number of inputs, >= 1).
// Ports: in[N] (ctrl) -> out (ctrl).
// State: none needed (control tokens carry no data, so a change of the chosen input while out is stalled is
//   invisible: out_valid stays 1 and exactly one input is consumed per transfer). at_init = 1.
// Latency 0. Throughput: one token per cycle.
module handshake_merge_ctrl #(
  parameter int N = 2
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [N-1:0] in_valid,
  output logic [N-1:0] in_ready,
  output logic         out_valid,
  input  logic         out_ready
);
  logic [N-1:0] pick;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  // Glitch-free selection: scratch values are block-local and every signal another process reads
  // is assigned exactly once per pass, and no ready is read here. Under Icarus a default-then-
  // override of a shared valid/data, or a block reading a ready, re-triggers consumers whose
  // ready depends on that valid and can loop at zero delay. Ready logic lives in p_ready.
  always_comb begin : p_select
    logic         f;
    logic [N-1:0] p;
    f = 1'b0;
    for (int i = 0; i < N; i++) begin
      p[i] = in_valid[i] & ~f;
      f = f | in_valid[i];
    end
    pick      = p;
    out_valid = f;
    at_init   = 1'b1;
  end

  always_comb begin : p_ready
    in_ready = out_ready ? pick : '0;
  end
  logic unused;
  assign unused = clk ^ rst;

`ifdef DFV_FORMAL
  `include "handshake_merge_ctrl_props.svh"
`endif
endmodule
