// handshake_memory: internal memory with NST store ports and NLD load ports (spec 004, stores first).
// Parameters: W (data width), AW (address width), DEPTH (words), NLD (load ports, >= 0), NST (store ports,
//   >= 0). NLD = 0 / NST = 0: the ports of that kind keep one dummy channel (tie its valids to 0).
//   INIT (DEPTH*W bits, default 0): the initial contents, word i in INIT[i*W +: W] (a `memref.global` table).
//   RELOAD (0 or 1, default 0): 1 = every cycle with rst high writes INIT into the storage again (a global the
//   program stores to holds its table again after a reset); 0 = rst leaves the storage alone.
//   Range check at elaboration: W, AW, DEPTH >= 1, NLD, NST >= 0, RELOAD in 0..1.
// Ports: st_data[NST] (W), st_addr[NST] (AW), ld_addr[NLD] (AW) -> ld_data[NLD] (W), st_done[NST] (ctrl),
//   ld_done[NLD] (ctrl); err_valid, err_code[15:0] (RT_MEMORY_ADDR_RANGE).
// Storage: logic [W-1:0] mem_q [DEPTH], INIT at time 0; with RELOAD = 0 not touched by rst (testbenches
//   read/write it), with RELOAD = 1 set to INIT while rst is high (stores are not served then).
// State: output registers st_done_q, ld_data_vq/ld_val_q/ld_fwd_q/ld_hit_q/ld_oor_q, ld_done_q; err_q.
//   at_init: all output registers empty. A firing load registers, side by side, the word read (ld_val_q), the
//   word of the last same-cycle store to its address (ld_fwd_q), whether there was one (ld_hit_q), and whether
//   its address is out of range (ld_oor_q); ld_data selects after the registers. The range check (an AW-bit
//   chain) and the address equality are not in front of the read word (the equality picks ld_fwd_q's store).
//   A store forwards to a load on their whole addresses being equal (such a store is in range when the load is;
//   a load out of range is masked), so no store's range check is on the forwarding either.
// Behaviour: store port i fires when st_data[i] and st_addr[i] are valid and st_done[i] is free (or being
//   emptied); load port i fires when ld_addr[i] is valid and ld_data[i], ld_done[i] are free (or being
//   emptied). All ports may fire in one cycle; same-cycle order: stores by increasing index (the higher index
//   wins on a common address), then loads by increasing index (a load sees same-cycle stores: write-first,
//   forwarded). Address >= DEPTH: error, the load returns 0, the store is dropped, done still produced.
// Latency 1 (done/data tokens come from registers: ld_data is one LUT level after ld_oor_q, ld_hit_q,
//   ld_fwd_q and ld_val_q; no combinational path from an input to any output valid/data; input readies depend
//   combinationally on the output readies). Throughput: one access per cycle per port.
module handshake_memory #(
  parameter int W = 32,
  parameter int AW = 32,
  parameter int DEPTH = 16,
  parameter int NLD = 1,
  parameter int NST = 1,
  // '0 fills DEPTH * W bits; Verilator takes a fill of more than 8k bits for a mistake (WIDTHCONCAT), and a
  // deep or wide one is meant here (a 143-deep FIFO of 64-bit words, a 1k-word memory)
  /* verilator lint_off WIDTHCONCAT */
  parameter logic [DEPTH*W-1:0] INIT = '0,
  /* verilator lint_on WIDTHCONCAT */
  parameter int RELOAD = 0,
  localparam int NL = (NLD > 0) ? NLD : 1,
  localparam int NS = (NST > 0) ? NST : 1,
  localparam int IXW = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
  input  logic            clk,
  input  logic            rst,
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
  output logic             err_valid,
  output logic [15:0]      err_code
);

  logic [W-1:0]    mem_q [DEPTH];
  logic [NS-1:0]   st_done_q;
  logic [NL-1:0]   ld_data_vq;
  logic [NL-1:0]   ld_done_q;
  logic [NL*W-1:0] ld_val_q;  // the word read
  logic [NL*W-1:0] ld_fwd_q;  // the word of the last same-cycle store to the load's address
  logic [NL-1:0]   ld_hit_q;  // there was such a store: ld_data is ld_fwd_q
  logic [NL-1:0]   ld_oor_q;  // the load's address is out of range: ld_data is 0
  logic [15:0]     err_q;

  logic [NS-1:0] st_fire;
  logic [NS-1:0] st_ok;
  logic [NL-1:0] ld_fire;
  logic [NL-1:0] ld_ok;
  logic range_err;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  function automatic logic in_range(input logic [AW-1:0] a);
    in_range = (64'(a) < 64'(DEPTH));
  endfunction

  initial begin : p_init
    if (W < 1 || AW < 1 || DEPTH < 1 || NLD < 0 || NST < 0 || RELOAD < 0 || RELOAD > 1)
      $fatal(1, "handshake_memory: parameter out of range (W=%0d AW=%0d DEPTH=%0d NLD=%0d NST=%0d RELOAD=%0d)",
             W, AW, DEPTH, NLD, NST, RELOAD);
    for (int i = 0; i < DEPTH; i++) mem_q[i] = INIT[i*W +: W];
  end

  always_comb begin
    range_err = 1'b0;
    for (int i = 0; i < NS; i++) begin
      st_fire[i] = (i < NST) && st_data_valid[i] && st_addr_valid[i] && (!st_done_q[i] || st_done_ready[i]);
      st_ok[i] = in_range(st_addr_data[i*AW +: AW]);
      if (st_fire[i] && !st_ok[i]) range_err = 1'b1;
    end
    for (int i = 0; i < NL; i++) begin
      ld_fire[i] = (i < NLD) && ld_addr_valid[i] && (!ld_data_vq[i] || ld_data_ready[i])
                   && (!ld_done_q[i] || ld_done_ready[i]);
      ld_ok[i] = in_range(ld_addr_data[i*AW +: AW]);
      if (ld_fire[i] && !ld_ok[i]) range_err = 1'b1;
    end
    st_data_ready = st_fire;
    st_addr_ready = st_fire;
    ld_addr_ready = ld_fire;
    st_done_valid = st_done_q;
    ld_data_valid = ld_data_vq;
    ld_done_valid = ld_done_q;
    err_valid = (err_q != '0);
    err_code = err_q;
    at_init = (st_done_q == '0) && (ld_data_vq == '0) && (ld_done_q == '0);
  end

  // a load's word: 0 for an address out of range, else the forwarded store's or the word read (continuous
  // assignments: Icarus and part selects in always_*)
  for (genvar l = 0; l < NL; l++) begin : g_ld_data
    assign ld_data_data[l*W +: W] = ld_oor_q[l] ? '0 : (ld_hit_q[l] ? ld_fwd_q[l*W +: W] : ld_val_q[l*W +: W]);
  end

  // Stores, in increasing port index: a later port overwrites an earlier one on a common address. With
  // RELOAD, a reset cycle writes INIT instead.
  always_ff @(posedge clk) begin : p_mem
    if (RELOAD != 0 && rst) begin
      for (int i = 0; i < DEPTH; i++) mem_q[i] <= INIT[i*W +: W];
    end else begin
      for (int i = 0; i < NS; i++) begin
        if (st_fire[i] && st_ok[i]) mem_q[IXW'(st_addr_data[i*AW +: AW])] <= st_data_data[i*W +: W];
      end
    end
  end

  // Loads: the word read and, beside it, the last same-cycle store to the address in increasing port index
  // (write-first: ld_data takes it where ld_hit_q is set).
  always_ff @(posedge clk) begin : p_ld_val
    for (int l = 0; l < NL; l++) begin
      if (ld_fire[l]) begin
        logic [W-1:0] f;
        logic hit;
        f = st_data_data[0 +: W];
        hit = 1'b0;
        for (int s = 0; s < NS; s++) begin
          if (st_fire[s] && st_addr_data[s*AW +: AW] == ld_addr_data[l*AW +: AW]) begin
            f = st_data_data[s*W +: W];
            hit = 1'b1;
          end
        end
        ld_val_q[l*W +: W] <= mem_q[IXW'(ld_addr_data[l*AW +: AW])];
        ld_fwd_q[l*W +: W] <= f;
        ld_hit_q[l] <= hit;
        ld_oor_q[l] <= !ld_ok[l];
      end
    end
  end

  always_ff @(posedge clk) begin : p_out
    if (rst) begin
      st_done_q <= '0;
      ld_data_vq <= '0;
      ld_done_q <= '0;
      err_q <= '0;
    end else begin
      st_done_q <= st_fire | (st_done_q & ~st_done_ready);
      ld_data_vq <= ld_fire | (ld_data_vq & ~ld_data_ready);
      ld_done_q <= ld_fire | (ld_done_q & ~ld_done_ready);
      if (range_err && (err_q == '0 || err_q > dfv_pkg::RT_MEMORY_ADDR_RANGE)) err_q <= dfv_pkg::RT_MEMORY_ADDR_RANGE;
    end
  end

`ifdef DFV_FORMAL
  `include "handshake_memory_props.svh"
`endif
endmodule
