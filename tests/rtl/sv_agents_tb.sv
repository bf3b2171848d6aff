// Testbench of the seeded patterns of dfv/tb/hdl (run by tests/rtl/test_sv_agents.py on Icarus): prints
// statistics of dfv_stall_gen in each mode and of dfv_chan_sink's AFTER_VALID and WHILE_VALID readies,
// which the Python test checks against the settings.
module sv_agents_tb;
  logic clk = 1'b0;
  logic rst = 1'b1;
  logic go;
  logic [31:0] rnd;
  logic valid = 1'b0;
  logic ready_after, ready_while;
  dfv_stall_gen gen (.clk(clk), .rst(rst), .go(go), .rnd(rnd));
  dfv_chan_sink after_snk (.clk(clk), .rst(rst), .in_valid(valid), .in_ready(ready_after));
  dfv_chan_sink while_snk (.clk(clk), .rst(rst), .in_valid(valid), .in_ready(ready_while));
  always #5 clk = ~clk;

  integer i, n_go, run, max_stall, max_go, stall_runs, stall_total, k, wait_cycles;
  integer hist [0:7];
  logic prev;

  task automatic restart;
    rst <= 1'b1;
    repeat (2) @(posedge clk);
    rst <= 1'b0;
  endtask

  task automatic measure(input integer cycles);
    n_go = 0; run = 0; max_stall = 0; max_go = 0; stall_runs = 0; stall_total = 0; prev = 1'b1;
    for (i = 0; i < cycles; i = i + 1) begin
      @(negedge clk);
      if (go) n_go = n_go + 1;
      if (i > 0 && go != prev) begin
        if (prev) begin if (run > max_go) max_go = run; end
        else begin
          if (run > max_stall) max_stall = run;
          stall_runs = stall_runs + 1;
          stall_total = stall_total + run;
        end
        run = 0;
      end
      run = run + 1;
      prev = go;
    end
  endtask

  initial begin
    gen.seed = 32'h1234abcd;
    gen.kind = 2'd0;
    restart();
    measure(5000);
    $display("FULL go=%0d cycles=5000", n_go);
    gen.kind = 2'd1;
    gen.thresh = 16'd19661;  // p = 0.3
    restart();
    measure(20000);
    $display("RANDOM go=%0d cycles=20000", n_go);
    gen.kind = 2'd2;
    gen.go_max = 16'd5;
    gen.stall_max = 16'd24;
    restart();
    measure(20000);
    $display("BURSTY go=%0d cycles=20000 max_go=%0d max_stall=%0d stall_runs=%0d stall_total=%0d", n_go, max_go,
             max_stall, stall_runs, stall_total);
    // sinks: AFTER_VALID (full pattern) takes a token 1..3 cycles after valid rose; WHILE_VALID never raises
    // ready without valid
    after_snk.mode = 2'd2;
    while_snk.mode = 2'd1;
    after_snk.gen.seed = 32'h600d5eed;
    restart();
    for (k = 0; k < 8; k = k + 1) hist[k] = 0;
    for (k = 0; k < 300; k = k + 1) begin
      @(negedge clk);
      valid = 1'b0;
      @(negedge clk);
      if (ready_while) $display("WHILE_VALID ready without valid");
      valid = 1'b1;
      wait_cycles = 0;
      while (!ready_after) begin
        @(negedge clk);
        wait_cycles = wait_cycles + 1;
      end
      if (!ready_while) $display("WHILE_VALID no ready with valid and a full pattern");
      hist[wait_cycles > 7 ? 7 : wait_cycles] = hist[wait_cycles > 7 ? 7 : wait_cycles] + 1;
      @(posedge clk);
      #1;
    end
    $display("AFTER_VALID waits %0d %0d %0d %0d %0d %0d %0d %0d", hist[0], hist[1], hist[2], hist[3], hist[4],
             hist[5], hist[6], hist[7]);
    $finish;
  end
endmodule
