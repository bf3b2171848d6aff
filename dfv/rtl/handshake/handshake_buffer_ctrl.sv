// handshake_buffer_ctrl: opaque 2-entry skid buffer for control-only tokens.
// Parameters: none. Ports: in (ctrl) -> out (ctrl).
// State: main_valid_q, skid_valid_q. at_init: both empty.
// No combinational path: out_valid and in_ready are registers. Latency 1. Throughput: one token per cycle.
module handshake_buffer_ctrl (
  input  logic clk,
  input  logic rst,
  input  logic in_valid,
  output logic in_ready,
  output logic out_valid,
  input  logic out_ready
);
  logic main_valid_q, main_valid_d;
  logic skid_valid_q, skid_valid_d;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  assign in_ready = ~skid_valid_q;
  assign out_valid = main_valid_q;
  assign at_init = ~main_valid_q & ~skid_valid_q;

  // The next flags are written as logic, not as branches: Yosys makes a branch to a constant the
  // flip-flop's synchronous reset (LSR, 0.42 ns of setup on the ECP5) and a hold its clock enable, both
  // fed by out_ready, the end of the downstream's ready path; as terms of the data input, out_ready is
  // one LUT from the flip-flop and LSR carries rst alone.
  //   main: full unless its token leaves with none behind it (the skid token or a new one moves in);
  //   skid: fills when main keeps its token and a new one arrives, empties when main's token leaves.
  assign main_valid_d = (main_valid_q & ~out_ready) | skid_valid_q | in_valid;
  assign skid_valid_d = main_valid_q & ~out_ready & (skid_valid_q | in_valid);

  always_ff @(posedge clk) begin : p_valid
    if (rst) begin
      main_valid_q <= 1'b0;
      skid_valid_q <= 1'b0;
    end else begin
      main_valid_q <= main_valid_d;
      skid_valid_q <= skid_valid_d;
    end
  end

`ifdef DFV_FORMAL
  `include "handshake_buffer_ctrl_props.svh"
`endif
endmodule
