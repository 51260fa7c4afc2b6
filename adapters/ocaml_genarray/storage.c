/* The address of a Bigarray's first element, for driver.ml: two Bigarrays share
   storage when the byte ranges of their elements overlap. Uses only the documented C
   interface of Bigarray (caml/bigarray.h). */
#include <caml/mlvalues.h>
#include <caml/alloc.h>
#include <caml/bigarray.h>

value ncg_data_address(value ba)
{
  return caml_copy_nativeint((intnat) Caml_ba_data_val(ba));
}
