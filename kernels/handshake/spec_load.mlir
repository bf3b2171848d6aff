// Spec 003's extra signals through memory loads: each address carries a speculation bit and a 4-bit tag;
// the memory sees the plain index and each load returns its word with its address's extras (the specs
// README: a load forwards the address operand's extras to the data it returns). r0 = mem[i] with i's
// extras, r1 = mem[i] + mem[j] with the extras ORed (arith.addi's rule).
handshake.func @spec_load(%mem: memref<8xi32>, %i: !handshake.channel<index, [spec: i1, tag: i4]>,
                          %j: !handshake.channel<index, [spec: i1, tag: i4]>, %start: none)
    -> (!handshake.channel<i32, [spec: i1, tag: i4]>, !handshake.channel<i32, [spec: i1, tag: i4]>, none) {
  %s:3 = fork [3] %start : none
  %ld:4 = extmemory [ld = 2, st = 0] (%mem : memref<8xi32>) (%a0, %a1) {id = 0 : i32} : (index, index) -> (i32, i32, none, none)
  %d0, %a0 = load [%i] %ld#0, %s#0 : !handshake.channel<index, [spec: i1, tag: i4]>, i32
  %d1, %a1 = load [%j] %ld#1, %s#1 : !handshake.channel<index, [spec: i1, tag: i4]>, i32
  %d0f:2 = fork [2] %d0 : !handshake.channel<i32, [spec: i1, tag: i4]>
  %sum = arith.addi %d0f#1, %d1 : !handshake.channel<i32, [spec: i1, tag: i4]>
  %done = join %s#2, %ld#2, %ld#3 : none, none, none
  return %d0f#0, %sum, %done : !handshake.channel<i32, [spec: i1, tag: i4]>, !handshake.channel<i32, [spec: i1, tag: i4]>, none
}
