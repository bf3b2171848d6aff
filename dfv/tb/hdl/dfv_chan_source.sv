// dfv_chan_source: drives one valid/ready channel into a DUT input from a token RAM filled by Python, with
// seeded idle cycles between the tokens (dfv_stall_gen).
//
// Parameters:
//   W      data bits per token, 1..4096 (a control channel uses W = 1 and leaves out_data unread)
//   DEPTH  token RAM entries, a power of two, 4..65536: Python keeps at most DEPTH tokens unsent
//
// Ports:
//   clk, rst                       clock, synchronous active-high reset
//   out_data, out_valid, out_ready the channel, towards the DUT
//   half                           1 in a cycle whose offer uses up another half of the RAM (Python refills)
//
// Run-time registers (Python, through VPI):
//   ram[k]     token k mod DEPTH
//   wr_count   tokens written so far (Python bumps it after writing the tokens)
//   gen.*      the idle pattern (dfv_stall_gen)
// Read by Python: rd_count_q (tokens put on the channel), valid_q (a token is on offer).
//
// Behaviour: outside reset, when no token is on offer (or the one on offer is taken in this cycle) and
// a written token is left, the next one is offered if the pattern allows, else valid is low. An offered
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
  output logic         half
);
  localparam int AW = DEPTH > 1 ? $clog2(DEPTH) : 1;
  localparam int REP = (W + 31) / 32;

  initial begin
    if (W < 1 || W > 4096) $fatal(1, "dfv_chan_source: W = %0d out of 1..4096", W);
    if (DEPTH < 4 || DEPTH > 65536 || (DEPTH & (DEPTH - 1)) != 0)
      $fatal(1, "dfv_chan_source: DEPTH = %0d is not a power of two in 4..65536", DEPTH);
  end

  /* verilator lint_off UNDRIVEN */
  logic [W-1:0] ram [DEPTH];  // written by Python only (through VPI)
  /* verilator lint_on UNDRIVEN */
  logic [31:0]  wr_count = 32'd0;
  logic         left, take;
  logic [31:0]  rd_count_q;
  logic         valid_q;
  logic [W-1:0] data_q;
  logic         go;
  logic [31:0]  rnd;

  dfv_stall_gen gen (.clk(clk), .rst(rst), .go(go), .rnd(rnd));

  assign out_valid = valid_q;
  assign left = rd_count_q != wr_count;
  assign take = left && go;
  assign half = !rst && (!valid_q || out_ready) && take && rd_count_q[AW-2:0] == {(AW - 1){1'b1}};
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
    end else if (!valid_q || out_ready) begin
      if (take) begin
        valid_q <= 1'b1;
        data_q <= ram[rd_count_q[AW-1:0]];
        rd_count_q <= rd_count_q + 32'd1;
      end else begin
        valid_q <= 1'b0;
      end
    end
  end
endmodule : dfv_chan_source
