// handshake_merge: merge with fixed priority to the lowest-index valid input.
// Parameters: W (data width, >= 1), N (number of inputs, >= 1). SW = N > 1 ? $clog2(N) : 1.
// Ports: in[N] (W, packed) -> out (W).
// State: lock_q/sel_q: the output was offered and not taken, so the choice is held (a lower-index input
//   arriving meanwhile cannot change out_data while out is stalled). at_init: lock_q == 0.
// Behaviour: out_valid = chosen input valid; chosen = sel_q when locked, else the lowest-index valid input;
//   only the chosen input is consumed when out is ready.
// Latency 0 (valid/data combinational; in_ready from out_ready). Throughput: one token per cycle.
module handshake_merge #(
  parameter int W = 32,
  parameter int N = 2,
  localparam int SW = (N > 1) ? $clog2(N) : 1
) (
  input  logic           clk,
  input  logic           rst,
  input  logic [N*W-1:0] in_data,
  input  logic [N-1:0]   in_valid,
  output logic [N-1:0]   in_ready,
  output logic [W-1:0]   out_data,
  output logic           out_valid,
  input  logic           out_ready
);
  logic lock_q;
  logic [SW-1:0] sel_q;
  logic [SW-1:0] chosen;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  // Glitch-free selection: scratch values are block-local and every signal another process reads
  // is assigned exactly once per pass, and no ready is read here. Under Icarus a default-then-
  // override of a shared valid/data, or a block reading a ready, re-triggers consumers whose
  // ready depends on that valid and can loop at zero delay. Ready logic lives in p_ready.
  always_comb begin : p_select
    logic          f;
    logic [SW-1:0] c;
    logic [W-1:0]  d;
    logic          v;
    f = 1'b0;
    c = '0;
    for (int i = 0; i < N; i++) begin
      if (in_valid[i] && !f) c = SW'(i);
      f = f | in_valid[i];
    end
    if (lock_q) c = sel_q;
    d = '0;
    v = 1'b0;
    for (int i = 0; i < N; i++) begin
      if (c == SW'(i)) begin
        v = in_valid[i];
        d = in_data[i*W +: W];
      end
    end
    chosen    = c;
    out_valid = v;
    out_data  = d;
    at_init   = ~lock_q;
  end

  always_comb begin : p_ready
    for (int i = 0; i < N; i++) in_ready[i] = out_valid & out_ready & (chosen == SW'(i));
  end

  always_ff @(posedge clk) begin : p_lock
    if (rst) begin
      lock_q <= 1'b0;
      sel_q <= '0;
    end else begin
      lock_q <= out_valid & ~out_ready;
      sel_q <= chosen;
    end
  end
endmodule
