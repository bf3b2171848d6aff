"""`arith` operations of upstream MLIR that xDSL 0.74 does not define, so the lowering can read them.

`arith.index_castui` is `arith.index_cast` with zero extension: the golden model and the RTL
`arith_cast` implement it (KIND 4), only the parser lacked it.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.irdl import IRDLOperation, base, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class IndexCastUIOp(IRDLOperation):
    """`%r = arith.index_castui %x : i32 to index`: index <-> integer, zero-extending when widening."""

    name = "arith.index_castui"

    input = operand_def(base(IntegerType) | base(IndexType))
    result = result_def(base(IntegerType) | base(IndexType))

    traits = traits_def(Pure())

    assembly_format = "$input attr-dict `:` type($input) `to` type($result)"

    def verify_(self) -> None:
        if isinstance(self.input.type, IndexType) == isinstance(self.result.type, IndexType):
            raise VerifyException(f"arith.index_castui casts between index and an integer type, not "
                                  f"{self.input.type} to {self.result.type}")


EXTRA_ARITH_OPS = (IndexCastUIOp,)
