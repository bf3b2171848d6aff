// handshake_fifo: DEPTH-entry FIFO with registered outputs.
// Parameters: W (data width, >= 1), DEPTH (entries, >= 1), NINIT (tokens held after reset, 0..DEPTH),
//   INIT (their values, token k at [k*W +: W]; they leave first, in order: CIRCT's `buffer {initValues}`).
// Ports: in (W) -> out (W).
// Structure: the control core handshake_fifo_ctrl (u_ctrl: the token count, every valid/ready) and, here,
//   the storage: mem_q with a circular write pointer wr_q and rn_q, the slot behind the oldest token's,
//   moved by the core's handshakes, and head_q, a copy of the oldest token, so that out_data leaves a
//   register and not a DEPTH-way mux. The refill of head_q reads mem_q at the register rn_q.
//   No data enable reads in_valid: the free slot at wr_q follows in_data while the FIFO is not full, and
//   head_q follows in_data while the FIFO is empty (a word loaded without a token is never read).
//   mem_q stays in LUT RAM (`ram_style = "distributed"`), never in a block RAM: Yosys puts a deep FIFO
//   (42 x 32 bits) in an ECP5 DP16KD, whose read without its output register takes 5.83 ns from the clock in
//   nextpnr's model (a kernel's slowest path, at 112 MHz) and with the register a cycle more of latency.
//   With NINIT > 0 the reset writes NINIT slots at once, which no RAM does: Yosys keeps mem_q in flip-flops
//   (`auto`; asking for LUT RAM there is an error).
// State: mem_q[DEPTH], rn_q, wr_q, head_q here; count_q in u_ctrl. Reset loads the NINIT initial tokens
//   (the first also into head_q).
// at_init: the count is 0 (pointers are not compared: an empty FIFO holds no token whatever its pointers;
// a FIFO with initial tokens is at_init once it holds none, as its golden model once it gave them out).
// No combinational path: out_valid = count != 0, out_data = head_q, in_ready = count != DEPTH.
// Latency 1 cycle. Throughput: one token per cycle for DEPTH >= 2 (DEPTH = 1: one token per 2 cycles).
module handshake_fifo #(
  parameter int W = 32,
  parameter int DEPTH = 2,
  parameter int NINIT = 0,
  // '0 fills DEPTH * W bits; Verilator takes a fill of more than 8k bits for a mistake (WIDTHCONCAT), and a
  // deep or wide one is meant here (a 143-deep FIFO of 64-bit words, a 1k-word memory)
  /* verilator lint_off WIDTHCONCAT */
  parameter logic [DEPTH*W-1:0] INIT = '0,
  /* verilator lint_on WIDTHCONCAT */
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
`ifdef YOSYS  // Icarus refuses an attribute whose value reads a parameter
  (* ram_style = (NINIT == 0) ? "distributed" : "auto" *)
`endif
  logic [W-1:0]  mem_q [DEPTH];
  logic [PW-1:0] rn_q;  // the slot behind the oldest token's
  logic [PW-1:0] wr_q;
  logic [W-1:0]  head_q;
  logic          few_q;  // at most one token held: head_q refills from in_data, not from mem_q
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
  assign out_data = head_q;
  assign push = in_valid & in_ready;
  assign pop = out_valid & out_ready;

  function automatic logic [PW-1:0] next_ptr(input logic [PW-1:0] p);
    if (p == PW'(DEPTH - 1)) next_ptr = '0;
    else next_ptr = p + PW'(1);
  endfunction

  always_ff @(posedge clk) begin : p_ptr
    if (rst) begin
      rn_q <= next_ptr('0);
      wr_q <= PW'(NINIT % DEPTH);
    end else begin
      if (push) wr_q <= next_ptr(wr_q);
      if (pop) rn_q <= next_ptr(rn_q);
    end
  end

  // few_q = (count <= 1), kept here so that head_q's refill selects on one register: a push alone leaves
  // at most one token when none was held; a pop alone when at most two were (two: the slot after rn_q is
  // the write slot)
  always_ff @(posedge clk) begin : p_few
    if (rst) begin
      few_q <= (NINIT <= 1);
    end else if (push && !pop) begin
      few_q <= !out_valid;
    end else if (pop && !push) begin
      few_q <= few_q || wr_q == next_ptr(rn_q);
    end
  end

  // head_q loads when the FIFO is empty or its head leaves: from in_data when at most one token is held
  // (the slot behind the head is then the one being written, it holds no token yet), else from that slot
  always_ff @(posedge clk) begin : p_head
    if (rst) begin
      head_q <= INIT[W-1:0];
    end else if (out_ready || !out_valid) begin
      head_q <= few_q ? in_data : mem_q[rn_q];
    end
  end

  always_ff @(posedge clk) begin : p_mem
    if (rst) begin
      // bounded by DEPTH, not NINIT: no change to the comparison can make the loop run without end
      for (int k = 0; k < DEPTH; k++) if (k < NINIT) mem_q[k] <= INIT[k*W +: W];
    end else if (in_ready) begin
      mem_q[wr_q] <= in_data;
    end
  end

`ifdef DFV_FORMAL
  `include "handshake_fifo_props.svh"
`endif
endmodule
