func.func @sum(%n: i16) -> i16 {
  %c0 = arith.constant 0 : i16
  %c1 = arith.constant 1 : i16
  cf.br ^loop(%c0, %c0 : i16, i16)
^loop(%i: i16, %acc: i16):
  %lt = arith.cmpi slt, %i, %n : i16
  cf.cond_br %lt, ^body, ^exit
^body:
  %s = arith.addi %acc, %i : i16
  %i2 = arith.addi %i, %c1 : i16
  cf.br ^loop(%i2, %s : i16, i16)
^exit:
  return %acc : i16
}
