// Spec 003's channels with extra signals: a speculation bit and a 4-bit tag travel with the data of
// `a` and `b` through fork, cond_br, mux, arith.addi and buffers. The data-agnostic primitives carry
// them unchanged (composed above the data bits at their RTL ports); arith.addi adds the data and ORs the
// extras (the specs README's rule). r = a + b with spec = a.spec | b.spec, tag = a.tag | b.tag; s = a.
handshake.func @spec_tag(%a: !handshake.channel<i32, [spec: i1, tag: i4]>,
                         %b: !handshake.channel<i32, [spec: i1, tag: i4]>, %c: i1, %start: !handshake.control)
    -> (!handshake.channel<i32, [spec: i1, tag: i4]>, !handshake.channel<i32, [spec: i1, tag: i4]>,
        !handshake.control) {
  %c2:2 = fork [2] %c : i1
  %a2:2 = fork [2] %a : !handshake.channel<i32, [spec: i1, tag: i4]>
  %t, %f = cond_br %c2#0, %b : !handshake.channel<i32, [spec: i1, tag: i4]>
  %m = mux %c2#1 [%f, %t] : i1, !handshake.channel<i32, [spec: i1, tag: i4]>
  %sum = arith.addi %a2#0, %m : !handshake.channel<i32, [spec: i1, tag: i4]>
  %r = buffer [2] seq %sum : !handshake.channel<i32, [spec: i1, tag: i4]>
  %s = buffer [2] fifo %a2#1 : !handshake.channel<i32, [spec: i1, tag: i4]>
  return %r, %s, %start : !handshake.channel<i32, [spec: i1, tag: i4]>,
                          !handshake.channel<i32, [spec: i1, tag: i4]>, !handshake.control
}
