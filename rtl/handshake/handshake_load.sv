// handshake_load: memory load access port (spec 004): load(addr, data_from_mem, ctrl) -> (data, addr_to_mem).
// Parameters: W (data width), AW (address width).
// Ports: addr (AW), data_from_mem (W), ctrl (ctrl) -> data (W), addr_to_mem (AW).
// Two independent stateless paths (at_init = 1):
//   addr + ctrl -> addr_to_mem: fires when addr and ctrl are valid and addr_to_mem is ready (joins both);
//   data_from_mem -> data: pass-through.
// Latency 0 on both paths. Throughput: one token per cycle on each path.
module handshake_load #(
  parameter int W = 32,
  parameter int AW = 32
) (
  input  logic          clk,
  input  logic          rst,
  input  logic [AW-1:0] addr_data,
  input  logic          addr_valid,
  output logic          addr_ready,
  input  logic [W-1:0]  data_from_mem_data,
  input  logic          data_from_mem_valid,
  output logic          data_from_mem_ready,
  input  logic          ctrl_valid,
  output logic          ctrl_ready,
  output logic [W-1:0]  data_data,
  output logic          data_valid,
  input  logic          data_ready,
  output logic [AW-1:0] addr_to_mem_data,
  output logic          addr_to_mem_valid,
  input  logic          addr_to_mem_ready
);
  logic fire;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  always_comb begin
    addr_to_mem_data = addr_data;
    addr_to_mem_valid = addr_valid & ctrl_valid;
    fire = addr_to_mem_valid & addr_to_mem_ready;
    addr_ready = fire;
    ctrl_ready = fire;
    data_data = data_from_mem_data;
    data_valid = data_from_mem_valid;
    data_from_mem_ready = data_ready;
    at_init = 1'b1;
  end
  logic unused;
  assign unused = clk ^ rst;
endmodule
