func.func @int_ops(%a: i32, %b: i32, %c: i1) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
                                               i32, i32, i1, i1, i1, i1, i32, i64, i64, i8, i64) {
  %add = arith.addi %a, %b : i32
  %sub = arith.subi %a, %b : i32
  %mul = arith.muli %a, %b : i32
  %one = arith.constant 1 : i32
  %nz = arith.ori %b, %one : i32
  %rems = arith.remsi %a, %nz : i32
  %remu = arith.remui %a, %nz : i32
  %and = arith.andi %a, %b : i32
  %or = arith.ori %a, %b : i32
  %xor = arith.xori %a, %b : i32
  %m31 = arith.constant 31 : i32
  %sh = arith.andi %b, %m31 : i32
  %shl = arith.shli %a, %sh : i32
  %shrs = arith.shrsi %a, %sh : i32
  %shru = arith.shrui %a, %sh : i32
  %maxs = arith.maxsi %a, %b : i32
  %mins = arith.minsi %a, %b : i32
  %maxu = arith.maxui %a, %b : i32
  %minu = arith.minui %a, %b : i32
  %lt = arith.cmpi slt, %a, %b : i32
  %ult = arith.cmpi ult, %a, %b : i32
  %eq = arith.cmpi eq, %a, %b : i32
  %sge = arith.cmpi sge, %a, %b : i32
  %sel = arith.select %c, %a, %b : i32
  %exts = arith.extsi %a : i32 to i64
  %extu = arith.extui %a : i32 to i64
  %trunc = arith.trunci %a : i32 to i8
  %idx = arith.index_cast %a : i32 to index
  %idx64 = arith.index_cast %idx : index to i64
  return %add, %sub, %mul, %rems, %remu, %and, %or, %xor, %shl, %shrs, %shru, %maxs, %mins, %maxu, %minu, %nz,
         %lt, %ult, %eq, %sge, %sel, %exts, %extu, %trunc, %idx64
      : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i1, i1, i1, i1, i32, i64,
        i64, i8, i64
}
