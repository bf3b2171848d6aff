// Made by CIRCT 1.162.0 (pip package circt) from saxpy_hs.mlir: tools/circt_handshake.py --handshake --strategy cycles saxpy_hs.mlir
module {
  handshake.func @saxpy(%arg0: memref<8xi32>, %arg1: memref<8xi32>, %arg2: i32, %arg3: index, %arg4: none, ...) -> none attributes {argNames = ["x", "y", "a", "n", "start"], resNames = ["done"]} {
    %0:2 = fork [2] %arg4 : none
    %1:2 = extmemory[ld = 1, st = 0] (%arg0 : memref<8xi32>) (%addressResults) {id = 0 : i32} : (index) -> (i32, none)
    %2:3 = extmemory[ld = 1, st = 1] (%arg1 : memref<8xi32>) (%dataResult_8, %addressResult, %addressResults_7) {id = 1 : i32} : (i32, index, index) -> (i32, none, none)
    %3 = constant %0#1 {value = 0 : index} : index
    %4 = buffer [1] seq %17#4 {initValues = [0]} : i1
    %5:4 = fork [4] %4 : i1
    %6 = mux %5#3 [%3, %24] : i1, index
    %7 = buffer [2] seq %6 : index
    %8:2 = fork [2] %7 : index
    %9 = mux %5#2 [%arg2, %19#1] : i1, i32
    %10 = buffer [2] seq %9 : i32
    %11 = mux %5#1 [%arg3, %trueResult_2] : i1, index
    %12 = buffer [2] seq %11 : index
    %13:2 = fork [2] %12 : index
    %14 = mux %5#0 [%0#0, %25] : i1, none
    %15 = buffer [2] seq %14 : none
    %16 = arith.cmpi slt, %8#1, %13#1 : index
    %17:5 = fork [5] %16 : i1
    %trueResult, %falseResult = cond_br %17#3, %8#0 : index
    sink %falseResult : index
    %18:4 = fork [4] %trueResult : index
    %trueResult_0, %falseResult_1 = cond_br %17#2, %10 : i32
    sink %falseResult_1 : i32
    %19:2 = fork [2] %trueResult_0 : i32
    %trueResult_2, %falseResult_3 = cond_br %17#1, %13#0 : index
    sink %falseResult_3 : index
    %trueResult_4, %falseResult_5 = cond_br %17#0, %15 : none
    %20:4 = fork [4] %trueResult_4 : none
    %dataResult, %addressResults = load [%18#3] %1#0, %20#3 : index, i32
    %dataResult_6, %addressResults_7 = load [%18#2] %2#0, %20#2 : index, i32
    %21 = arith.muli %19#0, %dataResult : i32
    %22 = arith.addi %21, %dataResult_6 : i32
    %dataResult_8, %addressResult = store [%18#1] %22, %20#1 : index, i32
    %23 = constant %20#0 {value = 1 : index} : index
    %24 = arith.addi %18#0, %23 : index
    %25 = join %1#1, %2#2, %2#1 : none, none, none
    return %falseResult_5 : none
  }
}

