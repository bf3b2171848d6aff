// handshake_store: memory store access port (spec 004): store(addr, data, ctrl) -> (data_to_mem, addr_to_mem).
// Parameters: W (data width), AW (address width).
// Ports: addr (AW), data (W), ctrl (ctrl) -> data_to_mem (W), addr_to_mem (AW).
// State: sent_q[0] = data_to_mem already transferred, sent_q[1] = addr_to_mem already transferred
//   (eager fork of the joined inputs). at_init: sent_q == 0.
// When addr, data and ctrl are all valid both outputs are offered; each is transferred exactly once; the
// three inputs are consumed when both outputs are done. Latency 0 (valid/data combinational, input readies
// from the output readies). Throughput: one token per cycle.
module handshake_store #(
  parameter int W = 32,
  parameter int AW = 32
) (
  input  logic          clk,
  input  logic          rst,
  input  logic [AW-1:0] addr_data,
  input  logic          addr_valid,
  output logic          addr_ready,
  input  logic [W-1:0]  data_data,
  input  logic          data_valid,
  output logic          data_ready,
  input  logic          ctrl_valid,
  output logic          ctrl_ready,
  output logic [W-1:0]  data_to_mem_data,
  output logic          data_to_mem_valid,
  input  logic          data_to_mem_ready,
  output logic [AW-1:0] addr_to_mem_data,
  output logic          addr_to_mem_valid,
  input  logic          addr_to_mem_ready
);
  logic [1:0] sent_q;
  logic all_in;
  logic consume;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  logic data_sent;
  logic addr_sent;
  assign data_sent = sent_q[0];
  assign addr_sent = sent_q[1];

  always_comb begin
    all_in = addr_valid & data_valid & ctrl_valid;
    data_to_mem_data = data_data;
    addr_to_mem_data = addr_data;
    data_to_mem_valid = all_in & ~data_sent;
    addr_to_mem_valid = all_in & ~addr_sent;
    consume = all_in & (data_sent | data_to_mem_ready) & (addr_sent | addr_to_mem_ready);
    addr_ready = consume;
    data_ready = consume;
    ctrl_ready = consume;
    at_init = (sent_q == 2'b00);
  end

  always_ff @(posedge clk) begin : p_sent
    if (rst) begin
      sent_q <= 2'b00;
    end else if (consume) begin
      sent_q <= 2'b00;
    end else if (all_in) begin
      sent_q <= sent_q | {addr_to_mem_ready, data_to_mem_ready};
    end
  end

`ifdef DFV_FORMAL
  `include "handshake_store_props.svh"
`endif
endmodule
