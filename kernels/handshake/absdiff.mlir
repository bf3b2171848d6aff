// Made by CIRCT 1.162.0 (pip package circt) from absdiff_cf.mlir: tools/circt_handshake.py absdiff_cf.mlir
module {
  handshake.func @absdiff(%arg0: i32, %arg1: i32, %arg2: none, ...) -> (i32, none) attributes {argNames = ["in0", "in1", "in2"], resNames = ["out0", "out1"]} {
    %0 = buffer [2] seq %arg2 : none
    %1 = buffer [2] seq %arg1 : i32
    %2 = buffer [2] seq %arg0 : i32
    %3 = merge %2 : i32
    %4 = buffer [2] seq %3 : i32
    %5:2 = fork [2] %4 : i32
    %6 = buffer [2] seq %5#1 : i32
    %7 = buffer [2] seq %5#0 : i32
    %8 = merge %1 : i32
    %9 = buffer [2] seq %8 : i32
    %10:2 = fork [2] %9 : i32
    %11 = buffer [2] seq %10#1 : i32
    %12 = buffer [2] seq %10#0 : i32
    %13 = merge %0 : none
    %14 = buffer [2] seq %13 : none
    %15 = arith.cmpi slt, %6, %11 : i32
    %16 = buffer [2] seq %15 : i1
    %17:4 = fork [4] %16 : i1
    %18 = buffer [2] seq %17#3 : i1
    %19 = buffer [2] seq %17#2 : i1
    %20 = buffer [2] seq %17#1 : i1
    %21 = buffer [2] fifo %17#0 : i1
    %22:2 = fork [2] %21 : i1
    %23 = buffer [2] seq %22#1 : i1
    %24 = buffer [2] seq %22#0 : i1
    %trueResult, %falseResult = cond_br %18, %7 : i32
    %25 = buffer [2] seq %falseResult : i32
    %26 = buffer [2] seq %trueResult : i32
    %trueResult_0, %falseResult_1 = cond_br %19, %12 : i32
    %27 = buffer [2] seq %falseResult_1 : i32
    %28 = buffer [2] seq %trueResult_0 : i32
    %trueResult_2, %falseResult_3 = cond_br %20, %14 : none
    %29 = buffer [2] seq %falseResult_3 : none
    %30 = buffer [2] seq %trueResult_2 : none
    %31 = merge %26 : i32
    %32 = buffer [2] seq %31 : i32
    %33 = merge %28 : i32
    %34 = buffer [2] seq %33 : i32
    %result, %index = control_merge %30 : none, index
    %35 = buffer [2] seq %index : index
    %36 = buffer [2] seq %result : none
    sink %35 : index
    %37 = arith.subi %34, %32 : i32
    %38 = buffer [2] seq %37 : i32
    %39 = br %36 : none
    %40 = buffer [2] seq %39 : none
    %41 = br %38 : i32
    %42 = buffer [2] seq %41 : i32
    %43 = merge %25 : i32
    %44 = buffer [2] seq %43 : i32
    %45 = merge %27 : i32
    %46 = buffer [2] seq %45 : i32
    %result_4, %index_5 = control_merge %29 : none, index
    %47 = buffer [2] seq %index_5 : index
    %48 = buffer [2] seq %result_4 : none
    sink %47 : index
    %49 = arith.subi %44, %46 : i32
    %50 = buffer [2] seq %49 : i32
    %51 = br %48 : none
    %52 = buffer [2] seq %51 : none
    %53 = br %50 : i32
    %54 = buffer [2] seq %53 : i32
    %55 = mux %60 [%54, %42] : index, i32
    %56 = buffer [2] seq %55 : i32
    %57 = mux %23 [%52, %40] : i1, none
    %58 = buffer [2] seq %57 : none
    %59 = arith.index_cast %24 : i1 to index
    %60 = buffer [2] seq %59 : index
    return %56, %58 : i32, none
  }
}

