// Spec 003's signal operations. `a` (data + spec bit + 4-bit tag) is composed into one 37-bit data bus,
// held in a buffer that knows nothing of extras, decomposed again and unbundled; the bundle keeps the data
// and the tag and drops the spec bit. `b` has its extras folded into one 5-bit signal beside the data
// (compose's second form), goes through a FIFO, and is decomposed back.
handshake.func @signals(%a: !handshake.channel<i32, [spec: i1, tag: i4]>,
                        %b: !handshake.channel<i32, [spec: i1, tag: i4]>, %start: !handshake.control)
    -> (!handshake.channel<i32, [tag: i4]>, !handshake.channel<i32, [spec: i1, tag: i4]>, !handshake.control) {
  %a37 = compose %a : !handshake.channel<i32, [spec: i1, tag: i4]> -> !handshake.channel<i37>
  %held = buffer [2] seq %a37 : !handshake.channel<i37>
  %ad = decompose %held : !handshake.channel<i37> -> !handshake.channel<i32, [spec: i1, tag: i4]>
  %ctl, %data, %spec, %tag = unbundle %ad : !handshake.control, i32, i1, i4
  %kept = bundle %ctl, %data [%tag] : !handshake.channel<i32, [tag: i4]>
  %side = compose %b : !handshake.channel<i32, [spec: i1, tag: i4]> -> !handshake.channel<i32, [i5]>
  %queued = buffer [3] fifo %side : !handshake.channel<i32, [i5]>
  %back = decompose %queued : !handshake.channel<i32, [i5]> -> !handshake.channel<i32, [spec: i1, tag: i4]>
  return %kept, %back, %start : !handshake.channel<i32, [tag: i4]>,
                                !handshake.channel<i32, [spec: i1, tag: i4]>, !handshake.control
}
