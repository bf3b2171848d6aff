// Made by CIRCT 1.162.0 (pip package circt) from sum_cf.mlir: tools/circt_handshake.py sum_cf.mlir
module {
  handshake.func @sum(%arg0: index, %arg1: none, ...) -> (i32, none) attributes {argNames = ["in0", "in1"], resNames = ["out0", "out1"]} {
    %0 = buffer [2] seq %arg1 : none
    %1 = merge %arg0 : index
    %2 = buffer [2] seq %1 : index
    %3 = merge %0 : none
    %4 = buffer [2] seq %3 : none
    %5:4 = fork [4] %4 : none
    %6 = buffer [2] seq %5#3 : none
    %7 = buffer [2] seq %5#2 : none
    %8 = buffer [2] seq %5#1 : none
    %9 = buffer [2] seq %5#0 : none
    %10 = constant %7 {value = 0 : index} : index
    %11 = buffer [2] seq %10 : index
    %12 = constant %8 {value = 1 : index} : index
    %13 = buffer [2] seq %12 : index
    %14 = constant %9 {value = 0 : i32} : i32
    %15 = buffer [2] seq %14 : i32
    %16 = br %2 : index
    %17 = buffer [2] seq %16 : index
    %18 = br %6 : none
    %19 = buffer [2] seq %18 : none
    %20 = br %11 : index
    %21 = buffer [2] seq %20 : index
    %22 = br %13 : index
    %23 = buffer [2] seq %22 : index
    %24 = br %15 : i32
    %25 = buffer [2] seq %24 : i32
    %result, %index = control_merge %19 : none, index
    %26 = buffer [2] seq %index : index
    %27 = buffer [2] seq %result : none
    %28:4 = fork [4] %26 : index
    %29 = buffer [2] seq %28#3 : index
    %30 = buffer [2] seq %28#2 : index
    %31 = buffer [2] seq %28#1 : index
    %32 = buffer [2] seq %28#0 : index
    %33 = buffer [1] seq %64 {initValues = [0]} : i1
    %34:5 = fork [5] %33 : i1
    %35 = buffer [2] seq %34#4 : i1
    %36 = buffer [2] seq %34#3 : i1
    %37 = buffer [2] seq %34#2 : i1
    %38 = buffer [2] seq %34#1 : i1
    %39 = buffer [2] seq %34#0 : i1
    %40 = mux %35 [%27, %111] : i1, none
    %41 = buffer [2] seq %40 : none
    %42 = mux %29 [%21] : index, index
    %43 = buffer [2] seq %42 : index
    %44 = mux %36 [%43, %115] : i1, index
    %45 = buffer [2] seq %44 : index
    %46:2 = fork [2] %45 : index
    %47 = buffer [2] seq %46#1 : index
    %48 = buffer [2] seq %46#0 : index
    %49 = mux %30 [%25] : index, i32
    %50 = buffer [2] seq %49 : i32
    %51 = mux %37 [%50, %113] : i1, i32
    %52 = buffer [2] seq %51 : i32
    %53 = mux %31 [%17] : index, index
    %54 = buffer [2] seq %53 : index
    %55 = mux %38 [%54, %107] : i1, index
    %56 = buffer [2] seq %55 : index
    %57:2 = fork [2] %56 : index
    %58 = buffer [2] seq %57#1 : index
    %59 = buffer [2] seq %57#0 : index
    %60 = mux %32 [%23] : index, index
    %61 = buffer [2] seq %60 : index
    %62 = mux %39 [%61, %109] : i1, index
    %63 = buffer [2] seq %62 : index
    %64 = merge %73 : i1
    %65 = arith.cmpi slt, %48, %59 : index
    %66 = buffer [2] seq %65 : i1
    %67:6 = fork [6] %66 : i1
    %68 = buffer [2] seq %67#5 : i1
    %69 = buffer [2] seq %67#4 : i1
    %70 = buffer [2] seq %67#3 : i1
    %71 = buffer [2] seq %67#2 : i1
    %72 = buffer [2] seq %67#1 : i1
    %73 = buffer [2] seq %67#0 : i1
    %trueResult, %falseResult = cond_br %68, %47 : index
    %74 = buffer [2] seq %falseResult : index
    %75 = buffer [2] seq %trueResult : index
    sink %74 : index
    %trueResult_0, %falseResult_1 = cond_br %69, %52 : i32
    %76 = buffer [2] seq %falseResult_1 : i32
    %77 = buffer [2] seq %trueResult_0 : i32
    %trueResult_2, %falseResult_3 = cond_br %70, %58 : index
    %78 = buffer [2] seq %falseResult_3 : index
    %79 = buffer [2] seq %trueResult_2 : index
    sink %78 : index
    %trueResult_4, %falseResult_5 = cond_br %71, %63 : index
    %80 = buffer [2] seq %falseResult_5 : index
    %81 = buffer [2] seq %trueResult_4 : index
    sink %80 : index
    %trueResult_6, %falseResult_7 = cond_br %72, %41 : none
    %82 = buffer [2] seq %falseResult_7 : none
    %83 = buffer [2] seq %trueResult_6 : none
    %84 = merge %79 : index
    %85 = buffer [2] seq %84 : index
    %86 = merge %81 : index
    %87 = buffer [2] seq %86 : index
    %88:2 = fork [2] %87 : index
    %89 = buffer [2] seq %88#1 : index
    %90 = buffer [2] seq %88#0 : index
    %91 = merge %75 : index
    %92 = buffer [2] seq %91 : index
    %93:2 = fork [2] %92 : index
    %94 = buffer [2] seq %93#1 : index
    %95 = buffer [2] seq %93#0 : index
    %96 = merge %77 : i32
    %97 = buffer [2] seq %96 : i32
    %result_8, %index_9 = control_merge %83 : none, index
    %98 = buffer [2] seq %index_9 : index
    %99 = buffer [2] seq %result_8 : none
    sink %98 : index
    %100 = arith.index_cast %94 : index to i32
    %101 = buffer [2] seq %100 : i32
    %102 = arith.addi %97, %101 : i32
    %103 = buffer [2] seq %102 : i32
    %104 = arith.addi %95, %89 : index
    %105 = buffer [2] seq %104 : index
    %106 = br %85 : index
    %107 = buffer [2] seq %106 : index
    %108 = br %90 : index
    %109 = buffer [2] seq %108 : index
    %110 = br %99 : none
    %111 = buffer [2] seq %110 : none
    %112 = br %103 : i32
    %113 = buffer [2] seq %112 : i32
    %114 = br %105 : index
    %115 = buffer [2] seq %114 : index
    %116 = merge %76 : i32
    %117 = buffer [2] seq %116 : i32
    %result_10, %index_11 = control_merge %82 : none, index
    %118 = buffer [2] seq %index_11 : index
    %119 = buffer [2] seq %result_10 : none
    sink %118 : index
    return %117, %119 : i32, none
  }
}

