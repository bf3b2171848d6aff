// C[i][j] = sum_k A[i][k] * B[k][j] for i, j, k < n (n <= 4, row-major 4x4 arrays): three nested loops
// over three memories, written as CIRCT's lower-cf-to-handshake writes loops (by hand, as saxpy_hs.mlir;
// each loop's muxes take their entry values from the enclosing loop's body and their back edge values from
// the exit of the loop inside). matmul.mlir is this file after tools/circt_handshake.py --handshake
// --strategy cycles.
handshake.func @matmul(%A: memref<16xi32>, %B: memref<16xi32>, %C: memref<16xi32>, %n: index, %start: none, ...) -> none attributes {argNames = ["A", "B", "C", "n", "start"], resNames = ["done"]} {
  %aData, %aLdDone = extmemory[ld = 1, st = 0] (%A : memref<16xi32>) (%aAddr) {id = 0 : i32} : (index) -> (i32, none)
  %bData, %bLdDone = extmemory[ld = 1, st = 0] (%B : memref<16xi32>) (%bAddr) {id = 1 : i32} : (index) -> (i32, none)
  %cStDone = extmemory[ld = 0, st = 1] (%C : memref<16xi32>) (%cStData, %cStAddr) {id = 2 : i32} : (i32, index) -> (none)
  %i0 = constant %start {value = 0 : index} : index
  %seli = buffer [1] seq %lti {initValues = [0]} : i1
  %i = mux %seli [%i0, %inext] : i1, index
  %ni = mux %seli [%n, %njF] : i1, index
  %ci = mux %seli [%start, %cjF] : i1, none
  %lti = arith.cmpi slt, %i, %ni : index
  %iT, %iF = cond_br %lti, %i : index
  %niT, %niF = cond_br %lti, %ni : index
  %ciT, %ciF = cond_br %lti, %ci : none
  %j0 = constant %ciT {value = 0 : index} : index
  %selj = buffer [1] seq %ltj {initValues = [0]} : i1
  %j = mux %selj [%j0, %jnext] : i1, index
  %ij = mux %selj [%iT, %ikF] : i1, index
  %nj = mux %selj [%niT, %nkF] : i1, index
  %cj = mux %selj [%ciT, %cjnext] : i1, none
  %ltj = arith.cmpi slt, %j, %nj : index
  %jT, %jF = cond_br %ltj, %j : index
  %ijT, %ijF = cond_br %ltj, %ij : index
  %njT, %njF = cond_br %ltj, %nj : index
  %cjT, %cjF = cond_br %ltj, %cj : none
  %k0 = constant %cjT {value = 0 : index} : index
  %acc0 = constant %cjT {value = 0 : i32} : i32
  %selk = buffer [1] seq %ltk {initValues = [0]} : i1
  %k = mux %selk [%k0, %knext] : i1, index
  %acc = mux %selk [%acc0, %accnext] : i1, i32
  %ik = mux %selk [%ijT, %ikT] : i1, index
  %jk = mux %selk [%jT, %jkT] : i1, index
  %nk = mux %selk [%njT, %nkT] : i1, index
  %ck = mux %selk [%cjT, %cknext] : i1, none
  %ltk = arith.cmpi slt, %k, %nk : index
  %kT, %kF = cond_br %ltk, %k : index
  %accT, %accF = cond_br %ltk, %acc : i32
  %ikT, %ikF = cond_br %ltk, %ik : index
  %jkT, %jkF = cond_br %ltk, %jk : index
  %nkT, %nkF = cond_br %ltk, %nk : index
  %ckT, %ckF = cond_br %ltk, %ck : none
  %four = constant %ckT {value = 4 : index} : index
  %ai4 = arith.muli %ikT, %four : index
  %ai = arith.addi %ai4, %kT : index
  %bk4 = arith.muli %kT, %four : index
  %bi = arith.addi %bk4, %jkT : index
  %av, %aAddr = load [%ai] %aData, %ckT : index, i32
  %bv, %bAddr = load [%bi] %bData, %ckT : index, i32
  %prod = arith.muli %av, %bv : i32
  %accnext = arith.addi %accT, %prod : i32
  %onek = constant %ckT {value = 1 : index} : index
  %knext = arith.addi %kT, %onek : index
  %cknext = join %aLdDone, %bLdDone : none, none
  %fourc = constant %ckF {value = 4 : index} : index
  %ci4 = arith.muli %ikF, %fourc : index
  %cidx = arith.addi %ci4, %jkF : index
  %cStData, %cStAddr = store [%cidx] %accF, %ckF : index, i32
  %onej = constant %ckF {value = 1 : index} : index
  %jnext = arith.addi %jkF, %onej : index
  %cjnext = join %cStDone : none
  %onei = constant %cjF {value = 1 : index} : index
  %inext = arith.addi %ijF, %onei : index
  return %ciF : none
}
