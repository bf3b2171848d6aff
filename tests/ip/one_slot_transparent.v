// one_slot_transparent: a transparent one-slot buffer (Dynamatic's TEHB) in Verilog-2001, named the way
// Dynamatic names its ports (`ins` / `ins_valid` / `ins_ready`, `outs` / `outs_valid` / `outs_ready`), with an
// active-low reset `rst_n`, as another team's IP would be. A test fixture of `dfv verify-ip` (tests/ip/), not
// part of the kit's RTL; played as the kit's `handshake_tehb` through one_slot_transparent.yaml.
// Parameters: DATA_WIDTH (>= 1); BUG (0: correct; 1: the planted bug the kit's tehb suite must catch: an empty
//   buffer stores a token before it offers it, one cycle late, instead of passing it straight on).
// A token passes from `ins` to `outs` in the cycle it arrives; when `outs` stalls it is kept in `held` and
// `ins_ready` falls until it leaves. Latency 0; combinational paths ins -> outs, ins_valid -> outs_valid.
module one_slot_transparent #(
  parameter DATA_WIDTH = 8,
  parameter BUG = 0
) (
  input  wire                  clk,
  input  wire                  rst_n,
  input  wire [DATA_WIDTH-1:0] ins,
  input  wire                  ins_valid,
  output wire                  ins_ready,
  output wire [DATA_WIDTH-1:0] outs,
  output wire                  outs_valid,
  input  wire                  outs_ready
);
  reg                  full;  // a stalled token is held
  reg [DATA_WIDTH-1:0] held;
  wire                 pass = (BUG == 0);  // an arriving token is offered in the same cycle

  assign outs_valid = full | (ins_valid & pass);
  assign outs = full ? held : ins;
  assign ins_ready = ~full;

  always @(posedge clk) begin
    if (!rst_n) begin
      full <= 1'b0;
    end else if (full) begin
      if (outs_ready) full <= 1'b0;
    end else if (ins_valid && !(pass && outs_ready)) begin
      full <= 1'b1;
    end
  end

  always @(posedge clk) begin
    if (!full && ins_valid) held <= ins;
  end
endmodule
