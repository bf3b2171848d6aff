// dfv_change_log: logs the changes of one 1-bit DUT signal, cycle by cycle, for Python (`at_init`, read by
// dfv/tb/common/init_state.py's AtInitTrace).
//
// Parameters:
//   DEPTH  log entries, a power of two, 4..65536
//
// Ports:
//   clk, rst  clock, synchronous active-high reset (the first cycle out of reset is always logged)
//   value     the signal watched (X or Z is logged as such on four-state simulators)
//   cycle     the run's cycle counter (dfv_run_control)
//   half      1 in a cycle whose entry fills another half of the log (Python drains it)
//
// Read by Python: log[k mod DEPTH] = {unknown, value, cycle[31:0]} of change k (the cycle sampled, the
// value then, and whether it was X or Z), count_q (changes since the reset: Python drains the log at each
// `half` and before a reset, so none is overwritten unread).
// testbench code: code coverage is of the RTL under test
/* verilator coverage_off */
module dfv_change_log #(
  parameter int DEPTH = 64
) (
  input  logic        clk,
  input  logic        rst,
  input  logic        value,
  input  logic [31:0] cycle,
  output logic        half
);
  localparam int AW = $clog2(DEPTH);

  initial begin
    if (DEPTH < 4 || DEPTH > 65536 || (DEPTH & (DEPTH - 1)) != 0)
      $fatal(1, "dfv_change_log: DEPTH = %0d is not a power of two in 4..65536", DEPTH);
  end

  logic [31:0] count_q;
  logic        have_q;  // a value was logged since the reset
  logic [1:0]  last_q;  // {unknown, value} of the last cycle
  logic [1:0]  now;
  logic        change;
  // read by Python only (through VPI)
  /* verilator lint_off UNUSEDSIGNAL */
  logic [33:0] log [DEPTH];
  /* verilator lint_on UNUSEDSIGNAL */

`ifdef VERILATOR
  assign now = {1'b0, value};  // two-state: never X
`else
  assign now = $isunknown(value) ? 2'b10 : {1'b0, value};
`endif
  assign change = !rst && (!have_q || now != last_q);
  assign half = change && count_q[AW-2:0] == {(AW - 1){1'b1}};

  always_ff @(posedge clk) begin : record
    if (rst) begin
      count_q <= 32'd0;
      have_q <= 1'b0;
      last_q <= 2'b00;
    end else if (change) begin
      log[count_q[AW-1:0]] <= {now, cycle};
      count_q <= count_q + 32'd1;
      have_q <= 1'b1;
      last_q <= now;
    end
  end
endmodule : dfv_change_log
