// dfv_chan_source: drives one valid/ready channel into a DUT input from a token RAM filled by Python,
// the SystemVerilog counterpart of dfv/tb/common/channel.py's ChannelDriver.
//
// Parameters:
//   W      data bits per token, 1..4096 (a control channel uses W = 1 and leaves out_data unread)
//   DEPTH  token RAM entries, a power of two, 4..65536: Python keeps at most DEPTH tokens unsent
//
// Ports:
//   clk, rst                       clock, synchronous active-high reset
//   out_data, out_valid, out_ready the channel, towards the DUT
//   half                           1 in a cycle whose offer uses up another half of the RAM (Python refills)
//   hold                           1: the next edge changes nothing (no offer, no idle cycle counted, a token
//                                  taken stays on offer): the edge at which a per-cycle driver skips its turn
//                                  because its test is about to reset the DUT mid-run
//
// Run-time registers (Python, through VPI):
//   ram[k]     token k mod DEPTH: {gap[15:0], data[W-1:0]}, gap (gap mode) the idle cycles before it is offered
//   wr_count   tokens written so far (Python bumps it after writing the tokens)
//   gap_mode   0: idle cycles from the pattern of gen.* (dfv_stall_gen); 1: from the gaps, the idle cycles
//              Python drew for each token with the generator of dfv/tb/common/traffic.py (the exact pattern of
//              the per-cycle driver, so a seed gives the same cycles with either agent)
//   gen.*      the idle pattern (dfv_stall_gen)
// Read by Python: rd_count_q (tokens put on the channel), valid_q (a token is on offer), idle_q (gap mode:
// idle cycles spent so far before the next token).
//
// Behaviour: outside reset, when no token is on offer (or the one on offer is taken in this cycle) and
// a written token is left, the next one is offered if the pattern allows (gap mode: once idle_q reached
// its gap; each such cycle that offers nothing counts one idle cycle), else valid is low. An offered
// token is held, valid high with stable data, until the DUT takes it. While valid is low the data lines
// carry don't-care values, as a real producer's may: X on a four-state simulator (Icarus), the
// generator's fresh garbage on Verilator (two-state), so a DUT that uses data without valid is caught
// on both. Reset drops every token not yet offered and the one on offer (rd_count_q catches up with
// wr_count).
// testbench code: code coverage is of the RTL under test
/* verilator coverage_off */
module dfv_chan_source #(
  parameter int W = 1,
  parameter int DEPTH = 16
) (
  input  logic         clk,
  input  logic         rst,
  output logic [W-1:0] out_data,
  output logic         out_valid,
  input  logic         out_ready,
  output logic         half,
  input  logic         hold
);
  localparam int AW = DEPTH > 1 ? $clog2(DEPTH) : 1;
  localparam int REP = (W + 31) / 32;

  initial begin
    if (W < 1 || W > 4096) $fatal(1, "dfv_chan_source: W = %0d out of 1..4096", W);
    if (DEPTH < 4 || DEPTH > 65536 || (DEPTH & (DEPTH - 1)) != 0)
      $fatal(1, "dfv_chan_source: DEPTH = %0d is not a power of two in 4..65536", DEPTH);
  end

  /* verilator lint_off UNDRIVEN */
  logic [W+15:0] ram [DEPTH];  // written by Python only (through VPI)
  /* verilator lint_on UNDRIVEN */
  logic [31:0]   wr_count = 32'd0;
  logic          gap_mode = 1'b0;
  logic [15:0]   idle_q;
  logic          left, take;
  logic [W+15:0] head;
  logic [31:0]   rd_count_q;
  logic          valid_q;
  logic [W-1:0]  data_q;
  logic          go;
  logic [31:0]   rnd;

  dfv_stall_gen gen (.clk(clk), .rst(rst), .go(go), .rnd(rnd));

  assign out_valid = valid_q;
  assign left = rd_count_q != wr_count;
  assign head = ram[rd_count_q[AW-1:0]];
  assign take = gap_mode ? idle_q == head[W+15:W] : go;
  assign half = !rst && !hold && (!valid_q || out_ready) && left && take && rd_count_q[AW-2:0] == {(AW - 1){1'b1}};
`ifdef VERILATOR
  /* verilator lint_off UNUSEDSIGNAL */
  logic [REP*32-1:0] garbage;
  /* verilator lint_on UNUSEDSIGNAL */
  assign garbage = {REP{rnd}};
  assign out_data = valid_q ? data_q : garbage[W-1:0];
`else
  assign out_data = valid_q ? data_q : {W{1'bx}};
`endif

  always_ff @(posedge clk) begin
    if (rst) begin
      valid_q <= 1'b0;
      rd_count_q <= wr_count;
      idle_q <= 16'd0;
    end else if (!hold && (!valid_q || out_ready)) begin
      if (left && take) begin
        valid_q <= 1'b1;
        data_q <= head[W-1:0];
        rd_count_q <= rd_count_q + 32'd1;
        idle_q <= 16'd0;
      end else begin
        valid_q <= 1'b0;
        if (left) idle_q <= idle_q + 16'd1;
      end
    end
  end
endmodule : dfv_chan_source
