"""dtype_to_string: a dtype's name (nx.txt, "Printing and Display").

`dtype_to_string dt` "converts dtype to string".
"""

from reference.dtypes import DType
from reference.registry import op


# Note: R209 — the documentation gives no names; the reference writes the documented constructor
# in lower case (`Float32` -> "float32", `UInt8` -> "uint8", `NativeInt` -> "nativeint",
# `Float8_e4m3` -> "float8_e4m3"), the names the case format itself uses for dtypes.
@op("nx", "dtype_to_string")
def dtype_to_string(dt: DType) -> str:
    return dt.name
