// Made by CIRCT 1.162.0 (pip package circt) from tuples_hs.mlir: tools/circt_handshake.py --handshake tuples_hs.mlir
module {
  handshake.func @tuples(%arg0: i32, %arg1: i8, %arg2: none, ...) -> (i32, i8, none) attributes {argNames = ["a", "b", "s"], resNames = ["sum", "b", "done"]} {
    %0 = buffer [2] seq %arg2 : none
    %1 = buffer [2] seq %arg1 : i8
    %2 = buffer [2] seq %arg0 : i32
    %3 = pack %2, %1 : tuple<i32, i8>
    %4 = buffer [2] seq %3 : tuple<i32, i8>
    %5:2 = unpack %4 : tuple<i32, i8>
    %6 = buffer [2] seq %5#1 : i8
    %7 = buffer [2] seq %5#0 : i32
    %8:2 = fork [2] %6 : i8
    %9 = buffer [2] seq %8#1 : i8
    %10 = buffer [2] seq %8#0 : i8
    %11 = arith.extsi %9 : i8 to i32
    %12 = buffer [2] seq %11 : i32
    %13 = arith.addi %7, %12 : i32
    %14 = buffer [2] seq %13 : i32
    %15:3 = sync %14, %10, %0 : i32, i8, none
    %16 = buffer [2] seq %15#2 : none
    %17 = buffer [2] seq %15#1 : i8
    %18 = buffer [2] seq %15#0 : i32
    return %18, %17, %16 : i32, i8, none
  }
}

