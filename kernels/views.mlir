// Accesses to one root memref through memref.cast, subview, reinterpret_cast, collapse/expand_shape.
func.func @views(%m: memref<4x4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %k = "memref.cast"(%m) : (memref<4x4xi32>) -> memref<?x4xi32>
  %s = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<4x4xi32> to memref<2x2xi32, strided<[4, 1], offset: 5>>
  %f = memref.collapse_shape %m [[0, 1]] : memref<4x4xi32> into memref<16xi32>
  %e = memref.expand_shape %f [[0, 1]] output_shape [2, 8] : memref<16xi32> into memref<2x8xi32>
  %r = memref.reinterpret_cast %m to offset: [2], sizes: [3], strides: [4] : memref<4x4xi32> to memref<3xi32, strided<[4], offset: 2>>
  %a = memref.load %k[%c2, %c3] : memref<?x4xi32>
  %b = memref.load %s[%c1, %c0] : memref<2x2xi32, strided<[4, 1], offset: 5>>
  %sum = arith.addi %a, %b : i32
  memref.store %sum, %s[%c0, %c1] : memref<2x2xi32, strided<[4, 1], offset: 5>>
  %c = memref.load %f[%c3] : memref<16xi32>
  %d = memref.load %e[%c1, %c2] : memref<2x8xi32>
  %cd = arith.muli %c, %d : i32
  memref.store %cd, %r[%c2] : memref<3xi32, strided<[4], offset: 2>>
  %x = memref.load %m[%c1, %c2] : memref<4x4xi32>
  %y = arith.addi %x, %sum : i32
  func.return %y : i32
}
