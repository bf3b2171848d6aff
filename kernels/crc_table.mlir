// Polygeist/cgeist output style (issue 25): a constant lookup table (`memref.global "private" constant`, i8,
// 256 entries, printed as signed values) read with a computed index (`crc ^ data[i]`, zero-extended), through
// `memref.get_global`; the data through a `memref<?xi8>` argument sized by the inputs, `affine.for` with an
// `iter_args` carrying the CRC. C (CRC-8, polynomial 0x07, table-driven):
//   static const unsigned char crc8_table[256] = { 0x00, 0x07, 0x0e, 0x09, ... };
//   unsigned char crc_table(unsigned char *data, int n) {
//     unsigned char crc = 0;
//     for (int i = 0; i < n; i++) crc = crc8_table[crc ^ data[i]];
//     return crc; }
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i32, dense<32> : vector<2xi32>>, #dlti.dl_entry<i64, dense<64> : vector<2xi32>>, #dlti.dl_entry<!llvm.ptr, dense<64> : vector<4xi32>>, #dlti.dl_entry<"dlti.endianness", "little">>, llvm.data_layout = "e-m:e-i64:64-n8:16:32:64-S128", llvm.target_triple = "x86_64-unknown-linux-gnu", "polygeist.target-cpu" = "x86-64"} {
  memref.global "private" constant @crc8_table : memref<256xi8> = dense<[0, 7, 14, 9, 28, 27, 18, 21, 56, 63, 54, 49, 36, 35, 42, 45, 112, 119, 126, 121, 108, 107, 98, 101, 72, 79, 70, 65, 84, 83, 90, 93, -32, -25, -18, -23, -4, -5, -14, -11, -40, -33, -42, -47, -60, -61, -54, -51, -112, -105, -98, -103, -116, -117, -126, -123, -88, -81, -90, -95, -76, -77, -70, -67, -57, -64, -55, -50, -37, -36, -43, -46, -1, -8, -15, -10, -29, -28, -19, -22, -73, -80, -71, -66, -85, -84, -91, -94, -113, -120, -127, -122, -109, -108, -99, -102, 39, 32, 41, 46, 59, 60, 53, 50, 31, 24, 17, 22, 3, 4, 13, 10, 87, 80, 89, 94, 75, 76, 69, 66, 111, 104, 97, 102, 115, 116, 125, 122, -119, -114, -121, -128, -107, -110, -101, -100, -79, -74, -65, -72, -83, -86, -93, -92, -7, -2, -9, -16, -27, -30, -21, -20, -63, -58, -49, -56, -35, -38, -45, -44, 105, 110, 103, 96, 117, 114, 123, 124, 81, 86, 95, 88, 77, 74, 67, 68, 25, 30, 23, 16, 5, 2, 11, 12, 33, 38, 47, 40, 61, 58, 51, 52, 78, 73, 64, 71, 82, 85, 92, 91, 118, 113, 120, 127, 106, 109, 100, 99, 62, 57, 48, 55, 34, 37, 44, 43, 6, 1, 8, 15, 26, 29, 20, 19, -82, -87, -96, -89, -78, -75, -68, -69, -106, -111, -104, -97, -118, -115, -124, -125, -34, -39, -48, -41, -62, -59, -52, -53, -26, -31, -24, -17, -6, -3, -12, -13]> {alignment = 16 : i64}
  func.func @crc_table(%arg0: memref<?xi8>, %arg1: i32) -> i8 attributes {llvm.linkage = #llvm.linkage<external>} {
    %c0_i8 = arith.constant 0 : i8
    %0 = memref.get_global @crc8_table : memref<256xi8>
    %1 = arith.index_cast %arg1 : i32 to index
    %2 = affine.for %arg2 = 0 to %1 iter_args(%arg3 = %c0_i8) -> (i8) {
      %3 = affine.load %arg0[%arg2] : memref<?xi8>
      %4 = arith.xori %arg3, %3 : i8
      %5 = arith.extui %4 : i8 to i32
      %6 = arith.index_cast %5 : i32 to index
      %7 = memref.load %0[%6] : memref<256xi8>
      affine.yield %7 : i8
    }
    return %2 : i8
  }
}
