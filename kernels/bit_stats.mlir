// Polygeist/cgeist output style (issue 25): the integer `math` operations cgeist emits for the bit builtins
// (`__builtin_clz`, `__builtin_ctz`, `__builtin_popcount`, `abs`) on three widths, over a pointer argument.
// C (clz/ctz of 0 taken as the width, MLIR's semantics; the sum wraps, abs(INT_MIN) = INT_MIN):
//   int bit_stats(int *a, int n, int *out, short *gray) {
//     int s = 0;
//     for (int i = 0; i < n; i++) {
//       int x = a[i];
//       out[i] = clz(x) << 16 | ctz(x) << 8 | popcount(x);
//       short g = (short)x ^ (unsigned short)x >> 1;
//       gray[i] = clz16(g) + popcount16(g) * 32;
//       s += abs(x) + (int)clz64((unsigned long)x);
//     }
//     return s;
//   }
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i1, dense<8> : vector<2xi32>>, #dlti.dl_entry<i8, dense<8> : vector<2xi32>>, #dlti.dl_entry<i16, dense<16> : vector<2xi32>>, #dlti.dl_entry<i32, dense<32> : vector<2xi32>>, #dlti.dl_entry<i64, dense<64> : vector<2xi32>>, #dlti.dl_entry<f64, dense<64> : vector<2xi32>>, #dlti.dl_entry<!llvm.ptr, dense<64> : vector<4xi32>>, #dlti.dl_entry<"dlti.endianness", "little">, #dlti.dl_entry<"dlti.stack_alignment", 128 : i32>>, llvm.data_layout = "e-m:e-i64:64-f80:128-n8:16:32:64-S128", llvm.target_triple = "x86_64-unknown-linux-gnu", "polygeist.target-cpu" = "x86-64", "polygeist.tune-cpu" = "generic"} {
  func.func @bit_stats(%arg0: memref<?xi32>, %arg1: i32, %arg2: memref<?xi32>, %arg3: memref<?xi16>) -> i32 attributes {llvm.linkage = #llvm.linkage<external>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i16 = arith.constant 1 : i16
    %c5_i16 = arith.constant 5 : i16
    %c8_i32 = arith.constant 8 : i32
    %c16_i32 = arith.constant 16 : i32
    %0 = arith.index_cast %arg1 : i32 to index
    %1 = affine.for %arg4 = 0 to %0 iter_args(%arg5 = %c0_i32) -> (i32) {
      %2 = affine.load %arg0[%arg4] : memref<?xi32>
      %3 = math.ctlz %2 : i32
      %4 = math.cttz %2 : i32
      %5 = math.ctpop %2 : i32
      %6 = arith.shli %3, %c16_i32 : i32
      %7 = arith.shli %4, %c8_i32 : i32
      %8 = arith.ori %6, %7 : i32
      %9 = arith.ori %8, %5 : i32
      affine.store %9, %arg2[%arg4] : memref<?xi32>
      %10 = arith.trunci %2 : i32 to i16
      %11 = arith.shrui %10, %c1_i16 : i16
      %12 = arith.xori %10, %11 : i16
      %13 = math.ctlz %12 : i16
      %14 = math.ctpop %12 : i16
      %15 = arith.shli %14, %c5_i16 : i16
      %16 = arith.addi %13, %15 : i16
      affine.store %16, %arg3[%arg4] : memref<?xi16>
      %17 = math.absi %2 : i32
      %18 = arith.extui %2 : i32 to i64
      %19 = math.ctlz %18 : i64
      %20 = arith.trunci %19 : i64 to i32
      %21 = arith.addi %arg5, %17 : i32
      %22 = arith.addi %21, %20 : i32
      affine.yield %22 : i32
    }
    return %1 : i32
  }
}
