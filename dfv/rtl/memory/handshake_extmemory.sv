// handshake_extmemory: memory interface whose storage is outside the module (spec 004 extmemory).
// Parameters: W (data width), AW (address width), NLD (load ports, >= 0), NST (store ports, >= 0),
//   MAXOUT (max outstanding loads, >= 1). NLD = 0 / NST = 0: one dummy channel of that kind (tie valids 0).
// Ports: st_data[NST] (W), st_addr[NST] (AW), ld_addr[NLD] (AW) -> ld_data[NLD] (W), st_done[NST] (ctrl),
//   ld_done[NLD] (ctrl); err_valid, err_code[15:0] (always 0: no DEPTH, no range check).
//   Boundary: out mem_req (1+AW+W bits) = {we, addr, wdata} (we at [AW+W], addr at [AW+W-1:W], wdata at
//   [W-1:0], wdata = 0 for loads); in mem_resp (W bits): exactly one response per load request, in request
//   order; stores get no response.
// State: req_vq/req_q (registered mem_req); per store port a two-deep done queue, st_done_q (the token
//   offered) and sd2_q (a token behind it; sd2_q implies st_done_q), so a store's eligibility is a register
//   and not its consumer's st_done_ready; ld_data_vq/ld_val_q, ld_done_q, tag FIFO of the issuing load
//   port per outstanding load (tag_q; its pointers trd_q, twr_q are each {phase, slot}, the phase flipping
//   on each wrap) in place of a count, so no adder and no compare sits after a late fire: a load is
//   outstanding (busy) when the pointers differ; full_q (MAXOUT outstanding) is a register, set by the load
//   that fills the FIFO (almost: the next write position is the read position a lap on) and cleared by a
//   response, so room is one flip-flop in front of the priority. at_init: no request, no outstanding load,
//   all output registers empty.
// Word registers: the tag slot twr_q (free while there is room) follows the pick; ld_val_q[i] follows
//   mem_resp_data whenever port i's data register is free or being emptied, so neither enable reads an input
//   valid or mem_resp_valid. req_q loads on an issue (loading it whenever the register is free would need req_next
//   forced to a value when nothing is eligible: one more gate per bit, slower alone).
// Behaviour: each cycle the mem_req register is free (or being emptied), one eligible access is moved into
//   it, fixed priority: store ports by increasing index, then load ports by increasing index. A store is
//   eligible when st_data[i], st_addr[i] are valid and port i's done queue holds fewer than two tokens
//   (!sd2_q[i]); its st_done[i] token is offered in the cycle its request appears on mem_req, or, behind an
//   earlier done token of that port still waiting, in the cycle after that token is taken (the queue's
//   order). A load is eligible when ld_addr[i] is valid and fewer than MAXOUT loads are outstanding; its
//   response is routed to ld_data[i] and ld_done[i] (mem_resp_ready = the head port's output registers are
//   free or being emptied).
// Latency: store inputs -> st_done / mem_req 1 cycle; load: 1 cycle to mem_req, response -> ld_data 1 cycle.
//   mem_req_valid/data, ld_*/st_done valids and data are registers; input readies depend combinationally on
//   the input valids and mem_req_ready only (no output ready); mem_resp_ready on ld_data_ready and
//   ld_done_ready. Throughput: one access per cycle in total.
module handshake_extmemory #(
  parameter int W = 32,
  parameter int AW = 32,
  parameter int NLD = 1,
  parameter int NST = 1,
  parameter int MAXOUT = 4,
  localparam int NL = (NLD > 0) ? NLD : 1,
  localparam int NS = (NST > 0) ? NST : 1,
  localparam int RW = 1 + AW + W,
  localparam int LIW = (NL > 1) ? $clog2(NL) : 1,
  localparam int TW = (MAXOUT > 1) ? $clog2(MAXOUT) : 1
) (
  input  logic             clk,
  input  logic             rst,
  input  logic [NS*W-1:0]  st_data_data,
  input  logic [NS-1:0]    st_data_valid,
  output logic [NS-1:0]    st_data_ready,
  input  logic [NS*AW-1:0] st_addr_data,
  input  logic [NS-1:0]    st_addr_valid,
  output logic [NS-1:0]    st_addr_ready,
  input  logic [NL*AW-1:0] ld_addr_data,
  input  logic [NL-1:0]    ld_addr_valid,
  output logic [NL-1:0]    ld_addr_ready,
  output logic [NL*W-1:0]  ld_data_data,
  output logic [NL-1:0]    ld_data_valid,
  input  logic [NL-1:0]    ld_data_ready,
  output logic [NS-1:0]    st_done_valid,
  input  logic [NS-1:0]    st_done_ready,
  output logic [NL-1:0]    ld_done_valid,
  input  logic [NL-1:0]    ld_done_ready,
  output logic [RW-1:0]    mem_req_data,
  output logic             mem_req_valid,
  input  logic             mem_req_ready,
  input  logic [W-1:0]     mem_resp_data,
  input  logic             mem_resp_valid,
  output logic             mem_resp_ready,
  output logic             err_valid,
  output logic [15:0]      err_code
);
  logic            req_vq;
  logic [RW-1:0]   req_q;
  logic [NS-1:0]   st_done_q;
  logic [NS-1:0]   sd2_q;
  logic [NL-1:0]   ld_data_vq;
  logic [NL-1:0]   ld_done_q;
  logic [NL*W-1:0] ld_val_q;
  logic [LIW-1:0]  tag_q [MAXOUT];
  logic [TW:0]     trd_q;  // {phase, slot}: the phase flips on each wrap
  logic [TW:0]     twr_q;
  logic            full_q;  // MAXOUT loads outstanding (a load is issued only while it is 0)

  logic          req_free;
  logic          room;
  logic          busy;
  logic          almost;
  logic          found;
  logic          issue;
  logic          issue_ld;
  logic [RW-1:0] req_next;
  logic [LIW-1:0] ld_pick;
  logic [NS-1:0] st_fire;
  logic [NL-1:0] ld_fire;
  logic [LIW-1:0] head;
  logic          resp_ok;
  logic          resp_fire;
  logic [NL-1:0] deliver;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  function automatic logic [TW:0] next_ptr(input logic [TW:0] p);
    if (p[TW-1:0] == TW'(MAXOUT - 1)) next_ptr = {~p[TW], TW'(0)};
    else next_ptr = {p[TW], p[TW-1:0] + TW'(1)};
  endfunction

  assign head = tag_q[trd_q[TW-1:0]];

  always_comb begin
    req_free = ~req_vq | mem_req_ready;
    busy = (twr_q != trd_q);
    room = !full_q;
    almost = (next_ptr(twr_q) == {~trd_q[TW], trd_q[TW-1:0]});
    found = 1'b0;
    issue_ld = 1'b0;
    ld_pick = '0;
    req_next = '0;
    st_fire = '0;
    ld_fire = '0;
    for (int i = 0; i < NS; i++) begin
      if ((i < NST) && st_data_valid[i] && st_addr_valid[i] && !sd2_q[i] && !found) begin
        found = 1'b1;
        st_fire[i] = req_free;
        req_next = {1'b1, st_addr_data[i*AW +: AW], st_data_data[i*W +: W]};
      end
    end
    for (int i = 0; i < NL; i++) begin
      if ((i < NLD) && ld_addr_valid[i] && room && !found) begin
        found = 1'b1;
        ld_fire[i] = req_free;
        issue_ld = req_free;
        ld_pick = LIW'(i);
        req_next = {1'b0, ld_addr_data[i*AW +: AW], W'(0)};
      end
    end
    issue = found & req_free;
    st_data_ready = st_fire;
    st_addr_ready = st_fire;
    ld_addr_ready = ld_fire;

    resp_ok = 1'b0;
    for (int i = 0; i < NL; i++) begin
      if (head == LIW'(i))
        resp_ok = busy && (!ld_data_vq[i] || ld_data_ready[i]) && (!ld_done_q[i] || ld_done_ready[i]);
    end
    mem_resp_ready = resp_ok;
    resp_fire = resp_ok & mem_resp_valid;
    for (int i = 0; i < NL; i++) deliver[i] = resp_fire && (head == LIW'(i));

    mem_req_valid = req_vq;
    mem_req_data = req_q;
    st_done_valid = st_done_q;
    ld_data_valid = ld_data_vq;
    ld_data_data = ld_val_q;
    ld_done_valid = ld_done_q;
    err_valid = 1'b0;
    err_code = '0;
    at_init = !req_vq && !busy && (st_done_q == '0) && (ld_data_vq == '0) && (ld_done_q == '0);
  end

  always_ff @(posedge clk) begin : p_ctrl
    if (rst) begin
      req_vq <= 1'b0;
      st_done_q <= '0;
      sd2_q <= '0;
      ld_data_vq <= '0;
      ld_done_q <= '0;
      trd_q <= '0;
      twr_q <= '0;
      full_q <= 1'b0;
    end else begin
      req_vq <= issue | (req_vq & ~mem_req_ready);
      st_done_q <= st_fire | sd2_q | (st_done_q & ~st_done_ready);
      sd2_q <= (st_fire | sd2_q) & st_done_q & ~st_done_ready;
      ld_data_vq <= deliver | (ld_data_vq & ~ld_data_ready);
      ld_done_q <= deliver | (ld_done_q & ~ld_done_ready);
      if (issue_ld) twr_q <= next_ptr(twr_q);
      if (resp_fire) trd_q <= next_ptr(trd_q);
      full_q <= full_q ? !resp_fire : (issue_ld && !resp_fire && almost);
    end
  end

  always_ff @(posedge clk) begin : p_data
    if (issue) req_q <= req_next;
    if (room) tag_q[twr_q[TW-1:0]] <= ld_pick;
    for (int i = 0; i < NL; i++) begin
      if (!ld_data_vq[i] || ld_data_ready[i]) ld_val_q[i*W +: W] <= mem_resp_data;
    end
  end

`ifdef DFV_FORMAL
  `include "handshake_extmemory_props.svh"
`endif
endmodule
