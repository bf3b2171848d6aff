builtin.module {
  func.func @i1_index_args(%flag: i1, %i: index, %j: index) -> (index, i1) {
    %c3 = arith.constant 3 : index
    %p = arith.muli %i, %c3 : index
    %q = arith.subi %j, %i : index
    %r = arith.select %flag, %p, %q : index
    %lt = arith.cmpi slt, %r, %j : index
    %nf = arith.xori %lt, %flag : i1
    func.return %r, %nf : index, i1
  }
}
