// Made by CIRCT 1.162.0 (pip package circt) from matmul_hs.mlir: tools/circt_handshake.py --handshake --strategy cycles matmul_hs.mlir
module {
  handshake.func @matmul(%arg0: memref<16xi32>, %arg1: memref<16xi32>, %arg2: memref<16xi32>, %arg3: index, %arg4: none, ...) -> none attributes {argNames = ["A", "B", "C", "n", "start"], resNames = ["done"]} {
    %0:2 = fork [2] %arg4 : none
    %1:2 = extmemory[ld = 1, st = 0] (%arg0 : memref<16xi32>) (%addressResults) {id = 0 : i32} : (index) -> (i32, none)
    %2:2 = extmemory[ld = 1, st = 0] (%arg1 : memref<16xi32>) (%addressResults_25) {id = 1 : i32} : (index) -> (i32, none)
    %3 = extmemory[ld = 0, st = 1] (%arg2 : memref<16xi32>) (%dataResult_26, %addressResult) {id = 2 : i32} : (i32, index) -> none
    %4 = constant %0#1 {value = 0 : index} : index
    %5 = buffer [1] seq %16#3 {initValues = [0]} : i1
    %6:3 = fork [3] %5 : i1
    %7 = mux %6#2 [%4, %80] : i1, index
    %8 = buffer [2] seq %7 : index
    %9:2 = fork [2] %8 : index
    %10 = mux %6#1 [%arg3, %falseResult_9] : i1, index
    %11 = buffer [2] seq %10 : index
    %12:2 = fork [2] %11 : index
    %13 = mux %6#0 [%0#0, %33#1] : i1, none
    %14 = buffer [2] seq %13 : none
    %15 = arith.cmpi slt, %9#1, %12#1 : index
    %16:4 = fork [4] %15 : i1
    %trueResult, %falseResult = cond_br %16#2, %9#0 : index
    sink %falseResult : index
    %trueResult_0, %falseResult_1 = cond_br %16#1, %12#0 : index
    sink %falseResult_1 : index
    %trueResult_2, %falseResult_3 = cond_br %16#0, %14 : none
    %17:2 = fork [2] %trueResult_2 : none
    %18 = constant %17#1 {value = 0 : index} : index
    %19 = buffer [1] seq %32#4 {initValues = [0]} : i1
    %20:4 = fork [4] %19 : i1
    %21 = mux %20#3 [%18, %77] : i1, index
    %22 = buffer [2] seq %21 : index
    %23:2 = fork [2] %22 : index
    %24 = mux %20#2 [%trueResult, %56#1] : i1, index
    %25 = buffer [2] seq %24 : index
    %26 = mux %20#1 [%trueResult_0, %falseResult_21] : i1, index
    %27 = buffer [2] seq %26 : index
    %28:2 = fork [2] %27 : index
    %29 = mux %20#0 [%17#0, %78] : i1, none
    %30 = buffer [2] seq %29 : none
    %31 = arith.cmpi slt, %23#1, %28#1 : index
    %32:5 = fork [5] %31 : i1
    %trueResult_4, %falseResult_5 = cond_br %32#3, %23#0 : index
    sink %falseResult_5 : index
    %trueResult_6, %falseResult_7 = cond_br %32#2, %25 : index
    %trueResult_8, %falseResult_9 = cond_br %32#1, %28#0 : index
    %trueResult_10, %falseResult_11 = cond_br %32#0, %30 : none
    %33:2 = fork [2] %falseResult_11 : none
    %34:3 = fork [3] %trueResult_10 : none
    %35 = constant %34#2 {value = 0 : index} : index
    %36 = constant %34#1 {value = 0 : i32} : i32
    %37 = buffer [1] seq %54#6 {initValues = [0]} : i1
    %38:6 = fork [6] %37 : i1
    %39 = mux %38#5 [%35, %71] : i1, index
    %40 = buffer [2] seq %39 : index
    %41:2 = fork [2] %40 : index
    %42 = mux %38#4 [%36, %69] : i1, i32
    %43 = buffer [2] seq %42 : i32
    %44 = mux %38#3 [%trueResult_6, %57#1] : i1, index
    %45 = buffer [2] seq %44 : index
    %46 = mux %38#2 [%trueResult_4, %59#1] : i1, index
    %47 = buffer [2] seq %46 : index
    %48 = mux %38#1 [%trueResult_8, %trueResult_20] : i1, index
    %49 = buffer [2] seq %48 : index
    %50:2 = fork [2] %49 : index
    %51 = mux %38#0 [%34#0, %72] : i1, none
    %52 = buffer [2] seq %51 : none
    %53 = arith.cmpi slt, %41#1, %50#1 : index
    %54:7 = fork [7] %53 : i1
    %trueResult_12, %falseResult_13 = cond_br %54#5, %41#0 : index
    sink %falseResult_13 : index
    %55:3 = fork [3] %trueResult_12 : index
    %trueResult_14, %falseResult_15 = cond_br %54#4, %43 : i32
    %trueResult_16, %falseResult_17 = cond_br %54#3, %45 : index
    %56:2 = fork [2] %falseResult_17 : index
    %57:2 = fork [2] %trueResult_16 : index
    %trueResult_18, %falseResult_19 = cond_br %54#2, %47 : index
    %58:2 = fork [2] %falseResult_19 : index
    %59:2 = fork [2] %trueResult_18 : index
    %trueResult_20, %falseResult_21 = cond_br %54#1, %50#0 : index
    %trueResult_22, %falseResult_23 = cond_br %54#0, %52 : none
    %60:3 = fork [3] %falseResult_23 : none
    %61:4 = fork [4] %trueResult_22 : none
    %62 = constant %61#3 {value = 4 : index} : index
    %63:2 = fork [2] %62 : index
    %64 = arith.muli %57#0, %63#1 : index
    %65 = arith.addi %64, %55#2 : index
    %66 = arith.muli %55#1, %63#0 : index
    %67 = arith.addi %66, %59#0 : index
    %dataResult, %addressResults = load [%65] %1#0, %61#2 : index, i32
    %dataResult_24, %addressResults_25 = load [%67] %2#0, %61#1 : index, i32
    %68 = arith.muli %dataResult, %dataResult_24 : i32
    %69 = arith.addi %trueResult_14, %68 : i32
    %70 = constant %61#0 {value = 1 : index} : index
    %71 = arith.addi %55#0, %70 : index
    %72 = join %1#1, %2#1 : none, none
    %73 = constant %60#2 {value = 4 : index} : index
    %74 = arith.muli %56#0, %73 : index
    %75 = arith.addi %74, %58#1 : index
    %dataResult_26, %addressResult = store [%75] %falseResult_15, %60#1 : index, i32
    %76 = constant %60#0 {value = 1 : index} : index
    %77 = arith.addi %58#0, %76 : index
    %78 = join %3 : none
    %79 = constant %33#0 {value = 1 : index} : index
    %80 = arith.addi %falseResult_7, %79 : index
    return %falseResult_3 : none
  }
}

