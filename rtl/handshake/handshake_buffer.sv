// handshake_buffer: opaque 2-entry skid buffer (register slice).
// Parameters: W (data width, >= 1).
// Ports: in (W) -> out (W).
// State: main_valid_q/main_q (the output register), skid_valid_q/skid_q (second entry, filled when the
// output stalls). state_q-free; at_init: both entries empty.
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
  logic         main_valid_q;
  logic [W-1:0] main_q;
  logic         skid_valid_q;
  logic [W-1:0] skid_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  assign in_ready = ~skid_valid_q;
  assign out_valid = main_valid_q;
  assign out_data = main_q;
  assign at_init = ~main_valid_q & ~skid_valid_q;

  always_ff @(posedge clk) begin : p_valid
    if (rst) begin
      main_valid_q <= 1'b0;
      skid_valid_q <= 1'b0;
    end else if (out_ready || !main_valid_q) begin
      // the output register is free (or being emptied): refill it from skid, else from the input
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

  always_ff @(posedge clk) begin : p_data
    if (out_ready || !main_valid_q) begin
      if (skid_valid_q) main_q <= skid_q;
      else if (in_valid) main_q <= in_data;
    end else if (in_valid && !skid_valid_q) begin
      skid_q <= in_data;
    end
  end
endmodule
