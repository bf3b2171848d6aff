// Made by CIRCT 1.162.0 (pip package circt) from vscale_hs.mlir: tools/circt_handshake.py --handshake vscale_hs.mlir
module {
  handshake.func @vscale(%arg0: memref<8xi32>, %arg1: i32, %arg2: none, ...) -> none attributes {argNames = ["a", "k", "start"], resNames = ["done"]} {
    %0 = buffer [2] seq %arg2 : none
    %1 = buffer [2] seq %arg1 : i32
    %2:3 = extmemory[ld = 1, st = 1] (%arg0 : memref<8xi32>) (%58, %57, %53) {id = 0 : i32} : (i32, index, index) -> (i32, none, none)
    %3 = buffer [2] seq %2#2 : none
    %4 = buffer [2] seq %2#1 : none
    %5 = buffer [2] seq %2#0 : i32
    %6:2 = fork [2] %0 : none
    %7 = buffer [2] seq %6#1 : none
    %8 = buffer [2] seq %6#0 : none
    %9 = constant %8 {value = 0 : index} : index
    %10 = buffer [2] seq %9 : index
    %11 = buffer [1] seq %32#3 {initValues = [0]} : i1
    %12:3 = fork [3] %11 : i1
    %13 = buffer [2] seq %12#2 : i1
    %14 = buffer [2] seq %12#1 : i1
    %15 = buffer [2] seq %12#0 : i1
    %16 = mux %15 [%10, %62] : i1, index
    %17 = buffer [2] seq %16 : index
    %18 = mux %14 [%1, %47] : i1, i32
    %19 = buffer [2] seq %18 : i32
    %20 = mux %13 [%7, %64] : i1, none
    %21 = buffer [2] seq %20 : none
    %22:2 = fork [2] %21 : none
    %23 = buffer [2] seq %22#1 : none
    %24 = buffer [2] seq %22#0 : none
    %25 = constant %24 {value = 8 : index} : index
    %26 = buffer [2] seq %25 : index
    %27:2 = fork [2] %17 : index
    %28 = buffer [2] seq %27#1 : index
    %29 = buffer [2] seq %27#0 : index
    %30 = arith.cmpi slt, %29, %26 : index
    %31 = buffer [2] seq %30 : i1
    %32:4 = fork [4] %31 : i1
    %33 = buffer [2] seq %32#2 : i1
    %34 = buffer [2] seq %32#1 : i1
    %35 = buffer [2] seq %32#0 : i1
    %trueResult, %falseResult = cond_br %35, %28 : index
    %36 = buffer [2] seq %falseResult : index
    %37 = buffer [2] seq %trueResult : index
    sink %36 : index
    %trueResult_0, %falseResult_1 = cond_br %34, %19 : i32
    %38 = buffer [2] seq %falseResult_1 : i32
    %39 = buffer [2] seq %trueResult_0 : i32
    sink %38 : i32
    %trueResult_2, %falseResult_3 = cond_br %33, %23 : none
    %40 = buffer [2] seq %falseResult_3 : none
    %41 = buffer [2] seq %trueResult_2 : none
    %42:3 = fork [3] %37 : index
    %43 = buffer [2] seq %42#2 : index
    %44 = buffer [2] seq %42#1 : index
    %45 = buffer [2] seq %42#0 : index
    %46:2 = fork [2] %39 : i32
    %47 = buffer [2] seq %46#1 : i32
    %48 = buffer [2] seq %46#0 : i32
    %49:3 = fork [3] %41 : none
    %50 = buffer [2] seq %49#2 : none
    %51 = buffer [2] seq %49#1 : none
    %52 = buffer [2] seq %49#0 : none
    %dataResult, %addressResults = load [%45] %5, %52 : index, i32
    %53 = buffer [2] seq %addressResults : index
    %54 = buffer [2] seq %dataResult : i32
    %55 = arith.muli %54, %48 : i32
    %56 = buffer [2] seq %55 : i32
    %dataResult_4, %addressResult = store [%44] %56, %51 : index, i32
    %57 = buffer [2] seq %addressResult : index
    %58 = buffer [2] seq %dataResult_4 : i32
    %59 = constant %50 {value = 1 : index} : index
    %60 = buffer [2] seq %59 : index
    %61 = arith.addi %43, %60 : index
    %62 = buffer [2] seq %61 : index
    %63 = join %4, %3 : none, none
    %64 = buffer [2] seq %63 : none
    return %40 : none
  }
}

