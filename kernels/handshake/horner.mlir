// Made by CIRCT 1.162.0 (pip package circt) from horner_cf.mlir: tools/circt_handshake.py --strategy cycles horner_cf.mlir
module {
  handshake.func @horner(%arg0: index, %arg1: i32, %arg2: none, ...) -> (i32, none) attributes {argNames = ["in0", "in1", "in2"], resNames = ["out0", "out1"]} {
    %0 = merge %arg0 : index
    %1 = buffer [2] fifo %0 : index
    %2 = merge %arg1 : i32
    %3 = buffer [2] fifo %2 : i32
    %4 = merge %arg2 : none
    %5 = buffer [2] fifo %4 : none
    %6:4 = fork [4] %5 : none
    %7 = constant %6#2 {value = 0 : index} : index
    %8 = constant %6#1 {value = 1 : index} : index
    %9 = constant %6#0 {value = 0 : i32} : i32
    %10 = br %1 : index
    %11 = br %3 : i32
    %12 = br %6#3 : none
    %13 = br %7 : index
    %14 = br %8 : index
    %15 = br %9 : i32
    %result, %index = control_merge %12 : none, index
    %16 = buffer [2] fifo %index : index
    %17 = buffer [2] fifo %result : none
    %18:5 = fork [5] %16 : index
    %19 = buffer [1] seq %45 {initValues = [0]} : i1
    %20:6 = fork [6] %19 : i1
    %21 = mux %20#5 [%17, %70] : i1, none
    %22 = buffer [2] seq %21 : none
    %23 = mux %18#4 [%13] : index, index
    %24 = buffer [2] fifo %23 : index
    %25 = mux %20#4 [%24, %72] : i1, index
    %26 = buffer [2] seq %25 : index
    %27:2 = fork [2] %26 : index
    %28 = mux %18#3 [%15] : index, i32
    %29 = buffer [2] fifo %28 : i32
    %30 = mux %20#3 [%29, %71] : i1, i32
    %31 = buffer [2] seq %30 : i32
    %32 = mux %18#2 [%10] : index, index
    %33 = buffer [2] fifo %32 : index
    %34 = mux %20#2 [%33, %67] : i1, index
    %35 = buffer [2] seq %34 : index
    %36:2 = fork [2] %35 : index
    %37 = mux %18#1 [%11] : index, i32
    %38 = buffer [2] fifo %37 : i32
    %39 = mux %20#1 [%38, %68] : i1, i32
    %40 = buffer [2] seq %39 : i32
    %41 = mux %18#0 [%14] : index, index
    %42 = buffer [2] fifo %41 : index
    %43 = mux %20#0 [%42, %69] : i1, index
    %44 = buffer [2] seq %43 : index
    %45 = merge %47#0 : i1
    %46 = arith.cmpi slt, %27#0, %36#0 : index
    %47:7 = fork [7] %46 : i1
    %trueResult, %falseResult = cond_br %47#6, %27#1 : index
    sink %falseResult : index
    %trueResult_0, %falseResult_1 = cond_br %47#5, %31 : i32
    %trueResult_2, %falseResult_3 = cond_br %47#4, %36#1 : index
    sink %falseResult_3 : index
    %trueResult_4, %falseResult_5 = cond_br %47#3, %40 : i32
    sink %falseResult_5 : i32
    %trueResult_6, %falseResult_7 = cond_br %47#2, %44 : index
    sink %falseResult_7 : index
    %trueResult_8, %falseResult_9 = cond_br %47#1, %22 : none
    %48 = merge %trueResult_2 : index
    %49 = buffer [2] fifo %48 : index
    %50 = merge %trueResult_4 : i32
    %51 = buffer [2] fifo %50 : i32
    %52:2 = fork [2] %51 : i32
    %53 = merge %trueResult_6 : index
    %54 = buffer [2] fifo %53 : index
    %55:2 = fork [2] %54 : index
    %56 = merge %trueResult : index
    %57 = buffer [2] fifo %56 : index
    %58:2 = fork [2] %57 : index
    %59 = merge %trueResult_0 : i32
    %60 = buffer [2] fifo %59 : i32
    %result_10, %index_11 = control_merge %trueResult_8 : none, index
    %61 = buffer [2] fifo %index_11 : index
    %62 = buffer [2] fifo %result_10 : none
    sink %61 : index
    %63 = arith.muli %60, %52#1 : i32
    %64 = arith.index_cast %58#1 : index to i32
    %65 = arith.addi %63, %64 : i32
    %66 = arith.addi %58#0, %55#1 : index
    %67 = br %49 : index
    %68 = br %52#0 : i32
    %69 = br %55#0 : index
    %70 = br %62 : none
    %71 = br %65 : i32
    %72 = br %66 : index
    %73 = merge %falseResult_1 : i32
    %74 = buffer [2] fifo %73 : i32
    %result_12, %index_13 = control_merge %falseResult_9 : none, index
    %75 = buffer [2] fifo %index_13 : index
    %76 = buffer [2] fifo %result_12 : none
    sink %75 : index
    return %74, %76 : i32, none
  }
}

