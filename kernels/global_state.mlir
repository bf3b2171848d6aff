// Polygeist/cgeist output style (issue 25): mutable globals beside a constant one. `@hist` (i32, a splat initial
// value `dense<1>`) is updated in place (read-modify-write with a data-dependent index) and read back by a second
// loop; `@scratch` (`= uninitialized`, i16, read only after it is written: dfv gives it zeros) is written then read
// in reverse; `@coef` is a constant 2-D f32 table. Both functions read `@hist` through their own
// `memref.get_global`, so the helper's updates (inlined) are seen by the caller's loads: one global, one memory.
// Every run starts from the initial values (the hardware memory reloads them at reset). C:
//   static int hist[8] = {1, 1, 1, 1, 1, 1, 1, 1};
//   static short scratch[4];
//   static const float coef[2][4] = {{0.5, 0.25, -1.5, 2.0}, {0.1, 3.0, -0.75, 1.0}};
//   static void count(int *data, int n) { for (int i = 0; i < n; i++) hist[data[i] & 7] += 1; }
//   int global_state(int *data, int n, float *out) {
//     count(data, n);
//     int s = 0; for (int k = 0; k < 8; k++) s += hist[k] * (k + 1);
//     for (int k = 0; k < 4; k++) scratch[k] = (short)hist[k];
//     float f = 0; for (int k = 0; k < 4; k++) f += coef[k & 1][k] * (float)scratch[3 - k];
//     out[0] = f;
//     return s; }
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i32, dense<32> : vector<2xi32>>, #dlti.dl_entry<i64, dense<64> : vector<2xi32>>, #dlti.dl_entry<!llvm.ptr, dense<64> : vector<4xi32>>, #dlti.dl_entry<"dlti.endianness", "little">>, llvm.data_layout = "e-m:e-i64:64-n8:16:32:64-S128", llvm.target_triple = "x86_64-unknown-linux-gnu", "polygeist.target-cpu" = "x86-64"} {
  memref.global "private" @hist : memref<8xi32> = dense<1> {alignment = 16 : i64}
  memref.global "private" @scratch : memref<4xi16> = uninitialized
  memref.global "private" constant @coef : memref<2x4xf32> = dense<[[5.000000e-01, 2.500000e-01, -1.500000e+00, 2.000000e+00], [1.000000e-01, 3.000000e+00, -7.500000e-01, 1.000000e+00]]> {alignment = 16 : i64}
  func.func private @count(%arg0: memref<?xi32>, %arg1: i32) attributes {llvm.linkage = #llvm.linkage<internal>} {
    %c7_i32 = arith.constant 7 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = memref.get_global @hist : memref<8xi32>
    %1 = arith.index_cast %arg1 : i32 to index
    affine.for %arg2 = 0 to %1 {
      %2 = affine.load %arg0[%arg2] : memref<?xi32>
      %3 = arith.andi %2, %c7_i32 : i32
      %4 = arith.index_cast %3 : i32 to index
      %5 = memref.load %0[%4] : memref<8xi32>
      %6 = arith.addi %5, %c1_i32 : i32
      memref.store %6, %0[%4] : memref<8xi32>
    }
    return
  }
  func.func @global_state(%arg0: memref<?xi32>, %arg1: i32, %arg2: memref<?xf32>) -> i32 attributes {llvm.linkage = #llvm.linkage<external>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant 0.000000e+00 : f32
    call @count(%arg0, %arg1) : (memref<?xi32>, i32) -> ()
    %0 = memref.get_global @hist : memref<8xi32>
    %1 = affine.for %arg3 = 0 to 8 iter_args(%arg4 = %c0_i32) -> (i32) {
      %7 = affine.load %0[%arg3] : memref<8xi32>
      %8 = arith.index_cast %arg3 : index to i32
      %9 = arith.addi %8, %c1_i32 : i32
      %10 = arith.muli %7, %9 : i32
      %11 = arith.addi %arg4, %10 : i32
      affine.yield %11 : i32
    }
    %2 = memref.get_global @scratch : memref<4xi16>
    affine.for %arg3 = 0 to 4 {
      %7 = affine.load %0[%arg3] : memref<8xi32>
      %8 = arith.trunci %7 : i32 to i16
      affine.store %8, %2[%arg3] : memref<4xi16>
    }
    %3 = memref.get_global @coef : memref<2x4xf32>
    %4 = affine.for %arg3 = 0 to 4 iter_args(%arg4 = %cst) -> (f32) {
      %7 = affine.load %3[%arg3 mod 2, %arg3] : memref<2x4xf32>
      %8 = affine.load %2[-%arg3 + 3] : memref<4xi16>
      %9 = arith.sitofp %8 : i16 to f32
      %10 = arith.mulf %7, %9 : f32
      %11 = arith.addf %arg4, %10 : f32
      affine.yield %11 : f32
    }
    affine.store %4, %arg2[0] : memref<?xf32>
    return %1 : i32
  }
}
