// Spec 003's raw valid and ready wires. The start token's valid and ready are unbundled and bundled back
// (`%go` is the start token: it triggers a constant and is the done token); `a`'s control token has its
// valid and ready unbundled and bundled back on the way between the unbundle of `a` and the bundle that
// puts `a`'s data and tag back with it, then a buffer holds it. The pairs are wiring: r = a, k = 3.
handshake.func @raw_valid_ready(%a: !handshake.channel<i32, [tag: i4]>, %start: !handshake.control)
    -> (!handshake.channel<i32, [tag: i4]>, i32, !handshake.control) {
  %valid = unbundle %start, %ready : i1
  %go, %ready = bundle %valid : !handshake.control, i1
  %g:2 = fork [2] %go : !handshake.control
  %k = constant %g#0 {value = 3 : i32} : i32
  %ctl, %data, %tag = unbundle %a : !handshake.control, i32, i4
  %v = unbundle %ctl, %r : i1
  %ctl2, %r = bundle %v : !handshake.control, i1
  %b = bundle %ctl2, %data [%tag] : !handshake.channel<i32, [tag: i4]>
  %held = buffer [2] seq %b : !handshake.channel<i32, [tag: i4]>
  return %held, %k, %g#1 : !handshake.channel<i32, [tag: i4]>, i32, !handshake.control
}
