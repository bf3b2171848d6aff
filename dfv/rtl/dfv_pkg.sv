// Copyright dfv project contributors.
//
// dfv_pkg: constants shared by the dataflow RTL.
//
// - Error codes. Configuration errors occupy 0x001-0x0FF, runtime errors 0x100-0x1FF; with the
//   "lowest non-zero code wins" merge rule a configuration error is reported ahead of a runtime
//   error it may have caused. Codes are sticky until reset. dfv/golden/errors.py mirrors these values.
// - dataflow.stream `step_op` encoding (structural: the STEP_OP module parameter).
// - dataflow.stream `cont_cond` encoding (runtime configuration: a 3-bit input).
// - arith_binop `OP`, arith_cmpi `PRED`, arith_cast `KIND` and math_bitcount `OP` encodings (structural
//   parameters).
// - The widest significand dfv_sig_mul multiplies in LUTs (wider ones on DSP blocks), and the widest at
//   which math_fma has two stages more (its stage count).
// The Python side (dfv.golden.handshake.arith, dfv.golden.dataflow.stream) holds the same tables;
// tests/golden/test_encodings.py keeps the two equal.

package dfv_pkg;

  // A package of shared constants: a design that uses only some of them (or a lint run whose top
  // module uses none, e.g. dataflow_gate with this file on the command line) must not warn.
  /* verilator lint_off UNUSEDPARAM */

  // ---------------------------------------------------------------------------------------------
  // Error codes
  // ---------------------------------------------------------------------------------------------
  localparam logic [15:0] ERR_NONE                      = 16'h0000;
  // dataflow.stream: cont_cond of 6 or 7 sampled at an activation.
  localparam logic [15:0] CFG_DATAFLOW_STREAM_CONT_COND = 16'h0003;
  // dataflow.stream: step == 0 at an activation (259).
  localparam logic [15:0] RT_DATAFLOW_STREAM_ZERO_STEP  = 16'h0103;
  // arith_binop divsi/divui/remsi/remui: a token with a zero divisor was transferred (272).
  localparam logic [15:0] RT_ARITH_DIV_BY_ZERO          = 16'h0110;
  // handshake_memory: an access with address >= DEPTH was served (288).
  localparam logic [15:0] RT_MEMORY_ADDR_RANGE          = 16'h0120;

  // ---------------------------------------------------------------------------------------------
  // dataflow.stream step_op (value of the STEP_OP parameter)
  // ---------------------------------------------------------------------------------------------
  localparam int STEP_ADD = 0;  // +=
  localparam int STEP_SUB = 1;  // -=
  localparam int STEP_MUL = 2;  // *=  (low W bits of the product)
  localparam int STEP_DIV = 3;  // /=  (signed, truncates toward zero)
  localparam int STEP_SHL = 4;  // <<= (amount = step as unsigned; >= W gives 0)
  localparam int STEP_SHR = 5;  // >>= (arithmetic; amount = step as unsigned; >= W gives sign fill)

  // ---------------------------------------------------------------------------------------------
  // dataflow.stream cont_cond (3-bit runtime input); comparisons are signed in W bits
  // ---------------------------------------------------------------------------------------------
  localparam logic [2:0] COND_LT      = 3'd0;  // next_idx <  bound
  localparam logic [2:0] COND_LE      = 3'd1;  // next_idx <= bound
  localparam logic [2:0] COND_GT      = 3'd2;  // next_idx >  bound
  localparam logic [2:0] COND_GE      = 3'd3;  // next_idx >= bound
  localparam logic [2:0] COND_NE      = 3'd4;  // next_idx != bound
  localparam logic [2:0] COND_BY_SIGN = 3'd5;  // `<` when step > 0, `>` when step < 0
  // 3'd6 and 3'd7 are invalid: CFG_DATAFLOW_STREAM_CONT_COND.

  // ---------------------------------------------------------------------------------------------
  // arith_binop OP (MLIR arith integer binary operations)
  // ---------------------------------------------------------------------------------------------
  localparam int OP_ADDI  = 0;
  localparam int OP_SUBI  = 1;
  localparam int OP_MULI  = 2;
  localparam int OP_DIVSI = 3;
  localparam int OP_DIVUI = 4;
  localparam int OP_REMSI = 5;
  localparam int OP_REMUI = 6;
  localparam int OP_ANDI  = 7;
  localparam int OP_ORI   = 8;
  localparam int OP_XORI  = 9;
  localparam int OP_SHLI  = 10;
  localparam int OP_SHRSI = 11;
  localparam int OP_SHRUI = 12;

  // ---------------------------------------------------------------------------------------------
  // arith_cmpi PRED (MLIR's arith.cmpi predicate numbering)
  // ---------------------------------------------------------------------------------------------
  localparam int PRED_EQ  = 0;
  localparam int PRED_NE  = 1;
  localparam int PRED_SLT = 2;
  localparam int PRED_SLE = 3;
  localparam int PRED_SGT = 4;
  localparam int PRED_SGE = 5;
  localparam int PRED_ULT = 6;
  localparam int PRED_ULE = 7;
  localparam int PRED_UGT = 8;
  localparam int PRED_UGE = 9;

  // ---------------------------------------------------------------------------------------------
  // arith_cast KIND
  // ---------------------------------------------------------------------------------------------
  localparam int CAST_INDEX_CAST   = 0;  // sign-extends
  localparam int CAST_EXTSI        = 1;  // sign-extends
  localparam int CAST_EXTUI        = 2;  // zero-extends
  localparam int CAST_TRUNCI       = 3;  // narrows (sign-extends if ever widened)
  localparam int CAST_INDEX_CASTUI = 4;  // zero-extends

  // ---------------------------------------------------------------------------------------------
  // math_bitcount OP (the count of a W-bit word, as a W-bit result)
  // ---------------------------------------------------------------------------------------------
  localparam int BITCOUNT_CTLZ  = 0;  // leading zeros (W for 0)
  localparam int BITCOUNT_CTTZ  = 1;  // trailing zeros (W for 0)
  localparam int BITCOUNT_CTPOP = 2;  // set bits

  // ---------------------------------------------------------------------------------------------
  // dfv_sig_mul: significands of up to SIG_MUL_LUT_MAX_P bits (f32, f16, bf16) are multiplied in LUTs
  // and carry chains, wider ones (f64) on 18x18 DSP blocks (dfv_sig_mul's header says why). math_fma adds
  // in two stages, one stage more, where its significand has at least FMA_ADD_SPLIT_MIN_P bits (f64: its
  // ADD_SPLIT); the catalogue's fma latency reads the same bound (dfv.golden.encodings.FMA_ADD_SPLIT_MIN_P).
  // ---------------------------------------------------------------------------------------------
  localparam int SIG_MUL_LUT_MAX_P = 24;
  localparam int FMA_ADD_SPLIT_MIN_P = 25;

  /* verilator lint_on UNUSEDPARAM */

endpackage : dfv_pkg
