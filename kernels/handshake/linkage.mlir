// Made by CIRCT 1.162.0 (pip package circt) from linkage_cf.mlir: tools/circt_handshake.py --strategy cycles linkage_cf.mlir
module {
  handshake.func @linkage(%arg0: i32, %arg1: i32, %arg2: none, ...) -> (i32, none) attributes {argNames = ["in0", "in1", "in2"], llvm.linkage = #llvm.linkage<external>, resNames = ["out0", "out1"]} {
    %0 = merge %arg0 : i32
    %1 = buffer [2] fifo %0 : i32
    %2:2 = fork [2] %1 : i32
    %3 = merge %arg1 : i32
    %4 = buffer [2] fifo %3 : i32
    %5:2 = fork [2] %4 : i32
    %6 = merge %arg2 : none
    %7 = buffer [2] fifo %6 : none
    %8 = arith.cmpi slt, %2#1, %5#1 : i32
    %9:4 = fork [4] %8 : i1
    %10 = buffer [2] fifo %9#0 : i1
    %11:2 = fork [2] %10 : i1
    %trueResult, %falseResult = cond_br %9#3, %2#0 : i32
    %trueResult_0, %falseResult_1 = cond_br %9#2, %5#0 : i32
    %trueResult_2, %falseResult_3 = cond_br %9#1, %7 : none
    %12 = merge %trueResult : i32
    %13 = buffer [2] fifo %12 : i32
    %14 = merge %trueResult_0 : i32
    %15 = buffer [2] fifo %14 : i32
    %result, %index = control_merge %trueResult_2 : none, index
    %16 = buffer [2] fifo %index : index
    %17 = buffer [2] fifo %result : none
    sink %16 : index
    %18 = arith.subi %15, %13 : i32
    %19 = br %17 : none
    %20 = br %18 : i32
    %21 = merge %falseResult : i32
    %22 = buffer [2] fifo %21 : i32
    %23 = merge %falseResult_1 : i32
    %24 = buffer [2] fifo %23 : i32
    %result_4, %index_5 = control_merge %falseResult_3 : none, index
    %25 = buffer [2] fifo %index_5 : index
    %26 = buffer [2] fifo %result_4 : none
    sink %25 : index
    %27 = arith.subi %22, %24 : i32
    %28 = br %26 : none
    %29 = br %27 : i32
    %30 = mux %34 [%29, %20] : index, i32
    %31 = buffer [2] fifo %30 : i32
    %32 = mux %11#1 [%28, %19] : i1, none
    %33 = buffer [2] fifo %32 : none
    %34 = arith.index_cast %11#0 : i1 to index
    return %31, %33 : i32, none
  }
}

