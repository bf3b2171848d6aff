// Spec 003's upstream (U) extra signals: wires that flow against the tokens, from a channel's consumer to
// its producer. `a` carries a 2-bit `credit` upstream: its unbundle takes it from the bundle that puts
// `a` back together (so it comes from that channel's consumer), and compose / decompose fold it into one
// upstream signal and back; `b`'s two upstream signals come back through a pair whose own control token
// has its valid and ready unbundled on the way. Tokens pass unchanged (r = a, s = b); upstream, the
// circuit drives on each argument what the environment drives on the result it is wired to
// (arg0_up = res0_up, arg1_up = res1_up in every cycle). The done token is the start token, held in a
// buffer (a buffer is not wiring: it could not carry upstream signals).
handshake.func @upstream_extra(%a: !handshake.channel<i32, [spec: i1, credit: (U) i2]>,
                               %b: !handshake.channel<i8, [(U) i1, stall: (U) i3]>, %start: !handshake.control)
    -> (!handshake.channel<i32, [spec: i1, credit: (U) i2]>, !handshake.channel<i8, [go: (U) i1, stall: (U) i3]>,
        !handshake.control) {
  %c, %d, %s = unbundle %a, %credit : !handshake.control, i32, i1
  %a2, %credit = bundle %c, %d [%s] : !handshake.channel<i32, [spec: i1, credit: (U) i2]>
  %folded = compose %a2 : !handshake.channel<i32, [spec: i1, credit: (U) i2]> -> !handshake.channel<i33, [(U) i2]>
  %r = decompose %folded : !handshake.channel<i33, [(U) i2]> -> !handshake.channel<i32, [spec: i1, credit: (U) i2]>
  %bc, %bd = unbundle %b, %go, %stall : !handshake.control, i8
  %valid = unbundle %bc, %ready : i1
  %bc2, %ready = bundle %valid : !handshake.control, i1
  %b2, %go, %stall = bundle %bc2, %bd : !handshake.channel<i8, [go: (U) i1, stall: (U) i3]>
  %done = buffer [2] seq %start : !handshake.control
  return %r, %b2, %done : !handshake.channel<i32, [spec: i1, credit: (U) i2]>,
                          !handshake.channel<i8, [go: (U) i1, stall: (U) i3]>, !handshake.control
}
