// dfv_order_chk: token accounting of a first-in first-out channel pair (in -> storage -> out), for
// every property file whose module stores tokens in order (buffer, fifo).
//
// Counters of transfers n_in / n_out (CW bits, modular: their difference is the number of stored
// tokens, which must stay below 2**CW) and one tracked token, "the token with index `pick`" for an
// arbitrary constant pick: its data is recorded when it enters and must be the data on `out` when it
// leaves. Proved for every pick, this says every token leaves once, in order, with its data (no loss,
// no duplication, no reordering). NI initial tokens (values INIT) count as entered at reset.
// PASS = 1 (a transparent store, handshake_tehb): a token may leave in the cycle it enters while the store
// is empty, and then `out` carries the data `in` brings.
// The module's property file adds the invariants tying `count`, `trk_pos` and `trk_data` to its
// storage (k-induction needs them).
module dfv_order_chk #(
  parameter int W = 1,
  parameter int CW = 2,
  parameter int NI = 0,
  parameter bit PASS = 0,
  parameter logic [((NI > 0) ? NI : 1)*W-1:0] INIT = '0
) (
  input  logic          clk,
  input  logic          rst,
  input  logic          f_run,
  input  logic          in_fire,
  input  logic [W-1:0]  in_data,
  input  logic          out_fire,
  input  logic [W-1:0]  out_data,
  output logic [CW-1:0] count,     // tokens stored (entered, not left)
  output logic          trk_valid, // the tracked token is stored ...
  output logic [CW-1:0] trk_pos,   // ... at this position (0 = next to leave)
  output logic [W-1:0]  trk_data   // ... with this data
);
  (* anyconst *) logic [CW-1:0] pick;
  logic [CW-1:0] n_in, n_out;

  always_ff @(posedge clk) begin
    if (rst) begin
      n_in <= CW'(NI);
      n_out <= '0;
      trk_valid <= (32'(pick) < NI);
      trk_data <= (32'(pick) < NI) ? INIT[32'(pick)*W +: W] : '0;
    end else begin
      if (in_fire) n_in <= n_in + CW'(1);
      if (out_fire) n_out <= n_out + CW'(1);
      if (in_fire && n_in == pick && !(PASS && out_fire && n_out == pick)) begin
        trk_valid <= 1'b1;
        trk_data <= in_data;
      end else if (out_fire && n_out == pick) begin
        trk_valid <= 1'b0;
      end
    end
  end
  assign count = n_in - n_out;
  assign trk_pos = pick - n_out;

  always_comb begin
    if (f_run) begin
      no_spurious: assert (!out_fire || count != '0 || (PASS && in_fire));  // none leaves an empty store
      if (PASS && out_fire && count == '0)
        pass_through: assert (out_data == in_data);         // (unless passing one straight through)
      if (out_fire && trk_valid && trk_pos == '0)
        in_order: assert (out_data == trk_data);            // the next token to leave is the oldest
      inv_track: assert (trk_valid == (trk_pos < count));   // the tracked token is stored iff entered, not left
    end
  end
endmodule
