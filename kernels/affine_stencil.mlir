// Polygeist/cgeist output style (issue 25): module attributes for the host (data layout, target), llvm.linkage,
// pointer arguments as memref<?x8xi32> / memref<?xi32> (sizes bound by the inputs), affine.for with map and
// `min` bounds (tiles of 4 rows), affine.if on an integer set, subscripts with `- 1`, `mod`, `floordiv`,
// memref.dim, and an affine.for with iter_args. C:
//   for (ii = 0; ii < n; ii += 4) for (i = ii; i < min(ii + 4, n); i++) for (j = 0; j < 8; j++)
//     if (i >= 1 && i <= n - 2) B[i][j] = A[i-1][j] + A[i][j] + A[i+1][(j+1) % 8]; else B[i][j] = -A[i][j];
//   for (k = 0; k < 2 * len(w); k++) s += w[k / 2];  return s;
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0)[s0] -> (d0 + 4, s0)>
#map2 = affine_map<()[s0] -> (s0 * 2)>
#set = affine_set<(d0)[s0] : (d0 - 1 >= 0, -d0 + s0 - 2 >= 0)>
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i1, dense<8> : vector<2xi32>>, #dlti.dl_entry<i8, dense<8> : vector<2xi32>>, #dlti.dl_entry<i16, dense<16> : vector<2xi32>>, #dlti.dl_entry<i32, dense<32> : vector<2xi32>>, #dlti.dl_entry<i64, dense<64> : vector<2xi32>>, #dlti.dl_entry<f64, dense<64> : vector<2xi32>>, #dlti.dl_entry<!llvm.ptr, dense<64> : vector<4xi32>>, #dlti.dl_entry<"dlti.endianness", "little">, #dlti.dl_entry<"dlti.stack_alignment", 128 : i32>>, llvm.data_layout = "e-m:e-i64:64-f80:128-n8:16:32:64-S128", llvm.target_triple = "x86_64-unknown-linux-gnu", "polygeist.target-cpu" = "x86-64", "polygeist.tune-cpu" = "generic"} {
  func.func @affine_stencil(%arg0: i32, %arg1: memref<?x8xi32>, %arg2: memref<?x8xi32>, %arg3: memref<?xi32>) -> i32 attributes {llvm.linkage = #llvm.linkage<external>} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.index_cast %arg0 : i32 to index
    affine.for %arg4 = 0 to %0 step 4 {
      affine.for %arg5 = #map(%arg4) to min #map1(%arg4)[%0] {
        affine.for %arg6 = 0 to 8 {
          affine.if #set(%arg5)[%0] {
            %3 = affine.load %arg1[%arg5 - 1, %arg6] : memref<?x8xi32>
            %4 = affine.load %arg1[%arg5, %arg6] : memref<?x8xi32>
            %5 = affine.load %arg1[%arg5 + 1, (%arg6 + 1) mod 8] : memref<?x8xi32>
            %6 = arith.addi %3, %4 : i32
            %7 = arith.addi %6, %5 : i32
            affine.store %7, %arg2[%arg5, %arg6] : memref<?x8xi32>
          } else {
            %3 = affine.load %arg1[%arg5, %arg6] : memref<?x8xi32>
            %4 = arith.subi %c0_i32, %3 : i32
            affine.store %4, %arg2[%arg5, %arg6] : memref<?x8xi32>
          }
        }
      }
    }
    %1 = memref.dim %arg3, %c0 : memref<?xi32>
    %2 = affine.for %arg4 = 0 to #map2()[%1] iter_args(%arg5 = %c0_i32) -> (i32) {
      %3 = affine.load %arg3[%arg4 floordiv 2] : memref<?xi32>
      %4 = arith.addi %arg5, %3 : i32
      affine.yield %4 : i32
    }
    return %2 : i32
  }
}
