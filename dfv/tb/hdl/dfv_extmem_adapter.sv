// dfv_extmem_adapter: another flow's external-memory ports (CIRCT's `handshake-lower-extmem-to-hw`: per load port
// an address channel out and a data channel in, per store port a request channel {address, data} out and a done
// token in) served by one dfv_mem_model (one request channel {we, addr, wdata}, load responses in request order).
//
// Parameters:
//   W           data bits, 1..1024
//   AW          address bits of the memory model's requests, 1..64
//   PAW         address bits of the circuit's ports, 1..AW (zero-extended to AW)
//   NLD, NST    load and store ports, 0..16 each, NLD + NST >= 1 (a count of 0 keeps one port, tied off outside)
//   PEND_DEPTH  loads accepted and not yet answered, a power of two, 2..1024 (a load waits while it is full)
//
// Ports:
//   clk, rst                                         clock, synchronous active-high reset
//   ld_addr, ld_addr_valid, ld_addr_ready            load port k's address channel ([k*PAW +: PAW], bit k)
//   ld_data, ld_data_valid, ld_data_ready            load port k's data channel (one data bus for all, bit k)
//   st_req, st_req_valid, st_req_ready               store port j's requests ([j*(PAW+W) +: PAW+W] = {address, data})
//   st_done_valid, st_done_ready                     store port j's done tokens, one per store taken by the memory
//   req_data, req_valid, req_ready                   requests {we, addr, wdata} to the memory model
//   resp_data, resp_valid, resp_ready                the memory model's load responses, in request order
//
// States: a round-robin arbiter over the NLD + NST requesters (the request it offers is held, valid and data
// stable, until the memory takes it: `lock_q`, `sel_q`), a FIFO of the load ports whose loads are answered next
// (`pend_q`), and per store port a count of done tokens owed (`owed_q`).
// Latency: a request reaches the memory in the cycle it is offered (when the arbiter picks it); a response goes to
// its load port in the cycle the memory presents it; a store's done token is offered from the cycle after the
// memory took the store (the memory applies a request when it takes it).
// Combinational paths: ld_addr_valid / st_req_valid -> req_valid, req_data; req_ready -> ld_addr_ready,
// st_req_ready; resp_valid, resp_data -> ld_data_valid, ld_data; ld_data_ready -> resp_ready.
// testbench code: code coverage is of the RTL under test
/* verilator coverage_off */
module dfv_extmem_adapter #(
  parameter int W = 32,
  parameter int AW = 32,
  parameter int PAW = 32,
  parameter int NLD = 1,
  parameter int NST = 1,
  parameter int PEND_DEPTH = 64,
  localparam int LN = NLD > 0 ? NLD : 1,
  localparam int SN = NST > 0 ? NST : 1
) (
  input  logic                          clk,
  input  logic                          rst,
  input  logic [LN*PAW-1:0]             ld_addr,
  input  logic [LN-1:0]                 ld_addr_valid,
  output logic [LN-1:0]                 ld_addr_ready,
  output logic [W-1:0]                  ld_data,
  output logic [LN-1:0]                 ld_data_valid,
  input  logic [LN-1:0]                 ld_data_ready,
  input  logic [SN*(PAW+W)-1:0]         st_req,
  input  logic [SN-1:0]                 st_req_valid,
  output logic [SN-1:0]                 st_req_ready,
  output logic [SN-1:0]                 st_done_valid,
  input  logic [SN-1:0]                 st_done_ready,
  output logic [AW+W:0]                 req_data,
  output logic                          req_valid,
  input  logic                          req_ready,
  input  logic [W-1:0]                  resp_data,
  input  logic                          resp_valid,
  output logic                          resp_ready
);
  localparam int N = NLD + NST;
  localparam int SW = N > 1 ? $clog2(N) : 1;
  localparam int PA = $clog2(PEND_DEPTH);
  localparam int OW = 16;

  initial begin : check_params
    if (W < 1 || W > 1024) $fatal(1, "dfv_extmem_adapter: W = %0d out of 1..1024", W);
    if (AW < 1 || AW > 64) $fatal(1, "dfv_extmem_adapter: AW = %0d out of 1..64", AW);
    if (PAW < 1 || PAW > AW) $fatal(1, "dfv_extmem_adapter: PAW = %0d out of 1..AW (%0d)", PAW, AW);
    if (NLD < 0 || NLD > 16 || NST < 0 || NST > 16 || N < 1)
      $fatal(1, "dfv_extmem_adapter: NLD = %0d, NST = %0d: 0..16 each, at least one port", NLD, NST);
    if (PEND_DEPTH < 2 || PEND_DEPTH > 1024 || (PEND_DEPTH & (PEND_DEPTH - 1)) != 0)
      $fatal(1, "dfv_extmem_adapter: PEND_DEPTH = %0d is not a power of two in 2..1024", PEND_DEPTH);
  end

  logic          lock_q;             // the offered request was not taken: it is offered again
  logic [SW-1:0] sel_q, prio_q;      // the held requester; the first the round robin looks at
  logic [SW-1:0] pend_q [PEND_DEPTH];
  logic [PA:0]   pend_wr_q, pend_rd_q;
  logic [OW-1:0] owed_q [SN];

  logic          full, empty, take, answer;
  logic [N-1:0]  wants;
  logic [SW-1:0] sel, head;

  assign full = (pend_wr_q - pend_rd_q) == (PA + 1)'(PEND_DEPTH);
  assign empty = pend_wr_q == pend_rd_q;
  assign head = pend_q[pend_rd_q[PA-1:0]];

  // the first requester that wants the memory from `prio` on, round the circle (`prio` when none does)
  function automatic logic [SW-1:0] pick(input logic [N-1:0] want, input logic [SW-1:0] prio);
    int k;
    pick = prio;
    for (int i = N - 1; i >= 0; i--) begin
      k = int'(prio) + i;
      if (k >= N) k = k - N;
      if (want[k]) pick = SW'(k);
    end
  endfunction

  always_comb begin : arbitrate
    for (int i = 0; i < N; i++) begin
      wants[i] = i < NLD ? ld_addr_valid[i] && !full : st_req_valid[i - NLD];
    end
    sel = lock_q ? sel_q : pick(wants, prio_q);
  end

  always_comb begin : request
    logic [PAW-1:0] addr;
    logic [W-1:0] wdata;
    logic we;
    req_valid = lock_q || (wants != '0);
    we = int'(sel) >= NLD;
    addr = '0;
    wdata = '0;
    if (!we) begin
      addr = ld_addr[int'(sel) * PAW +: PAW];
    end else begin
      {addr, wdata} = st_req[(int'(sel) - NLD) * (PAW + W) +: PAW + W];
    end
    req_data = {we, AW'(addr), wdata};
    take = req_valid && req_ready;
    for (int i = 0; i < LN; i++) ld_addr_ready[i] = take && int'(sel) == i && i < NLD;
    for (int j = 0; j < SN; j++) st_req_ready[j] = take && int'(sel) == NLD + j && j < NST;
  end

  always_comb begin : respond
    ld_data = resp_data;
    for (int i = 0; i < LN; i++) ld_data_valid[i] = resp_valid && !empty && int'(head) == i;
    resp_ready = 1'b0;
    for (int i = 0; i < LN; i++) resp_ready = resp_ready || (!empty && int'(head) == i && ld_data_ready[i]);
    answer = resp_valid && resp_ready;
    for (int j = 0; j < SN; j++) st_done_valid[j] = owed_q[j] != '0;
  end

  always_ff @(posedge clk) begin : state
    if (rst) begin
      lock_q <= 1'b0;
      sel_q <= '0;
      prio_q <= '0;
      pend_wr_q <= '0;
      pend_rd_q <= '0;
      for (int j = 0; j < SN; j++) owed_q[j] <= '0;
    end else begin
      lock_q <= req_valid && !req_ready;
      sel_q <= sel;
      if (take) begin
        prio_q <= int'(sel) == N - 1 ? '0 : sel + SW'(1);
        if (int'(sel) < NLD) begin
          pend_q[pend_wr_q[PA-1:0]] <= sel;
          pend_wr_q <= pend_wr_q + 1'b1;
        end
      end
      if (answer) pend_rd_q <= pend_rd_q + 1'b1;
      for (int j = 0; j < SN; j++) begin
        owed_q[j] <= owed_q[j] + OW'(take && int'(sel) == NLD + j) - OW'(st_done_valid[j] && st_done_ready[j]);
      end
    end
  end
endmodule : dfv_extmem_adapter
/* verilator coverage_on */
