// handshake_fifo: DEPTH-entry FIFO with registered outputs.
// Parameters: W (data width, >= 1), DEPTH (entries, >= 1), NINIT (tokens held after reset, 0..DEPTH),
//   INIT (their values, token k at [k*W +: W]; they leave first, in order: CIRCT's `buffer {initValues}`).
// Ports: in (W) -> out (W).
// Structure: the control core handshake_fifo_ctrl (u_ctrl: the token count, every valid/ready) and, here,
//   the storage: mem_q with circular read / write pointers moved by the core's handshakes.
// State: mem_q[DEPTH], rd_q, wr_q here; count_q in u_ctrl. Reset loads the NINIT initial tokens.
// at_init: the count is 0 (pointers are not compared: an empty FIFO holds no token whatever its pointers;
// a FIFO with initial tokens is at_init once it holds none, as its golden model once it gave them out).
// No combinational path: out_valid = count != 0, out_data = mem_q[rd_q], in_ready = count != DEPTH.
// Latency 1 cycle. Throughput: one token per cycle for DEPTH >= 2 (DEPTH = 1: one token per 2 cycles).
module handshake_fifo #(
  parameter int W = 32,
  parameter int DEPTH = 2,
  parameter int NINIT = 0,
  parameter logic [DEPTH*W-1:0] INIT = '0,
  localparam int PW = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [W-1:0] in_data,
  input  logic         in_valid,
  output logic         in_ready,
  output logic [W-1:0] out_data,
  output logic         out_valid,
  input  logic         out_ready
);
  logic [W-1:0]  mem_q [DEPTH];
  logic [PW-1:0] rd_q;
  logic [PW-1:0] wr_q;
  logic push;
  logic pop;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  handshake_fifo_ctrl #(.DEPTH(DEPTH), .NINIT(NINIT)) u_ctrl (
    .clk(clk),
    .rst(rst),
    .in_valid(in_valid),
    .in_ready(in_ready),
    .out_valid(out_valid),
    .out_ready(out_ready)
  );
  // simulation only: Yosys (synthesis, formal) resolves no hierarchical name, and nothing in the
  // design reads at_init
`ifndef YOSYS
  assign at_init = u_ctrl.at_init;
`endif
  assign out_data = mem_q[rd_q];
  assign push = in_valid & in_ready;
  assign pop = out_valid & out_ready;

  function automatic logic [PW-1:0] next_ptr(input logic [PW-1:0] p);
    if (p == PW'(DEPTH - 1)) next_ptr = '0;
    else next_ptr = p + PW'(1);
  endfunction

  always_ff @(posedge clk) begin : p_ptr
    if (rst) begin
      rd_q <= '0;
      wr_q <= PW'(NINIT % DEPTH);
    end else begin
      if (push) wr_q <= next_ptr(wr_q);
      if (pop) rd_q <= next_ptr(rd_q);
    end
  end

  always_ff @(posedge clk) begin : p_mem
    if (rst) begin
      for (int k = 0; k < NINIT; k++) mem_q[k] <= INIT[k*W +: W];
    end else if (push) begin
      mem_q[wr_q] <= in_data;
    end
  end

`ifdef DFV_FORMAL
  `include "handshake_fifo_props.svh"
`endif
endmodule
