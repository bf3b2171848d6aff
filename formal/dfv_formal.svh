// dfv_formal.svh: the clocking facts every property file starts from (included once per module,
// inside the module, after the property file's `localparam bit F_TOP`).
// How a property file gets into its module: every RTL module ends with
//   `ifdef DFV_FORMAL `include "<module>_props.svh" `endif
// and `make formal` reads the RTL as written with DFV_FORMAL and DFV_FORMAL_TOP_<module under proof>
// defined (the simulators and a user's synthesis never define them). Each property file sets
// F_TOP = 1 when DFV_FORMAL_TOP_<its module> is defined: in the module under proof, where its input
// protocol is assumed; 0 where a parent drives it, where the same checks are asserted.
//   f_past: 1 from the second cycle on, so $past is defined.
//   At the top of a proof, the first cycle is a reset; later resets may come at any time.
logic f_past = 1'b0;
always_ff @(posedge clk) f_past <= 1'b1;
always_comb if (F_TOP && !f_past) f_reset_first: assume (rst);
// f_run: a cycle after a reset (the state is the module's own, not the unconstrained initial one).
logic f_run;
assign f_run = f_past && !rst;
// Cover statements sit under `if (F_TOP)`: they count only in the module under proof (a sub-module's
// states are covered by its own job; its parent may never drive some, e.g. merge's index_ready = 1).
