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
  logic main_valid_q;
  logic skid_valid_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  assign in_ready = ~skid_valid_q;
  assign out_valid = main_valid_q;
  assign at_init = ~main_valid_q & ~skid_valid_q;

  always_ff @(posedge clk) begin : p_valid
    if (rst) begin
      main_valid_q <= 1'b0;
      skid_valid_q <= 1'b0;
    end else if (out_ready || !main_valid_q) begin
      if (skid_valid_q) begin
        main_valid_q <= 1'b1;
        skid_valid_q <= 1'b0;
      end else begin
        main_valid_q <= in_valid;
      end
    end else if (in_valid && !skid_valid_q) begin
      skid_valid_q <= 1'b1;
    end
  end

`ifdef DFV_FORMAL
  `include "handshake_buffer_ctrl_props.svh"
`endif
endmodule
