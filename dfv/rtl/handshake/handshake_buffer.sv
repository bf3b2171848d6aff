// handshake_buffer: opaque 2-entry skid buffer (register slice).
// Parameters: W (data width, >= 1).
// Ports: in (W) -> out (W).
// Structure: the control core handshake_buffer_ctrl (u_ctrl) holds the two valid flags and drives every
//   valid/ready; this wrapper holds the two data registers and loads them on the core's handshakes (the
//   pulp common_cells spill_register pattern): the output register when it is free or being emptied
//   (from skid when skid is full, i.e. in_ready is low), skid when the output register stalls and a
//   token comes in.
// State: main_q (output register), skid_q (second entry); their valid flags in u_ctrl. at_init: both
//   entries empty (u_ctrl.at_init).
// No combinational path: out_valid/out_data are registers, in_ready = !skid_valid_q is a register.
// Latency 1 cycle. Throughput: one token per cycle; order preserved.
module handshake_buffer #(
  parameter int W = 32
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
  logic [W-1:0] main_q;
  logic [W-1:0] skid_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  handshake_buffer_ctrl u_ctrl (
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
  assign out_data = main_q;

  // Neither enable reads in_valid: a slot's word is read only while its flag (in u_ctrl) is set, and the
  // edge that sets the flag is one that loads the word, so a word loaded without a token is never seen.
  // skid_q follows in_data while the skid slot is free (its enable is the register in_ready); main_q loads
  // whenever it is free or being emptied, from skid_q while skid holds a token.
  always_ff @(posedge clk) begin : p_data
    if (out_ready || !out_valid) main_q <= in_ready ? in_data : skid_q;
    if (in_ready) skid_q <= in_data;
  end

`ifdef DFV_FORMAL
  `include "handshake_buffer_props.svh"
`endif
endmodule
