// dfv_chan_sink: drives the ready of one DUT output with a seeded pattern (dfv_stall_gen), as one of the
// consumers of dfv/tb/common/traffic.py would.
//
// Parameters: none.
//
// Ports:
//   clk, rst   clock, synchronous active-high reset
//   in_valid   the DUT output's valid
//   in_ready   the ready driven back (0 in reset)
//
// Run-time registers (Python, through VPI):
//   mode   0 EAGER: ready registered from the pattern alone, whatever valid does;
//          1 WHILE_VALID: ready = valid & go, combinational from valid (the same cycles as EAGER takes
//            a token in with the same pattern);
//          2 AFTER_VALID: ready only once valid has been high 1..3 cycles for the current token (a
//            delay per token drawn from the generator), and then only when the pattern allows
//   gen.*  the back-pressure pattern (dfv_stall_gen)
// testbench code: code coverage is of the RTL under test
/* verilator coverage_off */
module dfv_chan_sink (
  input  logic clk,
  input  logic rst,
  input  logic in_valid,
  output logic in_ready
);
  logic [1:0] mode = 2'd0;
  logic       go;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] rnd;  // bits 7:0 only (the AFTER_VALID delay)
  /* verilator lint_on UNUSEDSIGNAL */
  logic       eager_q;
  logic [1:0] seen_q;   // AFTER_VALID: cycles the current token has been valid before this one (saturates)
  logic [1:0] delay_q;  // AFTER_VALID: the current token's delay
  logic [1:0] delay;
  logic       after_ok;

  dfv_stall_gen gen (.clk(clk), .rst(rst), .go(go), .rnd(rnd));

  assign delay = (seen_q == 2'd0) ? 2'd1 + 2'(rnd[7:0] % 8'd3) : delay_q;
  assign after_ok = {1'b0, seen_q} + 3'd1 > {1'b0, delay};

  always_comb begin
    case (mode)
      2'd1: in_ready = !rst && in_valid && go;
      2'd2: in_ready = !rst && in_valid && after_ok && go;
      default: in_ready = eager_q;
    endcase
  end

  always_ff @(posedge clk) begin : eager
    eager_q <= rst ? 1'b0 : go;
  end

  always_ff @(posedge clk) begin : after_valid
    if (rst) begin
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
