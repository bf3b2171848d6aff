// one_slot_opaque: an opaque one-slot buffer (Dynamatic's OEHB) in Verilog-2001, named the way Dynamatic names
// its ports, with an active-low reset `rst_n`, as another team's IP would be. A test fixture of `dfv verify-ip`
// (tests/ip/), not part of the kit's RTL; played as the kit's `handshake_fifo` with DEPTH = 1 through
// one_slot_opaque.yaml. The kit's one-slot FIFO registers its ready too and documents 1/2 token per cycle; this
// one passes `outs_ready` back to `ins_ready`, so it claims 1 (`--rate out=1`).
// Parameters: DATA_WIDTH (>= 1); BUG (0: correct; 1: the planted bug the throughput check must catch with
//   the rate claimed: a full slot refuses a token in the cycle its own leaves, half the claimed rate).
// `outs` and `outs_valid` are registers (latency 1); combinational path outs_ready -> ins_ready.
module one_slot_opaque #(
  parameter DATA_WIDTH = 8,
  parameter BUG = 0
) (
  input  wire                  clk,
  input  wire                  rst_n,
  input  wire [DATA_WIDTH-1:0] ins,
  input  wire                  ins_valid,
  output wire                  ins_ready,
  output reg  [DATA_WIDTH-1:0] outs,
  output reg                   outs_valid,
  input  wire                  outs_ready
);
  wire free = ~outs_valid | outs_ready;  // the slot is empty at the end of this cycle unless it takes a token

  assign ins_ready = (BUG == 0) ? free : ~outs_valid;

  always @(posedge clk) begin
    if (!rst_n) begin
      outs_valid <= 1'b0;
    end else if (free) begin
      outs_valid <= ins_valid & ins_ready;
    end
  end

  always @(posedge clk) begin
    if (ins_ready && ins_valid) outs <= ins;
  end
endmodule
