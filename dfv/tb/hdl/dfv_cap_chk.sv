// dfv_cap_chk: the flow control of a unit that holds up to `slots` operations (a pipeline's stages, one for
// an iterative unit, stages and output FIFO for a credit-based pipeline): with an operation offered on
// every input, the unit takes it exactly when it has room, that is when it holds fewer than `slots`
// operations or (PASS = 1) its result leaves in the same cycle. A credit-based unit (PASS = 0) has a
// registered input ready: a slot freed by a leaving result is free from the next cycle.
// A unit that refuses with room (a stage that does not take a token while the next one moves: bubbles
// that do not collapse under back-pressure) loses throughput that no scoreboard sees; one that accepts
// without room drops or overwrites an operation. Black-box: it counts the operations in flight from the
// transfers, it does not look inside the unit.
//
// Parameters:
//   NIN    input channels, >= 1
//   SLOTS  how many operations the unit holds, >= 1 (`dfv.tb.common.op_config.OpConfig.slots`: the harness
//          has this check only for a unit that declares it)
//   PASS   1: a full unit takes an operation in the cycle its result leaves; 0: it does not
//          (`OpConfig.passes`)
//
// Ports (all inputs: the checker is passive):
//   clk, rst             clock, synchronous active-high reset (empties the unit: the count restarts at 0)
//   in_valid, in_ready   one bit per input channel (an operation is offered when all are valid, taken when
//                        all transfer: the join of the unit's inputs)
//   out_valid, out_ready its one output channel
//   cycle                the run's cycle counter (dfv_run_control)
//
// Python writes count_q = 0 when a test begins (it is not reset: the findings of a test outlive the
// resets within it) and reads at its end count_q (the cycles that broke the rule), and of the first such
// cycle first_cycle_q, first_held_q (operations in flight then), first_took_q (1: the
// unit took the operation, 0: it refused it), first_leaving_q (its result left in that cycle).
// testbench code: code coverage is of the RTL under test
/* verilator coverage_off */
module dfv_cap_chk #(
  parameter int NIN = 1,
  parameter int SLOTS = 1,
  parameter bit PASS = 1'b1
) (
  input  logic           clk,
  input  logic           rst,
  input  logic [NIN-1:0] in_valid,
  input  logic [NIN-1:0] in_ready,
  input  logic           out_valid,
  input  logic           out_ready,
  input  logic [31:0]    cycle
);
  initial begin
    if (NIN < 1) $fatal(1, "dfv_cap_chk: NIN = %0d is below 1", NIN);
    if (SLOTS < 1) $fatal(1, "dfv_cap_chk: SLOTS = %0d is below 1", SLOTS);
  end

  logic [31:0] held_q;  // operations taken and not delivered
  logic offered, took, leaving, room, wrong;
  // read by Python only (through VPI)
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] count_q;
  logic [31:0] first_cycle_q, first_held_q;  // read only when count_q is not 0: set with its first count
  logic first_took_q, first_leaving_q;
  /* verilator lint_on UNUSEDSIGNAL */

  assign offered = &in_valid;
  assign took = &(in_valid & in_ready);
  assign leaving = out_valid & out_ready;
  assign room = (held_q < 32'(SLOTS)) | (PASS & leaving);
  assign wrong = !rst && offered && (took != room);

  always_ff @(posedge clk) begin : count
    if (rst) begin
      held_q <= 32'd0;
    end else begin
      held_q <= held_q + {31'd0, took} - {31'd0, leaving};
    end
  end

  always_ff @(posedge clk) begin : first
    if (wrong) begin
      count_q <= count_q + 32'd1;
      if (count_q == 32'd0) begin
        first_cycle_q <= cycle;
        first_held_q <= held_q;
        first_took_q <= took;
        first_leaving_q <= leaving;
      end
    end
  end
endmodule : dfv_cap_chk
