// zero_delay_loop: a fixture for tests/sim/test_stall_guard.py, not kit RTL. After STALL_AT cycles of its own
// clock it enters a zero-delay loop (a process that re-triggers itself within one time step), so the
// simulator never reaches the next time step: the stall the guard (dfv/tb/common/stall_guard.py) exists for.
// Parameters: STALL_AT (cycles before the loop, >= 1; 0: never loops, the control run).
// Ports: clk, rst (synchronous, active high), count (cycles since reset).
module zero_delay_loop #(
  parameter int STALL_AT = 20
) (
  input  logic        clk,
  input  logic        rst,
  output logic [15:0] count
);
  logic toggle;
  always_ff @(posedge clk) begin : p_count
    if (rst) count <= '0;
    else count <= count + 16'd1;
  end
  initial toggle = 1'b0;
  always @(toggle or count) begin : p_loop
    if (STALL_AT > 0 && count == 16'(STALL_AT)) toggle <= ~toggle;
  end
endmodule
