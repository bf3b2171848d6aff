// Made by CIRCT 1.162.0 (pip package circt) from credit_hs.mlir: tools/circt_handshake.py --handshake --strategy cycles credit_hs.mlir
module {
  handshake.func @credit(%arg0: i32, %arg1: none, ...) -> (i32, none) attributes {argNames = ["a", "s"], resNames = ["out0", "out1"]} {
    %0 = buffer [2] seq %3#1 : none
    %1 = buffer [1] seq %0 {initValues = [0]} : none
    %2 = join %1, %arg1 : none, none
    %3:3 = fork [3] %2 : none
    %4 = constant %3#0 {value = 1 : i32} : i32
    %5 = arith.addi %arg0, %4 : i32
    return %5, %3#2 : i32, none
  }
}

