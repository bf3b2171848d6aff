// Polygeist/cgeist output style (issue 25): calls of static helper functions (inlined by the lowering, nested two
// deep, one helper called twice on different memories), a local array passed as a pointer (`memref.alloca`
// cast to memref<?xi32> in MLIR's custom syntax), llvm.mlir.undef for a variable read before it is written
// (dfv's choice: 0), and scf.while for a C while loop. C:
//   static int clamp(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }
//   static void scale(int *v, int n, int k) { for (int i = 0; i < n; i++) v[i] = clamp(v[i] * k, -100, 100); }
//   int calls_undef(int *a, int n, int k) {
//     int t[4]; for (int i = 0; i < 4; i++) t[i] = a[i];
//     scale(t, 4, k); scale(a, n, k + 1);
//     int last; int i = 0; while (i < n && a[i] != 0) { last = a[i]; i++; }
//     return last + t[3] - t[0]; }
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i32, dense<32> : vector<2xi32>>, #dlti.dl_entry<i64, dense<64> : vector<2xi32>>, #dlti.dl_entry<!llvm.ptr, dense<64> : vector<4xi32>>, #dlti.dl_entry<"dlti.endianness", "little">>, llvm.data_layout = "e-m:e-i64:64-n8:16:32:64-S128", llvm.target_triple = "x86_64-unknown-linux-gnu", "polygeist.target-cpu" = "x86-64"} {
  func.func private @clamp(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 attributes {llvm.linkage = #llvm.linkage<internal>} {
    %0 = arith.cmpi slt, %arg0, %arg1 : i32
    %1 = arith.cmpi sgt, %arg0, %arg2 : i32
    %2 = arith.select %1, %arg2, %arg0 : i32
    %3 = arith.select %0, %arg1, %2 : i32
    return %3 : i32
  }
  func.func private @scale(%arg0: memref<?xi32>, %arg1: i32, %arg2: i32) attributes {llvm.linkage = #llvm.linkage<internal>} {
    %c-100_i32 = arith.constant -100 : i32
    %c100_i32 = arith.constant 100 : i32
    %0 = arith.index_cast %arg1 : i32 to index
    affine.for %arg3 = 0 to %0 {
      %1 = affine.load %arg0[%arg3] : memref<?xi32>
      %2 = arith.muli %1, %arg2 : i32
      %3 = func.call @clamp(%2, %c-100_i32, %c100_i32) : (i32, i32, i32) -> i32
      affine.store %3, %arg0[%arg3] : memref<?xi32>
    }
    return
  }
  func.func @calls_undef(%arg0: memref<?xi32>, %arg1: i32, %arg2: i32) -> i32 attributes {llvm.linkage = #llvm.linkage<external>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %alloca = memref.alloca() : memref<4xi32>
    affine.for %arg3 = 0 to 4 {
      %7 = affine.load %arg0[%arg3] : memref<?xi32>
      affine.store %7, %alloca[%arg3] : memref<4xi32>
    }
    %cast = memref.cast %alloca : memref<4xi32> to memref<?xi32>
    call @scale(%cast, %c4_i32, %arg2) : (memref<?xi32>, i32, i32) -> ()
    %0 = arith.addi %arg2, %c1_i32 : i32
    call @scale(%arg0, %arg1, %0) : (memref<?xi32>, i32, i32) -> ()
    %1 = llvm.mlir.undef : i32
    %2:2 = scf.while (%arg3 = %c0_i32, %arg4 = %1) : (i32, i32) -> (i32, i32) {
      %7 = arith.cmpi slt, %arg3, %arg1 : i32
      %8 = scf.if %7 -> (i1) {
        %9 = arith.index_cast %arg3 : i32 to index
        %10 = memref.load %arg0[%9] : memref<?xi32>
        %11 = arith.cmpi ne, %10, %c0_i32 : i32
        scf.yield %11 : i1
      } else {
        %false = arith.constant false
        scf.yield %false : i1
      }
      scf.condition(%8) %arg3, %arg4 : i32, i32
    } do {
    ^bb0(%arg3: i32, %arg4: i32):
      %7 = arith.index_cast %arg3 : i32 to index
      %8 = memref.load %arg0[%7] : memref<?xi32>
      %9 = arith.addi %arg3, %c1_i32 : i32
      scf.yield %9, %8 : i32, i32
    }
    %3 = affine.load %alloca[3] : memref<4xi32>
    %4 = affine.load %alloca[0] : memref<4xi32>
    %5 = arith.addi %2#1, %3 : i32
    %6 = arith.subi %5, %4 : i32
    return %6 : i32
  }
}
