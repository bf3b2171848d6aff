// handshake_load: memory load access port (spec 004): load(addr, data_from_mem, ctrl) -> (data, addr_to_mem).
// Parameters: W (data width, >= 1), AW (address width, >= 1), EW (width of the address's downstream extra
//   signals, spec 003, >= 0; 0 = a plain address), XDEPTH (extras FIFO entries, >= 1; used when EW > 0).
// Ports: addr (AW + EW: extras above the address), data_from_mem (W), ctrl (ctrl)
//   -> data (W + EW: the address's extras above the data), addr_to_mem (AW).
// Two stateless paths when EW = 0 (at_init = 1):
//   addr + ctrl -> addr_to_mem: fires when addr and ctrl are valid and addr_to_mem is ready (joins both);
//   data_from_mem -> data: pass-through.
// EW > 0 (the specs README: a load forwards its address's extras to the data it returns): the extras of
//   every address sent wait in a handshake_fifo (u_extras); each data word leaves with the oldest ones. The
//   address path also needs room in that FIFO (at most XDEPTH addresses in flight), the data path needs an
//   entry in it. State: the FIFO; at_init = the FIFO is empty.
// Latency 0 on both paths. Combinational paths: addr_valid/ctrl_valid -> addr_to_mem_valid,
//   addr_to_mem_ready -> addr_ready/ctrl_ready, data_from_mem_valid -> data_valid, data_ready ->
//   data_from_mem_ready. Throughput: one token per cycle on each path (EW > 0: XDEPTH >= 2 for that while
//   a data word is outstanding).
module handshake_load #(
  parameter int W = 32,
  parameter int AW = 32,
  parameter int EW = 0,
  parameter int XDEPTH = 2
) (
  input  logic             clk,
  input  logic             rst,
  input  logic [AW+EW-1:0] addr_data,
  input  logic             addr_valid,
  output logic             addr_ready,
  input  logic [W-1:0]     data_from_mem_data,
  input  logic             data_from_mem_valid,
  output logic             data_from_mem_ready,
  input  logic             ctrl_valid,
  output logic             ctrl_ready,
  output logic [W+EW-1:0]  data_data,
  output logic             data_valid,
  input  logic             data_ready,
  output logic [AW-1:0]    addr_to_mem_data,
  output logic             addr_to_mem_valid,
  input  logic             addr_to_mem_ready
);
  logic fire;
  logic x_room;   // the extras FIFO can take the extras of one more address (always, when EW = 0)
  logic x_valid;  // the extras of the oldest address in flight are there (always, when EW = 0)
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  if (EW == 0) begin : g_plain
    assign x_room = 1'b1;
    assign x_valid = 1'b1;
    assign data_data = data_from_mem_data;
    assign at_init = 1'b1;
    logic unused;
    assign unused = clk ^ rst;
  end else begin : g_extras
    logic [EW-1:0] x_data;
    logic x_at_init;
    handshake_fifo #(.W(EW), .DEPTH(XDEPTH)) u_extras (
      .clk(clk),
      .rst(rst),
      .in_data(addr_data[AW+EW-1:AW]),
      .in_valid(fire),
      .in_ready(x_room),
      .out_data(x_data),
      .out_valid(x_valid),
      .out_ready(data_valid & data_ready)
    );
    // simulation only: Yosys (synthesis, formal) resolves no hierarchical name, and nothing in the
    // design reads x_at_init
`ifndef YOSYS
    assign x_at_init = u_extras.at_init;
`endif
    assign data_data = {x_data, data_from_mem_data};
    assign at_init = x_at_init;
  end

  always_comb begin : p_paths
    addr_to_mem_data = addr_data[AW-1:0];
    addr_to_mem_valid = addr_valid & ctrl_valid & x_room;
    fire = addr_to_mem_valid & addr_to_mem_ready;
    addr_ready = fire;
    ctrl_ready = fire;
    data_valid = data_from_mem_valid & x_valid;
    data_from_mem_ready = data_ready & x_valid;
  end

`ifdef DFV_FORMAL
  `include "handshake_load_props.svh"
`endif
endmodule
