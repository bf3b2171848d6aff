// Made by CIRCT 1.162.0 (pip package circt) from tri_nest_cf.mlir: tools/circt_handshake.py --strategy cycles tri_nest_cf.mlir
module {
  handshake.func @tri_nest(%arg0: index, %arg1: i32, %arg2: none, ...) -> (i32, index, none) attributes {argNames = ["in0", "in1", "in2"], resNames = ["out0", "out1", "out2"]} {
    %0 = merge %arg0 : index
    %1 = buffer [2] fifo %0 : index
    %2 = merge %arg1 : i32
    %3 = buffer [2] fifo %2 : i32
    %4 = merge %arg2 : none
    %5 = buffer [2] fifo %4 : none
    %6:4 = fork [4] %5 : none
    %7 = constant %6#2 {value = 0 : index} : index
    %8:3 = fork [3] %7 : index
    %9 = constant %6#1 {value = 1 : index} : index
    %10 = constant %6#0 {value = 0 : i32} : i32
    %11 = br %1 : index
    %12 = br %3 : i32
    %13 = br %6#3 : none
    %14 = br %8#0 : index
    %15 = br %8#1 : index
    %16 = br %8#2 : index
    %17 = br %9 : index
    %18 = br %10 : i32
    %result, %index = control_merge %13 : none, index
    %19 = buffer [2] fifo %index : index
    %20 = buffer [2] fifo %result : none
    %21:7 = fork [7] %19 : index
    %22 = buffer [1] seq %56 {initValues = [0]} : i1
    %23:8 = fork [8] %22 : i1
    %24 = mux %23#7 [%20, %169] : i1, none
    %25 = buffer [2] seq %24 : none
    %26 = mux %21#6 [%16] : index, index
    %27 = buffer [2] fifo %26 : index
    %28 = mux %23#6 [%27, %170] : i1, index
    %29 = buffer [2] seq %28 : index
    %30:2 = fork [2] %29 : index
    %31 = mux %21#5 [%18] : index, i32
    %32 = buffer [2] fifo %31 : i32
    %33 = mux %23#5 [%32, %167] : i1, i32
    %34 = buffer [2] seq %33 : i32
    %35 = mux %21#4 [%15] : index, index
    %36 = buffer [2] fifo %35 : index
    %37 = mux %23#4 [%36, %168] : i1, index
    %38 = buffer [2] seq %37 : index
    %39 = mux %21#3 [%11] : index, index
    %40 = buffer [2] fifo %39 : index
    %41 = mux %23#3 [%40, %163] : i1, index
    %42 = buffer [2] seq %41 : index
    %43:2 = fork [2] %42 : index
    %44 = mux %21#2 [%12] : index, i32
    %45 = buffer [2] fifo %44 : i32
    %46 = mux %23#2 [%45, %164] : i1, i32
    %47 = buffer [2] seq %46 : i32
    %48 = mux %21#1 [%14] : index, index
    %49 = buffer [2] fifo %48 : index
    %50 = mux %23#1 [%49, %165] : i1, index
    %51 = buffer [2] seq %50 : index
    %52 = mux %21#0 [%17] : index, index
    %53 = buffer [2] fifo %52 : index
    %54 = mux %23#0 [%53, %166] : i1, index
    %55 = buffer [2] seq %54 : index
    %56 = merge %58#0 : i1
    %57 = arith.cmpi slt, %30#0, %43#0 : index
    %58:9 = fork [9] %57 : i1
    %trueResult, %falseResult = cond_br %58#8, %30#1 : index
    sink %falseResult : index
    %trueResult_0, %falseResult_1 = cond_br %58#7, %34 : i32
    %trueResult_2, %falseResult_3 = cond_br %58#6, %38 : index
    %trueResult_4, %falseResult_5 = cond_br %58#5, %43#1 : index
    sink %falseResult_5 : index
    %trueResult_6, %falseResult_7 = cond_br %58#4, %47 : i32
    sink %falseResult_7 : i32
    %trueResult_8, %falseResult_9 = cond_br %58#3, %51 : index
    sink %falseResult_9 : index
    %trueResult_10, %falseResult_11 = cond_br %58#2, %55 : index
    sink %falseResult_11 : index
    %trueResult_12, %falseResult_13 = cond_br %58#1, %25 : none
    %59 = merge %trueResult_4 : index
    %60 = buffer [2] fifo %59 : index
    %61 = merge %trueResult_6 : i32
    %62 = buffer [2] fifo %61 : i32
    %63 = merge %trueResult_8 : index
    %64 = buffer [2] fifo %63 : index
    %65:2 = fork [2] %64 : index
    %66 = merge %trueResult_10 : index
    %67 = buffer [2] fifo %66 : index
    %68 = merge %trueResult : index
    %69 = buffer [2] fifo %68 : index
    %70 = merge %trueResult_0 : i32
    %71 = buffer [2] fifo %70 : i32
    %72 = merge %trueResult_2 : index
    %73 = buffer [2] fifo %72 : index
    %result_14, %index_15 = control_merge %trueResult_12 : none, index
    %74 = buffer [2] fifo %index_15 : index
    %75 = buffer [2] fifo %result_14 : none
    sink %74 : index
    %76 = br %60 : index
    %77 = br %62 : i32
    %78 = br %65#1 : index
    %79 = br %65#0 : index
    %80 = br %67 : index
    %81 = br %69 : index
    %82 = br %71 : i32
    %83 = br %73 : index
    %84 = br %75 : none
    %85 = mux %105#7 [%144, %79] : index, index
    %86 = buffer [2] seq %85 : index
    %87:2 = fork [2] %86 : index
    %88 = mux %105#6 [%142, %82] : index, i32
    %89 = buffer [2] seq %88 : i32
    %90 = mux %105#5 [%143, %83] : index, index
    %91 = buffer [2] seq %90 : index
    %92 = mux %105#4 [%136, %76] : index, index
    %93 = buffer [2] seq %92 : index
    %94 = mux %105#3 [%137, %77] : index, i32
    %95 = buffer [2] seq %94 : i32
    %96 = mux %105#2 [%138, %78] : index, index
    %97 = buffer [2] seq %96 : index
    %98 = mux %105#1 [%139, %80] : index, index
    %99 = buffer [2] seq %98 : index
    %100 = mux %105#0 [%140, %81] : index, index
    %101 = buffer [2] seq %100 : index
    %102:2 = fork [2] %101 : index
    %result_16, %index_17 = control_merge %141, %84 : none, index
    %103 = buffer [2] seq %index_17 : index
    %104 = buffer [2] seq %result_16 : none
    %105:8 = fork [8] %103 : index
    %106 = arith.cmpi slt, %87#1, %102#1 : index
    %107:9 = fork [9] %106 : i1
    %trueResult_18, %falseResult_19 = cond_br %107#8, %87#0 : index
    sink %falseResult_19 : index
    %trueResult_20, %falseResult_21 = cond_br %107#7, %89 : i32
    %trueResult_22, %falseResult_23 = cond_br %107#6, %91 : index
    %trueResult_24, %falseResult_25 = cond_br %107#5, %93 : index
    %trueResult_26, %falseResult_27 = cond_br %107#4, %95 : i32
    %trueResult_28, %falseResult_29 = cond_br %107#3, %97 : index
    %trueResult_30, %falseResult_31 = cond_br %107#2, %99 : index
    %trueResult_32, %falseResult_33 = cond_br %107#1, %102#0 : index
    %trueResult_34, %falseResult_35 = cond_br %107#0, %104 : none
    %108 = merge %trueResult_24 : index
    %109 = buffer [2] fifo %108 : index
    %110 = merge %trueResult_26 : i32
    %111 = buffer [2] fifo %110 : i32
    %112:2 = fork [2] %111 : i32
    %113 = merge %trueResult_28 : index
    %114 = buffer [2] fifo %113 : index
    %115 = merge %trueResult_30 : index
    %116 = buffer [2] fifo %115 : index
    %117:3 = fork [3] %116 : index
    %118 = merge %trueResult_32 : index
    %119 = buffer [2] fifo %118 : index
    %120:2 = fork [2] %119 : index
    %121 = merge %trueResult_18 : index
    %122 = buffer [2] fifo %121 : index
    %123:2 = fork [2] %122 : index
    %124 = merge %trueResult_20 : i32
    %125 = buffer [2] fifo %124 : i32
    %126 = merge %trueResult_22 : index
    %127 = buffer [2] fifo %126 : index
    %result_36, %index_37 = control_merge %trueResult_34 : none, index
    %128 = buffer [2] fifo %index_37 : index
    %129 = buffer [2] fifo %result_36 : none
    sink %128 : index
    %130 = arith.xori %120#1, %123#1 : index
    %131 = arith.index_cast %130 : index to i32
    %132 = arith.muli %131, %112#1 : i32
    %133 = arith.addi %125, %132 : i32
    %134 = arith.addi %127, %117#2 : index
    %135 = arith.addi %123#0, %117#1 : index
    %136 = br %109 : index
    %137 = br %112#0 : i32
    %138 = br %114 : index
    %139 = br %117#0 : index
    %140 = br %120#0 : index
    %141 = br %129 : none
    %142 = br %133 : i32
    %143 = br %134 : index
    %144 = br %135 : index
    %145 = merge %falseResult_25 : index
    %146 = buffer [2] fifo %145 : index
    %147 = merge %falseResult_27 : i32
    %148 = buffer [2] fifo %147 : i32
    %149 = merge %falseResult_29 : index
    %150 = buffer [2] fifo %149 : index
    %151 = merge %falseResult_31 : index
    %152 = buffer [2] fifo %151 : index
    %153:2 = fork [2] %152 : index
    %154 = merge %falseResult_33 : index
    %155 = buffer [2] fifo %154 : index
    %156 = merge %falseResult_21 : i32
    %157 = buffer [2] fifo %156 : i32
    %158 = merge %falseResult_23 : index
    %159 = buffer [2] fifo %158 : index
    %result_38, %index_39 = control_merge %falseResult_35 : none, index
    %160 = buffer [2] fifo %index_39 : index
    %161 = buffer [2] fifo %result_38 : none
    sink %160 : index
    %162 = arith.addi %155, %153#1 : index
    %163 = br %146 : index
    %164 = br %148 : i32
    %165 = br %150 : index
    %166 = br %153#0 : index
    %167 = br %157 : i32
    %168 = br %159 : index
    %169 = br %161 : none
    %170 = br %162 : index
    %171 = merge %falseResult_1 : i32
    %172 = buffer [2] fifo %171 : i32
    %173 = merge %falseResult_3 : index
    %174 = buffer [2] fifo %173 : index
    %result_40, %index_41 = control_merge %falseResult_13 : none, index
    %175 = buffer [2] fifo %index_41 : index
    %176 = buffer [2] fifo %result_40 : none
    sink %175 : index
    return %172, %174, %176 : i32, index, none
  }
}

