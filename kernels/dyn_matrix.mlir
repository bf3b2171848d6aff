// Polygeist/cgeist output style (issue 25): two memref<?x?xi32> arguments whose sizes are known on a run only
// (nested lists in the inputs), memref.dim of both, row-major addresses through the run's sizes, affine.max /
// affine.min for clamped neighbours and ceildiv. C (n x m matrix A, m x n matrix B, sizes from the arrays):
//   for (i = 0; i < n; i++) for (j = 0; j < m; j++)
//     B[j][i] = A[i][max(j - 1, 0)] + A[i][min(j + 1, m - 1)] - A[i][j];
//   return (n + m + 2) / 3 rounded up;
#map = affine_map<(d0) -> (d0 - 1, 0)>
#map1 = affine_map<(d0)[s0] -> (d0 + 1, s0 - 1)>
#map2 = affine_map<()[s0, s1] -> ((s0 + s1 + 2) ceildiv 3)>
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i32, dense<32> : vector<2xi32>>, #dlti.dl_entry<"dlti.endianness", "little">>, llvm.target_triple = "x86_64-unknown-linux-gnu"} {
  func.func @dyn_matrix(%arg0: memref<?x?xi32>, %arg1: memref<?x?xi32>) -> index attributes {llvm.linkage = #llvm.linkage<external>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = memref.dim %arg0, %c0 : memref<?x?xi32>
    %1 = memref.dim %arg0, %c1 : memref<?x?xi32>
    affine.for %arg2 = 0 to %0 {
      affine.for %arg3 = 0 to %1 {
        %3 = affine.max #map(%arg3)
        %4 = affine.min #map1(%arg3)[%1]
        %5 = affine.load %arg0[%arg2, symbol(%3)] : memref<?x?xi32>
        %6 = affine.load %arg0[%arg2, symbol(%4)] : memref<?x?xi32>
        %7 = affine.load %arg0[%arg2, %arg3] : memref<?x?xi32>
        %8 = arith.addi %5, %6 : i32
        %9 = arith.subi %8, %7 : i32
        affine.store %9, %arg1[%arg3, %arg2] : memref<?x?xi32>
      }
    }
    %2 = affine.apply #map2()[%0, %1]
    return %2 : index
  }
}
