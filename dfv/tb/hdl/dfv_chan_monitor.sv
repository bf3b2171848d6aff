// dfv_chan_monitor: watches one valid/ready channel, logs every transfer for Python and checks the
// handshake protocol of a DUT output with the checker the proofs use (dfv_hs_chk); its Python side is
// dfv/tb/common/sv_channel.py's SvChannelMonitor.
//
// Parameters:
//   W          data bits, 1..4096 (a control channel: W = 1 with data tied to 0)
//   DEPTH      transfer-log entries, a power of two, 4..65536
//   IS_OUTPUT  1: a DUT output (protocol checks of the DUT's valid and data); 0: a DUT input
//   IDLE_X     1 (inputs whose source drives X while idle): the DUT's ready must stay known while valid is
//              low (checked on four-state simulators only)
//
// Ports:
//   clk, rst                the clock, synchronous active-high reset
//   data, valid, ready      the channel (all inputs: the monitor is passive)
//   cycle                   the run's cycle counter (dfv_run_control)
//   xfer                    1 in a cycle the channel transfers (combinational)
//   seen_q                  at least one transfer since the reset
//   half                    1 in a cycle whose transfer fills another half of the log (Python drains it)
//
// Read by Python: xfer_log[k mod DEPTH] = {waited[31:0], cycle[31:0], data[W-1:0]} of transfer k (the cycle
// it was sampled in, and the cycles it had been offered before), count_q (transfers since the reset: Python
// drains the log at each `half` and before a reset, so none is overwritten unread), first_valid_q / first_valid_cycle_q (the
// first cycle valid was high since the reset), and per protocol check (drop: valid fell before the token
// was taken; change: data changed while waiting; idlex: ready X while valid low) a count and the first
// occurrence's cycle and values; ready_count_q (cycles ready was high since the reset) and low_count_q /
// low_cycle_q (cycles valid was low since the reset, and the first of them: a producer that must always
// offer, `handshake_source`).
// testbench code: code coverage is of the RTL under test
/* verilator coverage_off */
module dfv_chan_monitor #(
  parameter int W = 1,
  parameter int DEPTH = 64,
  parameter int IS_OUTPUT = 0,
  parameter int IDLE_X = 0
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [W-1:0] data,
  input  logic         valid,
  input  logic         ready,
  input  logic [31:0]  cycle,
  output logic         xfer,
  output logic         seen_q,
  output logic         half
);
  localparam int AW = DEPTH > 1 ? $clog2(DEPTH) : 1;

  initial begin
    if (W < 1 || W > 4096) $fatal(1, "dfv_chan_monitor: W = %0d out of 1..4096", W);
    if (DEPTH < 4 || DEPTH > 65536 || (DEPTH & (DEPTH - 1)) != 0)
      $fatal(1, "dfv_chan_monitor: DEPTH = %0d is not a power of two in 4..65536", DEPTH);
    if (IS_OUTPUT < 0 || IS_OUTPUT > 1) $fatal(1, "dfv_chan_monitor: IS_OUTPUT = %0d is not 0 or 1", IS_OUTPUT);
    if (IDLE_X < 0 || IDLE_X > 1) $fatal(1, "dfv_chan_monitor: IDLE_X = %0d is not 0 or 1", IDLE_X);
  end

  logic [31:0]   count_q;
  logic          drop_now, change_now;  // the protocol rule broken in this cycle (dfv_hs_chk)
  logic [W-1:0]  held_q;     // the data offered in the previous cycle
  logic [31:0]   wait_q;     // cycles the current token has been offered without being taken
  logic          first_valid_q;
  logic [31:0]   drop_count_q, change_count_q, idlex_count_q;
  // read by Python only (through VPI)
  /* verilator lint_off UNUSEDSIGNAL */
  logic [W+63:0] xfer_log [DEPTH];
  logic [31:0]   first_valid_cycle_q;
  logic [31:0]   drop_cycle_q, change_cycle_q, idlex_cycle_q;
  logic [W-1:0]  change_old_q, change_new_q;
  logic [31:0]   ready_count_q, low_count_q, low_cycle_q;
  /* verilator lint_on UNUSEDSIGNAL */
  logic          idle_x_now;

  dfv_hs_chk #(.W(W)) u_rule (.clk(clk), .rst(rst), .f_past(1'b1), .valid(valid), .ready(ready), .data(data),
                               .drop(drop_now), .change(change_now), .held_q(held_q));

  assign xfer = !rst && valid && ready;
  assign half = xfer && (count_q[AW-2:0] == {(AW - 1){1'b1}});

`ifdef VERILATOR
  assign idle_x_now = 1'b0;  // two-state: never X
`else
  assign idle_x_now = IDLE_X != 0 && valid !== 1'b1 && $isunknown(ready);
`endif

  always_ff @(posedge clk) begin
    if (rst) begin
      count_q <= 32'd0;
      wait_q <= 32'd0;
      seen_q <= 1'b0;
      first_valid_q <= 1'b0;
      first_valid_cycle_q <= 32'd0;
      drop_count_q <= 32'd0;
      drop_cycle_q <= 32'd0;
      change_count_q <= 32'd0;
      change_cycle_q <= 32'd0;
      change_old_q <= '0;
      change_new_q <= '0;
      idlex_count_q <= 32'd0;
      idlex_cycle_q <= 32'd0;
      ready_count_q <= 32'd0;
      low_count_q <= 32'd0;
      low_cycle_q <= 32'd0;
    end else begin
      if (ready) ready_count_q <= ready_count_q + 32'd1;
      if (!valid) begin
        if (low_count_q == 32'd0) low_cycle_q <= cycle;
        low_count_q <= low_count_q + 32'd1;
      end
      if (idle_x_now) begin
        if (idlex_count_q == 32'd0) idlex_cycle_q <= cycle;
        idlex_count_q <= idlex_count_q + 32'd1;
      end
      if (valid && !first_valid_q) begin
        first_valid_q <= 1'b1;
        first_valid_cycle_q <= cycle;
      end
      if (drop_now && IS_OUTPUT != 0) begin
        if (drop_count_q == 32'd0) drop_cycle_q <= cycle;
        drop_count_q <= drop_count_q + 32'd1;
      end
      if (valid) begin
        if (change_now && IS_OUTPUT != 0) begin
          if (change_count_q == 32'd0) begin
            change_cycle_q <= cycle;
            change_old_q <= held_q;
            change_new_q <= data;
          end
          change_count_q <= change_count_q + 32'd1;
        end
        if (ready) begin
          xfer_log[count_q[AW-1:0]] <= {wait_q, cycle, data};
          count_q <= count_q + 32'd1;
          seen_q <= 1'b1;
          wait_q <= 32'd0;
        end else begin
          wait_q <= wait_q + 32'd1;
        end
      end
    end
  end
endmodule : dfv_chan_monitor
