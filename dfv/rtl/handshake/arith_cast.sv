// arith_cast: MLIR integer casts.
// Parameters: IW (input width), OW (output width), KIND (0 index_cast, 1 extsi, 2 extui, 3 trunci,
//   4 index_castui). Widening sign-extends for KIND 0, 1, 3 and zero-extends for KIND 2, 4;
//   narrowing keeps the low OW bits for every KIND.
// Ports: in (IW) -> out (OW).
// Stateless (at_init = 1). Latency 0: out_valid = in_valid, in_ready = out_ready. Throughput: one/cycle.
module arith_cast #(
  parameter int IW = 32,
  parameter int OW = 64,
  parameter int KIND = 0
) (
  input  logic          clk,
  input  logic          rst,
  input  logic [IW-1:0] in_data,
  input  logic          in_valid,
  output logic          in_ready,
  output logic [OW-1:0] out_data,
  output logic          out_valid,
  input  logic          out_ready
);
  localparam bit SIGNED_EXT = (KIND == dfv_pkg::CAST_INDEX_CAST) || (KIND == dfv_pkg::CAST_EXTSI) || (KIND == dfv_pkg::CAST_TRUNCI);
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  assign at_init = 1'b1;
  assign out_valid = in_valid;
  assign in_ready = out_ready;

  if (OW > IW) begin : g_widen
    logic fill;
    assign fill = SIGNED_EXT ? in_data[IW-1] : 1'b0;
    assign out_data = {{(OW-IW){fill}}, in_data};
  end else if (OW == IW) begin : g_same
    assign out_data = in_data;
  end else begin : g_narrow
    assign out_data = in_data[OW-1:0];
    logic unused_hi;
    assign unused_hi = ^in_data[IW-1:OW];
  end
  logic unused;
  assign unused = clk ^ rst;

`ifdef DFV_FORMAL
  `include "arith_cast_props.svh"
`endif
endmodule
