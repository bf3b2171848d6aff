// dfv_chan_sink: drives the ready of one DUT output with a seeded pattern, the SystemVerilog
// counterpart of dfv/tb/common/channel.py's ReadyDriver (the consumer modes of dfv/tb/common/traffic.py).
//
// Parameters:
//   GO_WORDS     exact mode: 32-bit words of pattern bits kept, a power of two, 4..65536
//   DELAY_DEPTH  exact mode: AFTER_VALID delays kept, a power of two, 4..65536
//
// Ports:
//   clk, rst   clock, synchronous active-high reset
//   in_valid   the DUT output's valid
//   in_ready   the ready driven back (0 in reset)
//   half       1 in a cycle that uses up another half of go_ram or delay_ram (Python refills)
//   hold       1: the next edge leaves an EAGER ready as it is and uses up no go bit (the edge at which a
//              per-cycle ready driver skips its turn because its test is about to reset the DUT mid-run)
//
// Run-time registers (Python, through VPI):
//   mode   0 EAGER: ready registered from the pattern alone, whatever valid does;
//          1 WHILE_VALID: ready = valid & go, combinational from valid (the same cycles as EAGER takes
//            a token in with the same pattern);
//          2 AFTER_VALID: ready only once valid has been high 1..3 cycles for the current token (a
//            seeded delay per token), and then only when the pattern allows
//   gen.*  the back-pressure pattern (dfv_stall_gen)
//   exact  1: the pattern is the one Python drew with the generator of dfv/tb/common/traffic.py (the exact
//          pattern of the per-cycle ready driver, so a seed gives the same cycles with either agent):
//          go of the k-th cycle out of reset is bit k mod 32 of go_ram[k / 32 mod GO_WORDS], the delay of
//          the j-th AFTER_VALID token is delay_ram[j mod DELAY_DEPTH]; go_avail / delay_avail say how
//          many Python has written (a cycle that needs one more sets underrun_q: Python fell behind)
// Read by Python: pos_q, dpos_q (bits and delays used; a reset does not rewind them, as the Python
// generator does not rewind either), underrun_q.
// testbench code: code coverage is of the RTL under test
/* verilator coverage_off */
module dfv_chan_sink #(
  parameter int GO_WORDS = 64,
  parameter int DELAY_DEPTH = 64
) (
  input  logic clk,
  input  logic rst,
  input  logic in_valid,
  output logic in_ready,
  output logic half,
  input  logic hold
);
  localparam int GW = $clog2(GO_WORDS);
  localparam int DW = $clog2(DELAY_DEPTH);

  initial begin
    if (GO_WORDS < 4 || GO_WORDS > 65536 || (GO_WORDS & (GO_WORDS - 1)) != 0)
      $fatal(1, "dfv_chan_sink: GO_WORDS = %0d is not a power of two in 4..65536", GO_WORDS);
    if (DELAY_DEPTH < 4 || DELAY_DEPTH > 65536 || (DELAY_DEPTH & (DELAY_DEPTH - 1)) != 0)
      $fatal(1, "dfv_chan_sink: DELAY_DEPTH = %0d is not a power of two in 4..65536", DELAY_DEPTH);
  end

  logic [1:0] mode = 2'd0;
  logic       exact = 1'b0;
  /* verilator lint_off UNDRIVEN */
  logic [31:0] go_ram [GO_WORDS];  // written by Python only (through VPI)
  logic [1:0]  delay_ram [DELAY_DEPTH];
  /* verilator lint_on UNDRIVEN */
  logic [31:0] go_avail = 32'd0;
  logic [31:0] delay_avail = 32'd0;
  logic [31:0] pos_q;
  logic [31:0] dpos_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic        underrun_q;  // read by Python only
  /* verilator lint_on UNUSEDSIGNAL */
  logic        gen_go, go, exact_go, draw_delay, gen_half, delay_half;
  logic        rst_q;      // rst in the previous cycle
  logic        resp_rst;   // exact mode: WHILE_VALID and AFTER_VALID wait one more cycle out of reset
  logic        draw_rst;   // no go bit is used up in this cycle
  logic [31:0] go_word;
  logic [1:0]  gen_delay;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] rnd;  // bits 7:0 only (the AFTER_VALID delay)
  /* verilator lint_on UNUSEDSIGNAL */
  logic       eager_q;
  logic [1:0] seen_q;   // AFTER_VALID: cycles the current token has been valid before this one (saturates)
  logic [1:0] delay_q;  // AFTER_VALID: the current token's delay
  logic [1:0] delay;
  logic       after_ok;

  dfv_stall_gen gen (.clk(clk), .rst(rst), .go(gen_go), .rnd(rnd));

  initial begin
    pos_q = 32'd0;
    dpos_q = 32'd0;
    underrun_q = 1'b0;
    rst_q = 1'b1;
  end

  // the per-cycle ready driver sets an EAGER ready at each rising edge out of reset (the first: the edge
  // that releases it) and responds to valid in each cycle after that edge
  assign resp_rst = rst || (exact && rst_q);
  assign draw_rst = mode == 2'd0 ? rst || hold : resp_rst;
  assign go_word = go_ram[pos_q[GW+4:5]];
  assign exact_go = pos_q < go_avail && go_word[pos_q[4:0]];
  assign go = exact ? exact_go : gen_go;
  assign draw_delay = !resp_rst && mode == 2'd2 && in_valid && seen_q == 2'd0;
  assign gen_delay = exact ? delay_ram[dpos_q[DW-1:0]] : 2'd1 + 2'(rnd[7:0] % 8'd3);
  assign delay = (seen_q == 2'd0) ? gen_delay : delay_q;
  assign gen_half = exact && !draw_rst && pos_q[GW+3:0] == {(GW + 4){1'b1}};
  assign delay_half = exact && draw_delay && dpos_q[DW-2:0] == {(DW - 1){1'b1}};
  assign half = gen_half || delay_half;
  assign after_ok = {1'b0, seen_q} + 3'd1 > {1'b0, delay};

  always_comb begin
    case (mode)
      2'd1: in_ready = !resp_rst && in_valid && go;
      2'd2: in_ready = !resp_rst && in_valid && after_ok && go;
      default: in_ready = eager_q;
    endcase
  end

  always_ff @(posedge clk) begin : exact_pos
    rst_q <= rst;
    if (exact && !draw_rst) begin
      pos_q <= pos_q + 32'd1;
      if (pos_q >= go_avail) underrun_q <= 1'b1;
      if (draw_delay) begin
        dpos_q <= dpos_q + 32'd1;
        if (dpos_q >= delay_avail) underrun_q <= 1'b1;
      end
    end
  end

  always_ff @(posedge clk) begin : eager
    eager_q <= rst ? 1'b0 : hold ? eager_q : go;
  end

  always_ff @(posedge clk) begin : after_valid
    if (resp_rst) begin
      seen_q <= 2'd0;
      delay_q <= 2'd1;
    end else begin
      if (!in_valid || in_ready) begin
        seen_q <= 2'd0;
      end else begin
        seen_q <= (seen_q == 2'd3) ? seen_q : seen_q + 2'd1;
        delay_q <= delay;
      end
    end
  end
endmodule : dfv_chan_sink
