// dfv_mem_model: the external memory behind a `handshake_extmemory` boundary (mem_req / mem_resp); its
// Python side is dfv/tb/common/sv_memory.py's SvMemoryModel.
//
// Parameters:
//   W           data bits, 1..1024
//   AW          address bits, 1..64
//   SIZE        words of contents, 1..2^20 and at most 2^AW (addresses at or above SIZE read 0 and
//               ignore stores; the request log still shows them, for the scoreboard's range check)
//   LOG_DEPTH   entries of the request log and of the response log, a power of two, 4..65536
//   PEND_DEPTH  loads accepted and not yet presented, a power of two, 2..65536
//   NAME        a string naming the instance's files in the folder of plusarg +dfv_files=<folder> (else the
//               simulator's working folder; a tmpfs folder makes the dumps cheap): <NAME>.load.hex
//               (contents to load), <NAME>.mem.hex / .req.hex / .resp.hex (dumps)
//
// Ports:
//   clk, rst                              clock, synchronous active-high reset
//   cycle                                 the run's cycle counter (dfv_run_control)
//   req_data, req_valid, req_ready        requests {we, addr, wdata} from the DUT
//   resp_data, resp_valid, resp_ready     load responses to the DUT, in request order
//   req_xfer, resp_xfer                   1 in a cycle a request / a response transfers
//   half                                  1 in a cycle that fills another half of either log
//
// Run-time registers (Python, through VPI): load_cmd (a change loads mem from <NAME>.load.hex at the next
// rising edge: contents loaded before the run; kept across resets, like a real memory), dump_cmd (a
// change writes the request and response logs, and with dump_mem set the contents, to
// <NAME>.req.hex / .resp.hex / .mem.hex at the next rising edge, with the log counts of that moment in
// dump_req_count_q / dump_resp_count_q: Python reads logs and contents in bulk), latency (read latency in cycles, >= 1), req_mode
// (mem_req ready: 0 eager, registered from the pattern; 1 while valid, combinational from req_valid),
// check_resp_ready (1: mem_resp_ready must be 0 while no load is outstanding), req_gen.* / resp_gen.*
// (the mem_req back-pressure and the response stall patterns, dfv_stall_gen).
//
// Behaviour: every accepted request is applied at once in acceptance order (a store writes, a load
// reads, so a load accepted after a store sees it). A load accepted in cycle c may be presented from
// cycle c + latency on; the head of the accepted loads is presented when the response pattern allows
// and then held, valid high with stable data, until taken. While no response is presented its data
// lines carry generator garbage. Reset drops the loads not yet answered (the DUT forgets them).
//
// Read by Python (from the dumps): reqlog[k mod LOG_DEPTH] = {accepted[31:0], offered[31:0], we, addr, wdata} of request k
// and req_count_q; resplog[k mod LOG_DEPTH] = {answered[31:0], presented[31:0]} of response k and
// resp_count_q (Python drains both at each `half` and before a reset); pend_count_q and resp_valid_q
// (loads still unanswered); per check (drop: mem_req valid fell before the request was taken; change:
// its data changed while waiting; wdata: a load carried non-zero wdata; rready: mem_resp_ready was 1 with
// no load outstanding; overflow: more than PEND_DEPTH loads outstanding) a count and the first
// occurrence's cycle and values.
// testbench code: code coverage is of the RTL under test
/* verilator coverage_off */
module dfv_mem_model #(
  parameter int W = 32,
  parameter int AW = 32,
  parameter int SIZE = 16,
  parameter int LOG_DEPTH = 64,
  parameter int PEND_DEPTH = 64,
  parameter NAME = "mem"
) (
  input  logic            clk,
  input  logic            rst,
  input  logic [31:0]     cycle,
  input  logic [AW+W:0]   req_data,
  input  logic            req_valid,
  output logic            req_ready,
  output logic [W-1:0]    resp_data,
  output logic            resp_valid,
  input  logic            resp_ready,
  output logic            req_xfer,
  output logic            resp_xfer,
  output logic            half
);
  localparam int RW = AW + W + 1;
  localparam int LA = $clog2(LOG_DEPTH);
  localparam int PA = PEND_DEPTH > 1 ? $clog2(PEND_DEPTH) : 1;
  localparam int MA = SIZE > 1 ? $clog2(SIZE) : 1;
  localparam int REP = (W + 31) / 32;

  initial begin
    if (W < 1 || W > 1024) $fatal(1, "dfv_mem_model: W = %0d out of 1..1024", W);
    if (AW < 1 || AW > 64) $fatal(1, "dfv_mem_model: AW = %0d out of 1..64", AW);
    if (SIZE < 1 || SIZE > (1 << 20) || (AW < 21 && SIZE > (1 << AW)))
      $fatal(1, "dfv_mem_model: SIZE = %0d out of 1..min(2^20, 2^AW)", SIZE);
    if (LOG_DEPTH < 4 || LOG_DEPTH > 65536 || (LOG_DEPTH & (LOG_DEPTH - 1)) != 0)
      $fatal(1, "dfv_mem_model: LOG_DEPTH = %0d is not a power of two in 4..65536", LOG_DEPTH);
    if (PEND_DEPTH < 2 || PEND_DEPTH > 65536 || (PEND_DEPTH & (PEND_DEPTH - 1)) != 0)
      $fatal(1, "dfv_mem_model: PEND_DEPTH = %0d is not a power of two in 2..65536", PEND_DEPTH);
  end

  // run-time configuration
  logic [31:0] latency = 32'd1;
  logic        req_mode = 1'b0;
  logic        check_resp_ready = 1'b0;
  logic [31:0] load_cmd = 32'd0;
  logic [31:0] dump_cmd = 32'd0;
  logic        dump_mem = 1'b0;
  logic [31:0] load_seen_q;
  logic [31:0] dump_seen_q;
  string dir, base;

  initial begin
    load_seen_q = 32'd0;
    dump_seen_q = 32'd0;
    if (!$value$plusargs("dfv_files=%s", dir)) dir = ".";
    base = $sformatf("%0s/%0s", dir, NAME);
  end

  logic [W-1:0]    mem [0:SIZE-1];
  logic [W-1:0]    pend_rdata [PEND_DEPTH];
  logic [31:0]     pend_due [PEND_DEPTH];

  logic [31:0] req_count_q, resp_count_q;
  logic [PA-1:0] pend_wr_q, pend_rd_q;
  logic [31:0] pend_count_q;
  logic        resp_valid_q;
  logic [W-1:0] resp_data_q;
  logic [31:0] pres_cycle_q;
  logic        req_eager_q;
  logic        req_waiting_q;
  logic [RW-1:0] req_held_q;
  logic [31:0] req_wait_q;
  logic [31:0] drop_count_q, change_count_q, wdata_count_q, rready_count_q, overflow_count_q;
  // read by Python only (through VPI)
  /* verilator lint_off UNUSEDSIGNAL */
  logic [RW+63:0]  reqlog [0:LOG_DEPTH-1];
  logic [63:0]     resplog [0:LOG_DEPTH-1];
  logic [31:0] drop_cycle_q, change_cycle_q, wdata_cycle_q, rready_cycle_q;
  logic [31:0] dump_req_count_q, dump_resp_count_q;
  logic [RW-1:0] change_old_q, change_new_q;
  logic [AW-1:0] wdata_addr_q;
  logic [W-1:0] wdata_value_q;
  /* verilator lint_on UNUSEDSIGNAL */

  logic        req_go, resp_go;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] req_rnd;
  logic [31:0] resp_rnd;
  logic [REP*32-1:0] garbage;
  /* verilator lint_on UNUSEDSIGNAL */

  dfv_stall_gen req_gen (.clk(clk), .rst(rst), .go(req_go), .rnd(req_rnd));
  dfv_stall_gen resp_gen (.clk(clk), .rst(rst), .go(resp_go), .rnd(resp_rnd));

  logic          we;
  logic [AW-1:0] addr;
  logic [W-1:0]  wdata;
  logic          in_range;
  logic [W-1:0]  rdata_now;
  logic          acc, acc_load, resp_taken;
  logic          head_from_fifo, head_avail, present, push, pop;
  logic [31:0]   head_due;
  logic [W-1:0]  head_rdata;
  logic [31:0]   outstanding;

  assign we = req_data[RW-1];
  assign addr = req_data[AW+W-1:W];
  assign wdata = req_data[W-1:0];
  assign in_range = {1'b0, addr} < (AW + 1)'(SIZE);
  assign rdata_now = in_range ? mem[addr[MA-1:0]] : '0;

  assign req_ready = req_mode ? (!rst && req_valid && req_go) : req_eager_q;
  assign acc = !rst && req_valid && req_ready;
  assign acc_load = acc && !we;
  assign resp_taken = resp_valid_q && resp_ready;
  assign req_xfer = acc;
  assign resp_xfer = !rst && resp_taken;
  assign half = (acc && req_count_q[LA-2:0] == {(LA - 1){1'b1}})
             || (resp_xfer && resp_count_q[LA-2:0] == {(LA - 1){1'b1}});

  assign head_from_fifo = pend_count_q != 32'd0;
  assign head_avail = head_from_fifo || acc_load;
  assign head_due = head_from_fifo ? pend_due[pend_rd_q] : cycle + latency;
  assign head_rdata = head_from_fifo ? pend_rdata[pend_rd_q] : rdata_now;
  assign present = (!resp_valid_q || resp_taken) && head_avail && head_due <= cycle + 32'd1 && resp_go;
  assign push = acc_load && !(present && !head_from_fifo);
  assign pop = present && head_from_fifo;
  assign outstanding = pend_count_q + {31'd0, resp_valid_q} + {31'd0, req_valid && !we};

  assign garbage = {REP{resp_rnd}};
  assign resp_valid = resp_valid_q;
  assign resp_data = resp_valid_q ? resp_data_q : garbage[W-1:0];

  // testbench-only processes (file I/O): plain always blocks
  always @(posedge clk) begin
    if (load_cmd != load_seen_q) begin
      $readmemh({base, ".load.hex"}, mem);
      load_seen_q <= load_cmd;
    end else if (acc && we && in_range) begin
      mem[addr[MA-1:0]] <= wdata;
    end
  end

  always @(posedge clk) begin
    if (dump_cmd != dump_seen_q) begin
      // only the entries written so far (all of a log that wrapped)
      if (dump_mem) $writememh({base, ".mem.hex"}, mem);
      if (req_count_q != 32'd0)
        $writememh({base, ".req.hex"}, reqlog, 0, req_count_q > LOG_DEPTH ? LOG_DEPTH - 1 : req_count_q - 32'd1);
      if (resp_count_q != 32'd0)
        $writememh({base, ".resp.hex"}, resplog, 0, resp_count_q > LOG_DEPTH ? LOG_DEPTH - 1 : resp_count_q - 32'd1);
      dump_req_count_q <= req_count_q;
      dump_resp_count_q <= resp_count_q;
      dump_seen_q <= dump_cmd;
    end
  end

  always_ff @(posedge clk) begin
    if (rst) begin
      req_count_q <= 32'd0;
      resp_count_q <= 32'd0;
      pend_wr_q <= '0;
      pend_rd_q <= '0;
      pend_count_q <= 32'd0;
      resp_valid_q <= 1'b0;
      pres_cycle_q <= 32'd0;
      req_eager_q <= 1'b0;
      req_waiting_q <= 1'b0;
      req_wait_q <= 32'd0;
      drop_count_q <= 32'd0;
      drop_cycle_q <= 32'd0;
      change_count_q <= 32'd0;
      change_cycle_q <= 32'd0;
      change_old_q <= '0;
      change_new_q <= '0;
      wdata_count_q <= 32'd0;
      wdata_cycle_q <= 32'd0;
      wdata_addr_q <= '0;
      wdata_value_q <= '0;
      rready_count_q <= 32'd0;
      rready_cycle_q <= 32'd0;
      overflow_count_q <= 32'd0;
    end else begin
      req_eager_q <= req_go;
      // the DUT's side: mem_resp_ready only with a load outstanding
      if (check_resp_ready && resp_ready && outstanding == 32'd0) begin
        if (rready_count_q == 32'd0) rready_cycle_q <= cycle;
        rready_count_q <= rready_count_q + 32'd1;
      end
      // the DUT's side: a request held with stable data until taken
      if (req_valid) begin
        if (req_waiting_q && req_data != req_held_q) begin
          if (change_count_q == 32'd0) begin
            change_cycle_q <= cycle;
            change_old_q <= req_held_q;
            change_new_q <= req_data;
          end
          change_count_q <= change_count_q + 32'd1;
        end
        if (acc) begin
          reqlog[req_count_q[LA-1:0]] <= {cycle, cycle - req_wait_q, req_data};
          req_count_q <= req_count_q + 32'd1;
          req_waiting_q <= 1'b0;
          req_wait_q <= 32'd0;
          if (!we && wdata != '0) begin
            if (wdata_count_q == 32'd0) begin
              wdata_cycle_q <= cycle;
              wdata_addr_q <= addr;
              wdata_value_q <= wdata;
            end
            wdata_count_q <= wdata_count_q + 32'd1;
          end
        end else begin
          req_waiting_q <= 1'b1;
          req_held_q <= req_data;
          req_wait_q <= req_wait_q + 32'd1;
        end
      end else if (req_waiting_q) begin
        if (drop_count_q == 32'd0) drop_cycle_q <= cycle;
        drop_count_q <= drop_count_q + 32'd1;
        req_waiting_q <= 1'b0;
        req_wait_q <= 32'd0;
      end
      // responses
      if (resp_taken) begin
        resplog[resp_count_q[LA-1:0]] <= {cycle, pres_cycle_q};
        resp_count_q <= resp_count_q + 32'd1;
      end
      if (present) begin
        resp_valid_q <= 1'b1;
        resp_data_q <= head_rdata;
        pres_cycle_q <= cycle + 32'd1;
      end else if (resp_taken) begin
        resp_valid_q <= 1'b0;
      end
      if (push) begin
        if (pend_count_q == PEND_DEPTH) begin
          overflow_count_q <= overflow_count_q + 32'd1;
        end else begin
          pend_rdata[pend_wr_q] <= rdata_now;
          pend_due[pend_wr_q] <= cycle + latency;
          pend_wr_q <= pend_wr_q + 1'b1;
        end
      end
      if (pop) pend_rd_q <= pend_rd_q + 1'b1;
      if ((push && pend_count_q != PEND_DEPTH) && !pop) pend_count_q <= pend_count_q + 32'd1;
      else if (pop && !(push && pend_count_q != PEND_DEPTH)) pend_count_q <= pend_count_q - 32'd1;
    end
  end
endmodule : dfv_mem_model
