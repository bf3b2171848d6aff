// dfv_pipe_chk: exactly-once, order and latency of a unit whose operations pass through S stages, each
// stage holding at most one operation (a valid bit per stage; the float units of dfv/rtl/fp/). For the
// property files of those units; the datapath is not looked at (its values are checked by simulation).
//
// The accounting is dfv_order_chk's (counters of operations accepted and delivered, one tracked
// operation, the one with index `pick`): no result from an empty unit (`no_spurious`), the results leave
// in acceptance order (`in_order`). What it compares is a ghost tag per stage, not the data: the index of
// the operation the stage holds, given to the operation when it is accepted and moved from stage to
// stage on the RTL's own load enables (`load`), the enables every data register of that stage is loaded
// on. So the order proved is the order in which the data registers carry operations.
//
// Specification (asserted):
//   accept_loads   an accepted operation is what stage 1 takes (load[0] == in_fire)
//   exactly_once   the operations accepted and not delivered are as many as the full stages: none
//                  dropped, none duplicated, none invented (a dropped one leaves the count above them)
//   latency_min    the tracked operation is not offered before LAT cycles after its accept
//   latency        ITER = 0 (pipeline): if the output was ready in every cycle since the accept, the
//                  tracked operation is offered exactly LAT cycles after it; ITER = 1 (one operation in
//                  flight): offered LAT cycles after its accept, whatever the output did meanwhile
//   one_in_flight  ITER = 1: an operation is accepted only into an empty unit, or in the cycle the
//                  result in it is taken
// Invariants (inv_*): the tags of the full stages are the next indices to leave, output stage first;
// the tracked operation's stage and age (pipeline).
//
// Age: 1 in the cycle after the accept (the operation is in stage 1), counting up (saturating at
// LAT + 1). nostall: the output was ready in every cycle from age 1 to the current age - 1.
module dfv_pipe_chk #(
  parameter int S = 1,        // stages that hold an operation (vld bits); ITER = 1: 1
  parameter int LAT = 1,      // documented latency: cycles from the accept to the result offered
  parameter bit ITER = 1'b0,  // 1: one operation in flight (an iterative unit)
  parameter bit COVER = 1'b0  // the unit under proof (F_TOP): its covers count
) (
  input  logic          clk,
  input  logic          rst,
  input  logic          f_run,
  input  logic          in_fire,  // an operation accepted (every input consumed)
  input  logic          out_valid,
  input  logic          out_ready,
  input  logic [S-1:0]  vld,      // stage i+1 holds an operation; bit S-1 the last
  input  logic [S-1:0]  load,     // stage i+1 takes an operation this cycle; bit 0 the accept
  output logic          trk,      // the tracked operation is in the unit ...
  output logic          trk_head, // ... and is the next to leave
  output logic [$clog2(LAT + 2)-1:0] age,
  output logic          nostall,
  output logic          empty     // no operation held
);
  localparam int CW = $clog2(S + 1) + 1;  // indices modulo 2**CW > S
  localparam int AW = $clog2(LAT + 2);
  localparam logic [AW-1:0] AMAX = AW'(LAT + 1);

  logic out_fire;
  logic [CW-1:0] count, pos, trk_data, head, held, ahead;
  logic [S*CW-1:0] tag_q;  // stage i's ghost tag at [i*CW +: CW]
  logic tags_ok, stage_ok, min_ok, enter;
  assign out_fire = out_valid && out_ready;

  dfv_order_chk #(.W(CW), .CW(CW)) f_order (.clk(clk), .rst(rst), .f_run(f_run), .in_fire(in_fire),
      .in_data(head + count), .out_fire(out_fire), .out_data(tag_q[(S-1)*CW +: CW]), .count(count),
      .trk_valid(trk), .trk_pos(pos), .trk_data(trk_data));
  assign trk_head = trk && pos == '0;
  assign empty = count == '0;
  assign enter = in_fire && count == pos;  // the accept of index pick (n_in - n_out == pick - n_out)

  always_ff @(posedge clk) begin
    if (rst) begin
      head <= '0;
    end else if (out_fire) begin
      head <= head + CW'(1);
    end
    if (load[0]) tag_q[0 +: CW] <= head + count;
    for (int i = 1; i < S; i++) if (load[i]) tag_q[i*CW +: CW] <= tag_q[(i-1)*CW +: CW];
    if (rst) begin
      age <= '0;
      nostall <= 1'b0;
    end else if (enter) begin
      age <= AW'(1);
      nostall <= 1'b1;
    end else if (trk) begin
      if (age != AMAX) age <= age + AW'(1);
      if (!out_ready) nostall <= 1'b0;
    end
  end

  always_comb begin : p_stages
    tags_ok = 1'b1;
    stage_ok = 1'b1;
    min_ok = 1'b1;
    ahead = '0;
    for (int i = S - 1; i >= 0; i--) begin
      if (vld[i] && tag_q[i*CW +: CW] != head + ahead) tags_ok = 1'b0;
      ahead = ahead + CW'(vld[i]);
      // the tracked operation, wherever it is, is at least i + 1 cycles old; without a stall, in stage age
      if (trk && vld[i] && tag_q[i*CW +: CW] == trk_data && 32'(age) < i + 1) min_ok = 1'b0;
      if (trk && nostall && 32'(age) == i + 1 && !(vld[i] && tag_q[i*CW +: CW] == trk_data)) stage_ok = 1'b0;
    end
    held = ahead;
  end

  always_comb begin
    if (f_run) begin
      accept_loads: assert (load[0] == in_fire);
      exactly_once: assert (count == held);
      if (trk_head && out_valid) latency_min: assert (32'(age) >= LAT);
      if (trk && (ITER || nostall) && 32'(age) == LAT) latency: assert (trk_head && out_valid);
      if (ITER && in_fire) one_in_flight: assert (count == '0 || out_fire);
      inv_tags: assert (tags_ok);
      inv_trk_data: assert (!trk || trk_data == head + pos);
      inv_age: assert (!trk || age != '0);
      if (!ITER) begin
        inv_trk_min: assert (min_ok);
        inv_trk_stage: assert (stage_ok);
        inv_trk_gone: assert (!(trk && nostall && 32'(age) > S));
      end
    end
  end

  logic prev_fire;
  always_ff @(posedge clk) prev_fire <= !rst && in_fire;
  if (COVER) begin : g_f_cover
    always_comb if (f_run) c_fire: cover (out_fire);
    always_comb if (f_run) c_on_time: cover (trk_head && nostall && 32'(age) == LAT && out_fire);
    always_comb if (f_run) c_stall: cover (out_valid && !out_ready);
    if (ITER) begin : g_iter
      always_comb if (f_run) c_take_and_accept: cover (in_fire && out_fire);
      always_comb if (f_run) c_late: cover (trk_head && 32'(age) > LAT && out_fire);
    end else begin : g_pipe
      always_comb if (f_run) c_full_stall: cover (&vld && !out_ready);
      always_comb if (f_run) c_back_to_back: cover (prev_fire && in_fire);
    end
  end
endmodule
