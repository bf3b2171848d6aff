// elastic_buffer: a two-slot elastic buffer (a circular FIFO of depth 2) in the `ins` / `outs` naming of
// Dynamatic and CIRCT, with no idle flag: another team's buffer, a test fixture of the kit's port maps
// (tests/ip/), not part of the kit's RTL.
// Parameters: DATA_WIDTH (>= 1), BUG (0: correct; the planted bugs the kit's buffer suite must catch:
//   1: a slot is written whenever `ins_valid` is high, not only on a handshake, so a full buffer overwrites
//   its oldest token with one it did not accept; 2: the buffer offers its token only every other cycle, so
//   valid falls before a stalled token is taken, though every token arrives intact).
// Opaque: ins_ready = a slot is free, outs_valid = a slot is full, both registered. Latency 1 cycle,
// one token per cycle.
module elastic_buffer #(
  parameter int DATA_WIDTH = 8,
  parameter int BUG = 0
) (
  input  logic                  clk,
  input  logic                  rst,
  input  logic [DATA_WIDTH-1:0] ins,
  input  logic                  ins_valid,
  output logic                  ins_ready,
  output logic [DATA_WIDTH-1:0] outs,
  output logic                  outs_valid,
  input  logic                  outs_ready
);
  logic [DATA_WIDTH-1:0] slot_q [2];
  logic                  head_q, tail_q;  // next slot to read, next slot to write
  logic [1:0]            count_q;
  logic                  phase_q;  // BUG 2 offers in the cycles it is 1
  logic                  push, pop, write;

  assign ins_ready = count_q != 2'd2;
  assign outs_valid = count_q != 2'd0 && (BUG != 2 || phase_q);
  assign outs = slot_q[head_q];
  assign push = ins_valid && ins_ready;
  assign pop = outs_valid && outs_ready;
  assign write = BUG == 1 ? ins_valid : push;

  always_ff @(posedge clk) begin : pointers
    if (rst) begin
      head_q <= 1'b0;
      tail_q <= 1'b0;
      count_q <= 2'd0;
      phase_q <= 1'b0;
    end else begin
      phase_q <= !phase_q;
      head_q <= head_q ^ pop;
      tail_q <= tail_q ^ push;
      count_q <= count_q + {1'b0, push} - {1'b0, pop};
    end
  end

  always_ff @(posedge clk) begin : slots
    if (write) begin
      slot_q[tail_q] <= ins;
    end
  end
endmodule
