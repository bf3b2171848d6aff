builtin.module {
  func.func @cf_sum(%n: index) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    cf.br ^hdr(%c0, %z : index, i32)
  ^hdr(%i: index, %acc: i32):
    %lt = arith.cmpi slt, %i, %n : index
    cf.cond_br %lt, ^body, ^exit
  ^body:
    %ii = arith.index_cast %i : index to i32
    %a = arith.addi %acc, %ii : i32
    %i1 = arith.addi %i, %c1 : index
    cf.br ^hdr(%i1, %a : index, i32)
  ^exit:
    func.return %acc : i32
  }
}
