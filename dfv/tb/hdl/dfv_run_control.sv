// dfv_run_control: the cycle counter, the progress (quiet) counter and the attention signal that lets
// Python sleep through a run and wake only when it has something to do (dfv/tb/common/sv_bench.py).
//
// Parameters:
//   NPROG  progress inputs (transfers of the channels and memories watched), 1..4096
//   NOUT   outputs that must each transfer at least once for the run to be complete, 1..4096
//   NEVT   log events (an agent's log filled another half), 1..4096
//
// Ports:
//   clk, rst    clock, synchronous active-high reset
//   progress    1 in a cycle a watched transfer happens
//   seen        1: that output transferred at least once since the reset
//   evt         1 in a cycle an agent's log needs draining
//   cycle_q     rising clock edges since time 0 (transfers are logged with its value before the edge:
//               the cycle they happen in)
//   quiet_q     cycles since the last progress (0 in reset)
//   attn_q      toggles at every edge that follows a cycle with an event (Python waits for a change)
//
// Run-time registers (Python): arm (events count only while 1), wake_cycle (an event when cycle_q is
// about to become wake_cycle), probe_period (an event every probe_period cycles of a quiet run: when
// quiet_q is about to become a non-zero multiple of it; 0: none). The other events: the run became
// complete (every `seen` high), and any `evt`.
// Read by Python: progress_q (cycles with progress since the reset).
// Internal: complete_q (the run was complete at the last edge).
// Internal: probe_q, the quiet cycles modulo probe_period.
// testbench code: code coverage is of the RTL under test
/* verilator coverage_off */
module dfv_run_control #(
  parameter int NPROG = 1,
  parameter int NOUT = 1,
  parameter int NEVT = 1
) (
  input  logic             clk,
  input  logic             rst,
  input  logic [NPROG-1:0] progress,
  input  logic [NOUT-1:0]  seen,
  input  logic [NEVT-1:0]  evt,
  output logic [31:0]      cycle_q,
  output logic [31:0]      quiet_q,
  output logic             attn_q
);
  initial begin
    if (NPROG < 1 || NPROG > 4096) $fatal(1, "dfv_run_control: NPROG = %0d out of 1..4096", NPROG);
    if (NOUT < 1 || NOUT > 4096) $fatal(1, "dfv_run_control: NOUT = %0d out of 1..4096", NOUT);
    if (NEVT < 1 || NEVT > 4096) $fatal(1, "dfv_run_control: NEVT = %0d out of 1..4096", NEVT);
  end

  logic        arm = 1'b0;
  logic [31:0] wake_cycle = 32'hffff_ffff;
  logic [31:0] probe_period = 32'd0;

  logic [31:0] progress_q;
  logic        complete_q;
  logic        moved, complete, event_now;
  logic [31:0] quiet_d;
  logic [31:0] probe_q, probe_d;
  logic        probe_now;

  initial begin
    cycle_q = 32'd0;
    attn_q = 1'b0;
  end

  assign moved = |progress;
  assign complete = &seen;
  assign quiet_d = moved ? 32'd0 : quiet_q + 32'd1;
  assign probe_now = !moved && probe_period != 32'd0 && probe_q + 32'd1 == probe_period;
  assign probe_d = (moved || probe_now) ? 32'd0 : probe_q + 32'd1;
  assign event_now = arm && !rst && (cycle_q + 32'd1 == wake_cycle || probe_now
                                     || (complete && !complete_q) || (|evt));

  always_ff @(posedge clk) begin
    cycle_q <= cycle_q + 32'd1;
    attn_q <= attn_q ^ event_now;
    if (rst) begin
      quiet_q <= 32'd0;
      probe_q <= 32'd0;
      progress_q <= 32'd0;
      complete_q <= 1'b0;
    end else begin
      quiet_q <= quiet_d;
      probe_q <= probe_d;
      progress_q <= progress_q + {31'd0, moved};
      complete_q <= complete;
    end
  end
endmodule : dfv_run_control
