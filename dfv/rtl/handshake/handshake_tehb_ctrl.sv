// handshake_tehb_ctrl: transparent one-slot buffer (a ready cut, "TEHB") for control-only tokens.
// Parameters: none. Ports: in (ctrl) -> out (ctrl).
// Behaviour: empty, it passes a token straight through (out_valid = in_valid); when the output stalls
//   with a token presented, the slot takes that token, in_ready drops, and the slot is presented until
//   it leaves. So in_ready is a register (it breaks the ready path) and the valid path is combinational.
// State: full_q (the slot holds a token). at_init: the slot is empty.
// Combinational paths: in_valid -> out_valid. None from out_ready to in_ready (in_ready = !full_q).
// Latency 0 cycles when empty. Throughput: one token per cycle; order preserved.
module handshake_tehb_ctrl (
  input  logic clk,
  input  logic rst,
  input  logic in_valid,
  output logic in_ready,
  output logic out_valid,
  input  logic out_ready
);
  logic full_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  assign in_ready = ~full_q;
  assign out_valid = full_q | in_valid;
  assign at_init = ~full_q;

  always_ff @(posedge clk) begin : p_full
    if (rst) begin
      full_q <= 1'b0;
    end else begin
      // the token presented stays in the slot while the output stalls, and leaves it when taken
      full_q <= out_valid & ~out_ready;
    end
  end

`ifdef DFV_FORMAL
  `include "handshake_tehb_ctrl_props.svh"
`endif
endmodule
