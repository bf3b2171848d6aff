// dfv_stall_gen: the seeded go/stall pattern of one testbench agent (dfv/tb/hdl): the patterns of
// dfv/tb/common/traffic.py, programmed by dfv/tb/common/sv_bench.py's write_pattern.
//
// Parameters: none (every setting is a run-time register written by Python through VPI, so one build
// of a harness serves every traffic setting).
//
// Ports:
//   clk, rst   clock, synchronous active-high reset (the generator reloads its seed while rst is high)
//   go         1: the agent may transfer in this cycle; 0: it stalls (combinational from the state)
//   rnd        the generator's current 32-bit word, for other seeded choices of the agent (idle garbage,
//              delays); it changes every cycle
//
// Run-time registers (written by Python before the reset is released; read-only for the design):
//   kind       0 full (never stall), 1 random (stall with probability thresh / 65536 in each cycle),
//              2 bursty (alternating go and stall runs, lengths uniform in 1..go_max / 1..stall_max;
//              Python caps stall_max at 24, dfv/tb/common/traffic.py's MAX_STALL_RUN)
//   thresh     stall threshold of `random` (0..65535; 65536: always stall, a test's consumer that stops)
//   go_max, stall_max  longest go / stall run of `bursty` (>= 1)
//   seed       32-bit seed of the xorshift32 generator (non-zero)
//
// Behaviour: the generator (xorshift32: a linear-feedback generator over GF(2), full period 2^32 - 1)
// advances once per cycle outside reset, whether or not the agent uses `go`.
// testbench code: code coverage is of the RTL under test
/* verilator coverage_off */
module dfv_stall_gen (
  input  logic        clk,
  input  logic        rst,
  output logic        go,
  output logic [31:0] rnd
);
  logic [1:0]  kind = 2'd0;
  logic [16:0] thresh = 17'd0;
  logic [15:0] go_max = 16'd1;
  logic [15:0] stall_max = 16'd1;
  logic [31:0] seed = 32'h1234_5678;

  logic [31:0] state_q, state_d;
  logic        stalling_q, stalling_d;
  logic [15:0] left_q, left_d;
  logic [15:0] run_max;
  logic [15:0] run_len;

  function automatic logic [31:0] xorshift(input logic [31:0] x);
    logic [31:0] y;
    y = x ^ (x << 13);
    y = y ^ (y >> 17);
    y = y ^ (y << 5);
    return y;
  endfunction

  assign rnd = state_q;
  assign run_max = stalling_q ? go_max : stall_max;  // the next run is the other kind
  assign run_len = 16'd1 + (state_q[15:0] % (run_max == 16'd0 ? 16'd1 : run_max));

  logic new_run;
  assign new_run = left_q == 16'd0;
  assign stalling_d = (kind == 2'd2 && new_run) ? !stalling_q : stalling_q;
  assign left_d = kind != 2'd2 ? left_q : new_run ? run_len - 16'd1 : left_q - 16'd1;
  assign go = kind == 2'd1 ? {1'b0, state_q[31:16]} >= thresh : kind == 2'd2 ? !stalling_d : 1'b1;
  assign state_d = xorshift(state_q);

  always_ff @(posedge clk) begin
    if (rst) begin
      state_q <= (seed == 32'd0) ? 32'h1 : seed;
      stalling_q <= 1'b1;  // the first run after reset is a go run
      left_q <= 16'd0;
    end else begin
      state_q <= state_d;
      stalling_q <= stalling_d;
      left_q <= left_d;
    end
  end
endmodule : dfv_stall_gen
