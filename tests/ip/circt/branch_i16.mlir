func.func @branch(%a: i16, %b: i16) -> i16 {
  %c = arith.cmpi ult, %a, %b : i16
  cf.cond_br %c, ^then, ^else
^then:
  %d = arith.subi %b, %a : i16
  cf.br ^join(%d : i16)
^else:
  %e = arith.xori %a, %b : i16
  cf.br ^join(%e : i16)
^join(%r: i16):
  return %r : i16
}
